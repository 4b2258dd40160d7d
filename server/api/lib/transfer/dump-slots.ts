import { apiError } from "../core/api-error.ts";

/**
 * SQL downloads running at once: one per database, and at most `max` on the server. Each holds a
 * pg_dump process, or for a managed PGlite database a copy of its files and a thread with a PGlite of
 * its own (about 35 MiB), so a user who starts the same download again and again would otherwise fill
 * the disk and the memory of everyone's server.
 */
export class DumpSlots {
  private readonly running = new Set<string>();

  constructor(private readonly max: number) {}

  /** A slot for `databaseId`, or 409 DUMP_RUNNING; `free` is safe to call more than once. */
  take(databaseId: string): { free(): void } {
    if (this.running.has(databaseId)) {
      throw apiError("DUMP_RUNNING", "A download of this database is running already.", { scope: "database" });
    }
    if (this.running.size >= this.max) {
      throw apiError("DUMP_RUNNING", `${this.max} downloads are running on this server already.`, {
        scope: "server",
      });
    }
    this.running.add(databaseId);
    let freed = false;
    return {
      free: () => {
        if (freed) return;
        freed = true;
        this.running.delete(databaseId);
      },
    };
  }
}
