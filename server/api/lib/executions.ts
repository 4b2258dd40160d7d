import type { Bus } from "../../db/bus.ts";
import type { Logger } from "../../lib/logger.ts";

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

const CANCEL_CHANNEL = "api_sql_cancel";
const ACK_CHANNEL = "api_sql_cancel_ack";
/** How long a cancel waits for another instance to report that it stopped the run. */
const REMOTE_CANCEL_WAIT_MS = 2_000;

/**
 * Running executions. A cancel that reaches an instance not running the execution is passed to
 * every instance through the bus; the one running it stops it and acknowledges.
 */
export class Executions {
  private readonly running = new Map<string, Running>();
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
        const request = JSON.parse(payload) as CancelRequest;
        void this.cancelLocal(request).then(async (stopped) => {
          if (stopped) await this.bus.publish(ACK_CHANNEL, request.executionId);
        });
      }),
      await this.bus.subscribe(ACK_CHANNEL, (executionId) => this.acks.get(executionId)?.()),
    );
  }

  add(executionId: string, running: Running): () => void {
    this.running.set(executionId, running);
    return () => {
      if (this.running.get(executionId) === running) this.running.delete(executionId);
    };
  }

  private async cancelLocal({ executionId, ownerId, databaseId }: CancelRequest): Promise<boolean> {
    const running = this.running.get(executionId);
    if (!running || running.ownerId !== ownerId || running.databaseId !== databaseId) return false;
    await running.stop("cancel");
    return true;
  }

  /** Stops the execution if it is the caller's, on that database, on any instance; false when there is none. */
  async cancel(request: CancelRequest): Promise<boolean> {
    if (await this.cancelLocal(request)) return true;
    if (!this.shared) return false;
    let settle: (stopped: boolean) => void = () => undefined;
    const acknowledged = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    this.acks.set(request.executionId, () => settle(true));
    const timer = setTimeout(() => settle(false), REMOTE_CANCEL_WAIT_MS);
    try {
      await this.bus.publish(CANCEL_CHANNEL, JSON.stringify(request));
      return await acknowledged;
    } catch (err) {
      this.logger.warn({ err }, "could not pass a cancel to other instances");
      return false;
    } finally {
      clearTimeout(timer);
      this.acks.delete(request.executionId);
    }
  }

  close(): void {
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
  }
}
