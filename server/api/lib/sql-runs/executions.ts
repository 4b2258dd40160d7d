import { randomUUID } from "node:crypto";
import type { Bus } from "../../../db/bus.ts";
import type { Logger } from "../../../lib/logger.ts";

/** A statement batch running on this instance, so a second request can stop it. */
interface Running {
  ownerId: string;
  databaseId: string;
  stop(reason: "cancel"): Promise<void>;
}

interface CancelRequest {
  executionId: string;
  ownerId: string;
  databaseId: string;
}

/** What travels on the bus: the request, and an id of its own the acknowledgement answers. */
interface CancelMessage extends CancelRequest {
  requestId: string;
}

const CANCEL_CHANNEL = "api_sql_cancel";
const ACK_CHANNEL = "api_sql_cancel_ack";
/** How long a cancel waits for another instance to report that it stopped the run. */
const REMOTE_CANCEL_WAIT_MS = 2_000;

/**
 * Execution ids are chosen by clients, so they are only unique per user: runs are found by owner and
 * id together, and one user starting a run with another's id reaches nothing of theirs.
 */
const runKey = (ownerId: string, executionId: string) => JSON.stringify([ownerId, executionId]);

/**
 * Running executions. A cancel that reaches an instance not running the execution is passed to
 * every instance through the bus; the one running it stops it and acknowledges.
 */
export class Executions {
  /** Runs by owner and execution id; a user may reuse an id, and a cancel stops every such run. */
  private readonly running = new Map<string, Set<Running>>();
  private readonly acks = new Map<string, () => void>();
  private readonly unsubscribes: Array<() => void> = [];

  /** `shared`: other instances may exist (PostgreSQL store); with PGlite there is only this one. */
  constructor(
    private readonly bus: Bus,
    private readonly logger: Logger,
    private readonly shared: boolean,
  ) {}

  async start(): Promise<void> {
    if (!this.shared) return;
    this.unsubscribes.push(
      await this.bus.subscribe(CANCEL_CHANNEL, (payload) => {
        const request = JSON.parse(payload) as CancelMessage;
        void this.cancelLocal(request).then(async (stopped) => {
          if (stopped) await this.bus.publish(ACK_CHANNEL, request.requestId);
        });
      }),
      await this.bus.subscribe(ACK_CHANNEL, (requestId) => this.acks.get(requestId)?.()),
    );
  }

  add(executionId: string, running: Running): () => void {
    const key = runKey(running.ownerId, executionId);
    const runs = this.running.get(key) ?? new Set<Running>();
    runs.add(running);
    this.running.set(key, runs);
    return () => {
      runs.delete(running);
      if (runs.size === 0 && this.running.get(key) === runs) this.running.delete(key);
    };
  }

  private async cancelLocal({ executionId, ownerId, databaseId }: CancelRequest): Promise<boolean> {
    const runs = [...(this.running.get(runKey(ownerId, executionId)) ?? [])].filter(
      (run) => run.databaseId === databaseId,
    );
    await Promise.all(runs.map((run) => run.stop("cancel")));
    return runs.length > 0;
  }

  /** Stops the execution if it is the caller's, on that database, on any instance; false when there is none. */
  async cancel(request: CancelRequest): Promise<boolean> {
    if (await this.cancelLocal(request)) return true;
    if (!this.shared) return false;
    let settle: (stopped: boolean) => void = () => undefined;
    const acknowledged = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    const message: CancelMessage = { ...request, requestId: randomUUID() };
    this.acks.set(message.requestId, () => settle(true));
    const timer = setTimeout(() => settle(false), REMOTE_CANCEL_WAIT_MS);
    try {
      await this.bus.publish(CANCEL_CHANNEL, JSON.stringify(message));
      return await acknowledged;
    } catch (err) {
      this.logger.warn({ err }, "could not pass a cancel to other instances");
      return false;
    } finally {
      clearTimeout(timer);
      this.acks.delete(message.requestId);
    }
  }

  close(): void {
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
  }
}
