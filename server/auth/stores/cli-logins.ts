import { and, eq, gt, isNull } from "drizzle-orm";
import { authCliLoginsTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import type { Vault } from "../../lib/vault.ts";
import { randomToken, sha256 } from "../crypto/secrets.ts";

export type CliPollState =
  | { status: "waiting" | "expired" | "used" }
  | { status: "success"; userId: string; refreshToken: string | null };

/** An open login as the confirming page sees it. */
export interface OpenCliLogin {
  id: string;
  /** The anonymous session the CLI started from, if any (opened from its seal). */
  anonRefreshToken: string | null;
}

const SCOPE = "auth:cli-logins";
const aadOf = (loginId: string, kind: "anon" | "browser") => `${loginId}|${kind}`;

/**
 * Command-line logins (POST /auth/cli and friends). Codes are stored hashed; the two refresh tokens
 * a login carries (the CLI's anonymous session, the one the browser hands over) sealed, and the
 * handed-over one is cleared by the poll that delivers it.
 */
export class CliLoginStore {
  constructor(
    private store: Store,
    private vault: Vault,
  ) {}

  async create(projectId: string, expiresInMillis: number, anonRefreshToken?: string) {
    const pollingCode = randomToken(45);
    const loginCode = randomToken(45);
    const expiresAt = new Date(Date.now() + expiresInMillis);
    const [row] = await this.store.db
      .insert(authCliLoginsTable)
      .values({ projectId, pollingCodeHash: sha256(pollingCode), loginCodeHash: sha256(loginCode), expiresAt })
      .returning({ id: authCliLoginsTable.id });
    if (!row) throw new Error("cli login insert returned nothing");
    if (anonRefreshToken) {
      const sealed = await this.vault.seal(SCOPE, anonRefreshToken, aadOf(row.id, "anon"));
      await this.store.db
        .update(authCliLoginsTable)
        .set({ anonRefreshTokenSealed: sealed })
        .where(eq(authCliLoginsTable.id, row.id));
    }
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
      .set({ usedAt: new Date(), refreshTokenSealed: null, anonRefreshTokenSealed: null })
      .where(and(eq(authCliLoginsTable.id, row.id), isNull(authCliLoginsTable.usedAt)))
      .returning({ id: authCliLoginsTable.id });
    if (!claimed) return { status: "used" };
    const refreshToken = row.refreshTokenSealed
      ? await this.vault.open(SCOPE, row.refreshTokenSealed, aadOf(row.id, "browser"))
      : null;
    return { status: "success", userId: row.userId, refreshToken };
  }

  /** The open login (known, not expired, not yet confirmed) of a login code, or null. */
  async findOpen(projectId: string, loginCode: string): Promise<OpenCliLogin | null> {
    const [row] = await this.store.db
      .select({ id: authCliLoginsTable.id, anon: authCliLoginsTable.anonRefreshTokenSealed })
      .from(authCliLoginsTable)
      .where(this.openLogin(projectId, loginCode));
    if (!row) return null;
    const anonRefreshToken = row.anon ? await this.vault.open(SCOPE, row.anon, aadOf(row.id, "anon")) : null;
    return { id: row.id, anonRefreshToken };
  }

  /**
   * Sets the confirming user and the refresh token the CLI is to receive on an open login; false
   * when the code is unknown, expired or confirmed.
   */
  async confirm(projectId: string, loginCode: string, userId: string, refreshToken: string): Promise<boolean> {
    const open = await this.findOpen(projectId, loginCode);
    if (!open) return false;
    const sealed = await this.vault.seal(SCOPE, refreshToken, aadOf(open.id, "browser"));
    const rows = await this.store.db
      .update(authCliLoginsTable)
      .set({ userId, refreshTokenSealed: sealed })
      .where(and(eq(authCliLoginsTable.id, open.id), isNull(authCliLoginsTable.userId)))
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
