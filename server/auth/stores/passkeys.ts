import { and, eq } from "drizzle-orm";
import { authPasskeysTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import { KnownErrors } from "../errors/known-errors.ts";
import { isTrustedUrl } from "../policy/trusted-domains.ts";
import type { Project } from "./projects.ts";

/** The SDK replaces this relying-party id with the page's hostname before calling WebAuthn. */
export const RP_ID_SENTINEL = "THIS_VALUE_WILL_BE_REPLACED.example.com";

export type PasskeyRow = typeof authPasskeysTable.$inferSelect;

/**
 * The origin a WebAuthn response was made on (from its clientDataJSON), accepted only when it is a
 * trusted origin of the project; its hostname is then the relying-party id the browser used.
 */
export function ceremonyOrigin(
  project: Project,
  clientDataJSON: unknown,
  ownOrigin: string,
  fail: (message: string) => Error,
): { origin: string; rpId: string } {
  let origin: string;
  try {
    const data = JSON.parse(Buffer.from(String(clientDataJSON), "base64url").toString("utf8")) as { origin?: unknown };
    origin = typeof data.origin === "string" ? data.origin : "";
  } catch {
    throw fail("The WebAuthn response is malformed.");
  }
  if (!origin || !isTrustedUrl(project, origin, ownOrigin)) {
    throw fail(`The passkey's origin is not allowed: ${origin || "an unknown origin"}, which is not a trusted domain.`);
  }
  return { origin, rpId: new URL(origin).hostname };
}

export function requirePasskeysEnabled(project: Project): void {
  if (!project.config.passkey_enabled) throw KnownErrors.passkeyAuthenticationNotEnabled();
}

export class PasskeyStore {
  constructor(private store: Store) {}

  listOfUser(projectId: string, userId: string): Promise<PasskeyRow[]> {
    return this.store.db
      .select()
      .from(authPasskeysTable)
      .where(and(eq(authPasskeysTable.projectId, projectId), eq(authPasskeysTable.userId, userId)));
  }

  async find(projectId: string, credentialId: string): Promise<PasskeyRow | null> {
    const [row] = await this.store.db
      .select()
      .from(authPasskeysTable)
      .where(and(eq(authPasskeysTable.projectId, projectId), eq(authPasskeysTable.credentialId, credentialId)));
    return row ?? null;
  }

  async add(row: typeof authPasskeysTable.$inferInsert): Promise<void> {
    await this.store.db.insert(authPasskeysTable).values(row);
  }

  /**
   * Stores the new signature counter if the stored one is still the one the signature was checked
   * against; false when another sign-in with this passkey got there first (a cloned authenticator).
   */
  async used(id: string, checkedCounter: number, newCounter: number): Promise<boolean> {
    const rows = await this.store.db
      .update(authPasskeysTable)
      .set({ counter: newCounter, lastUsedAt: new Date() })
      .where(and(eq(authPasskeysTable.id, id), eq(authPasskeysTable.counter, checkedCounter)))
      .returning({ id: authPasskeysTable.id });
    return rows.length > 0;
  }
}
