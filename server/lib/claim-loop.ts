import { and, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { appWebhookDeliveriesTable, authMailOutboxTable, authWebhookDeliveriesTable } from "../db/schema/index.ts";
import type { Db } from "../db/store.ts";
import type { Logger } from "./logger.ts";

/** The columns a queue table (mail outbox, webhook deliveries) shares for its worker. */
interface QueueColumns {
  status: PgColumn;
  nextAttemptAt: PgColumn;
}

/** Rows waiting for their next attempt, now. */
function dueNow(table: QueueColumns): SQL | undefined {
  return and(eq(table.status, "pending"), lte(table.nextAttemptAt, new Date()));
}

/**
 * What a claim writes: the next attempt moved two minutes out, so other instances (and this one's
 * next poll) skip the row while it is worked on, and the attempt counted before it is made.
 */
function claimed(attempts: PgColumn) {
  return { nextAttemptAt: sql`now() + interval '2 minutes'`, attempts: sql`${attempts} + 1` };
}

export interface ClaimSteps<Row> {
  /** Ids of due rows (see dueNow), at most `limit`. */
  due(limit: number): Promise<string[]>;
  /** Claims those of `ids` still due (see claimed) and answers them; a row another instance took is left out. */
  claim(ids: string[]): Promise<Row[]>;
  /** Works the claimed rows and records each outcome (done, or its next attempt, or given up). */
  work(rows: Row[]): Promise<void>;
}

/**
 * The one worker loop of the server's queues: poll for due rows, claim them, work them; rows
 * just queued are worked at once (`now`). Runs are tracked so `close` waits for them, and a failed
 * run is logged, never thrown into the timer.
 */
export class ClaimLoop<Row> {
  private timer: NodeJS.Timeout | null = null;
  private inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private logger: Logger,
    /** Names the queue in the log line of a failed run ("mail delivery"). */
    private what: string,
    private options: { pollMs: number; batch: number },
    private steps: ClaimSteps<Row>,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.track(this.runDue()), this.options.pollMs);
    this.timer.unref();
  }

  /** Works these just-queued rows in the background, without waiting for the next poll. */
  now(ids: string[]): void {
    this.track(this.run(ids));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((err: unknown) => this.logger.error({ err }, `${this.what} run failed`));
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  private async runDue(): Promise<void> {
    if (this.closed) return;
    const ids = await this.steps.due(this.options.batch);
    if (ids.length) await this.run(ids);
  }

  private async run(ids: string[]): Promise<void> {
    if (this.closed) return;
    const rows = await this.steps.claim(ids);
    if (rows.length) await this.steps.work(rows);
  }
}

/** The queue tables (the auth service's mail and webhooks, the app API's webhooks), each worked by a ClaimLoop. */
type QueueTable = typeof authMailOutboxTable | typeof authWebhookDeliveriesTable | typeof appWebhookDeliveriesTable;

/** The due and claim steps (see dueNow and claimed) of a queue table, with the caller's work. */
export function queueSteps<T extends QueueTable>(
  db: Db,
  table: T,
  work: (rows: T["$inferSelect"][]) => Promise<void>,
): ClaimSteps<T["$inferSelect"]> {
  // Typed as one of the tables for drizzle's builders, which do not resolve over a type
  // parameter; the rows are that table's, as `T` says.
  const queue: QueueTable = table;
  return {
    due: async (limit) =>
      (await db.select({ id: queue.id }).from(queue).where(dueNow(queue)).limit(limit)).map((d) => d.id),
    claim: async (ids) =>
      (await db
        .update(queue)
        .set(claimed(queue.attempts))
        .where(and(inArray(queue.id, ids), dueNow(queue)))
        .returning()) as T["$inferSelect"][],
    work,
  };
}
