import { and, eq, gt, isNull } from "drizzle-orm";
import { authCliLoginsTable } from "../db/schema/index.ts";
import type { Store } from "../db/store.ts";
import { randomToken, sha256 } from "./secrets.ts";

export type CliPollState = { status: "waiting" | "expired" | "used" } | { status: "success"; userId: string };

/** Command-line logins (POST /auth/cli and friends), codes stored hashed. */
export class CliLoginStore {
  constructor(private store: Store) {}

  async create(projectId: string, expiresInMillis: number) {
    const pollingCode = randomToken(45);
    const loginCode = randomToken(45);
    const expiresAt = new Date(Date.now() + expiresInMillis);
    await this.store.db.insert(authCliLoginsTable).values({
      projectId,
      pollingCodeHash: sha256(pollingCode),
      loginCodeHash: sha256(loginCode),
      expiresAt,
    });
    return { pollingCode, loginCode, expiresAt };
  }

  /** null for an unknown polling code; a success marks the login used, so only one poll gets it. */
  async poll(projectId: string, pollingCode: string): Promise<CliPollState | null> {
    const [row] = await this.store.db
      .select()
      .from(authCliLoginsTable)
      .where(
        and(
          eq(authCliLoginsTable.pollingCodeHash, sha256(pollingCode.toLowerCase())),
          eq(authCliLoginsTable.projectId, projectId),
        ),
      );
    if (!row) return null;
    if (row.usedAt) return { status: "used" };
    if (row.expiresAt.getTime() <= Date.now()) return { status: "expired" };
    if (!row.userId) return { status: "waiting" };
    const [claimed] = await this.store.db
      .update(authCliLoginsTable)
      .set({ usedAt: new Date() })
      .where(and(eq(authCliLoginsTable.id, row.id), isNull(authCliLoginsTable.usedAt)))
      .returning({ id: authCliLoginsTable.id });
    return claimed ? { status: "success", userId: row.userId } : { status: "used" };
  }

  /** Whether the login code is open (known, not expired, not yet confirmed). */
  async isOpen(projectId: string, loginCode: string): Promise<boolean> {
    const [row] = await this.store.db
      .select({ id: authCliLoginsTable.id })
      .from(authCliLoginsTable)
      .where(this.openLogin(projectId, loginCode));
    return row !== undefined;
  }

  /** Sets the confirming user on an open login; false when the code is unknown, expired or confirmed. */
  async confirm(projectId: string, loginCode: string, userId: string): Promise<boolean> {
    const rows = await this.store.db
      .update(authCliLoginsTable)
      .set({ userId })
      .where(this.openLogin(projectId, loginCode))
      .returning({ id: authCliLoginsTable.id });
    return rows.length > 0;
  }

  private openLogin(projectId: string, loginCode: string) {
    return and(
      eq(authCliLoginsTable.loginCodeHash, sha256(loginCode.toLowerCase())),
      eq(authCliLoginsTable.projectId, projectId),
      gt(authCliLoginsTable.expiresAt, new Date()),
      isNull(authCliLoginsTable.userId),
    );
  }
}
