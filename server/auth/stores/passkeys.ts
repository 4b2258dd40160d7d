import { and, eq } from "drizzle-orm";
import { authPasskeysTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";

export type PasskeyRow = typeof authPasskeysTable.$inferSelect;

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
