import type { Logger } from "../lib/logger.ts";
import { addSpare, newCluster, readySpares, takeSpare, tidySpares } from "./template.ts";

/**
 * How many copies of the template wait for new databases. Creating a cluster's files is bound by
 * the disk, and copies made at the same time share it: with one spare, four sign-ups at once
 * waited for three copies side by side (1-3 s on a two-core machine's disk). Two cover a team
 * signing up together for about 60 MB of disk.
 */
export const SPARE_CLUSTERS = 2;

/**
 * After a creation, spares are copied again this much later: not while the new database opens
 * (its first queries would wait on the disk) nor while other creations copy at once.
 */
const REFILL_DELAY_MS = 2_000;

/** The spare clusters of one data folder, and the background copying that keeps them ready. */
export class SparePool {
  private creating = 0;
  /** The spare being copied now, if any, and whether a creation already counts on it. */
  private copying: Promise<void> | null = null;
  private copyingClaimed = false;
  private refilling: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly dataDir: string,
    private readonly logger: Logger,
  ) {}

  /**
   * A new cluster at `target`: a ready spare (a rename), else the spare being copied now when no
   * other creation waits for it (it is ahead of a copy of our own), else a copy of the template.
   */
  async create(target: string): Promise<void> {
    this.creating++;
    try {
      if (takeSpare(this.dataDir, target)) return;
      if (this.copying && !this.copyingClaimed) {
        this.copyingClaimed = true;
        // A spare copy that failed is no loss: the target is copied from the template below.
        await this.copying.catch(() => undefined);
        if (takeSpare(this.dataDir, target)) return;
      }
      await newCluster(this.dataDir, target);
    } finally {
      this.creating--;
      this.refillSoon();
    }
  }

  /**
   * Fills the pool a little later. A long-running server's first new database should not pay the
   * copy either, so the server's start calls this too.
   */
  refillSoon(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.creating === 0) this.refilling ??= this.refill().finally(() => (this.refilling = null));
    }, REFILL_DELAY_MS);
    this.timer.unref();
  }

  /** One copy at a time (they share the disk), until the pool is full or a creation begins. */
  private async refill(): Promise<void> {
    try {
      tidySpares(this.dataDir);
      while (!this.closed && this.creating === 0 && readySpares(this.dataDir).length < SPARE_CLUSTERS) {
        this.copyingClaimed = false;
        this.copying = addSpare(this.dataDir);
        await this.copying;
      }
    } catch (err) {
      this.logger.warn({ err }, "preparing a spare PGlite cluster failed");
    } finally {
      this.copying = null;
    }
  }

  /** Stops refilling; resolves when a copy under way is complete (or removed). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.refilling;
  }
}
