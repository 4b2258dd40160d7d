import { and, asc, eq } from "drizzle-orm";
import { authContactChannelsTable } from "../db/schema/index.ts";
import type { Store } from "../db/store.ts";

export type ContactChannelRow = typeof authContactChannelsTable.$inferSelect;

export function renderContactChannel(channel: ContactChannelRow) {
  return {
    id: channel.id,
    user_id: channel.userId,
    type: channel.type,
    value: channel.value,
    is_primary: channel.isPrimary,
    is_verified: channel.isVerified,
    used_for_auth: channel.usedForAuth,
  };
}

/** A user's e-mail addresses; every query is scoped to the project and the user. */
export class ContactChannelStore {
  constructor(private store: Store) {}

  list(projectId: string, userId: string): Promise<ContactChannelRow[]> {
    return this.store.db
      .select()
      .from(authContactChannelsTable)
      .where(and(eq(authContactChannelsTable.projectId, projectId), eq(authContactChannelsTable.userId, userId)))
      .orderBy(asc(authContactChannelsTable.createdAt));
  }

  async get(projectId: string, userId: string, id: string): Promise<ContactChannelRow | null> {
    const [row] = await this.store.db
      .select()
      .from(authContactChannelsTable)
      .where(
        and(
          eq(authContactChannelsTable.id, id),
          eq(authContactChannelsTable.projectId, projectId),
          eq(authContactChannelsTable.userId, userId),
        ),
      );
    return row ?? null;
  }

  /** Marks the channel verified if it still holds the address the code was sent to. */
  async markVerified(projectId: string, id: string, value: string): Promise<boolean> {
    const rows = await this.store.db
      .update(authContactChannelsTable)
      .set({ isVerified: true })
      .where(
        and(
          eq(authContactChannelsTable.id, id),
          eq(authContactChannelsTable.projectId, projectId),
          eq(authContactChannelsTable.value, value),
        ),
      )
      .returning({ id: authContactChannelsTable.id });
    return rows.length > 0;
  }
}
