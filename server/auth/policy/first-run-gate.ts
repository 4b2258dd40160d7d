import { eq } from "drizzle-orm";
import { authUsersTable } from "../../db/schema/index.ts";
import type { Db } from "../../db/store.ts";
import { firstRunState } from "../../lib/first-run.ts";
import { KnownErrors } from "../errors/known-errors.ts";

/**
 * Keeps the console's own project closed to new accounts until the first operator exists: on a
 * fresh instance the setup link is the only way in. Other projects (the internal one, and those
 * operators run) keep their own sign-up settings; server-side creation with a key is not gated.
 */
export class FirstRunGate {
  #done = false;
  constructor(
    private readonly db: Db,
    readonly consoleProjectId: string,
  ) {}

  /** Is the instance waiting for its first operator? */
  async pending(): Promise<boolean> {
    if (this.#done) return false;
    const state = await firstRunState(this.db);
    if (state === "done") {
      // A first operator never goes away: later sign-ups stop asking the store.
      this.#done = true;
      return false;
    }
    if (state === "pending") return true;
    // No link issued yet: a fresh store between opening its port and printing the link, or a
    // store that had accounts before setup links existed (that one is not waiting for anyone).
    const [anyone] = await this.db
      .select({ id: authUsersTable.id })
      .from(authUsersTable)
      .where(eq(authUsersTable.projectId, this.consoleProjectId))
      .limit(1);
    return !anyone;
  }

  /** Throws SIGN_UP_NOT_ENABLED for a new account in the console's project while setup is pending. */
  async assertSignUpOpen(projectId: string): Promise<void> {
    if (projectId !== this.consoleProjectId) return;
    if (await this.pending()) throw KnownErrors.setupPending();
  }
}
