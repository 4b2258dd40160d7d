import { and, asc, eq, ne } from "drizzle-orm";
import { authContactChannelsTable } from "../../db/schema/index.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { contactChannelAlreadyUsedForAuth } from "../errors/known-errors.ts";
import { StatusError } from "../errors/status-error.ts";
import { normalizeEmail } from "./users.ts";

export interface ChannelChanges {
  value?: string;
  usedForAuth?: boolean;
  isPrimary?: boolean;
  isVerified?: boolean;
}

import type { Store } from "../../db/store.ts";

export type ContactChannelRow = typeof authContactChannelsTable.$inferSelect;

const alreadyThere = () => new StatusError("CONTACT_CHANNEL_ALREADY_EXISTS", "Contact channel already exists");

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

  async create(
    projectId: string,
    userId: string,
    changes: ChannelChanges & { value: string },
  ): Promise<ContactChannelRow> {
    const value = normalizeEmail(changes.value);
    return this.write({ projectId, userId, value }, async (tx) => {
      // The same address twice on one account is refused before whether another account signs
      // in with it is asked (Stack's order: its 400 comes first, then the 409).
      if (await this.hasValue(tx, projectId, userId, value)) throw alreadyThere();
      if (changes.isPrimary) await this.clearPrimary(tx, userId);
      const [row] = await tx
        .insert(authContactChannelsTable)
        .values({
          projectId,
          userId,
          type: "email",
          value,
          usedForAuth: changes.usedForAuth ?? false,
          isPrimary: changes.isPrimary ?? false,
          isVerified: changes.isVerified ?? false,
        })
        .returning();
      if (!row) throw new Error("contact channel insert returned nothing");
      return row;
    });
  }

  /** A changed address is unverified again; making a channel primary demotes the previous one. */
  async update(current: ContactChannelRow, changes: ChannelChanges): Promise<ContactChannelRow> {
    const value = changes.value === undefined ? current.value : normalizeEmail(changes.value);
    return this.write({ projectId: current.projectId, userId: current.userId, value }, async (tx) => {
      if (changes.isPrimary) await this.clearPrimary(tx, current.userId, current.id);
      const [row] = await tx
        .update(authContactChannelsTable)
        .set({
          value,
          usedForAuth: changes.usedForAuth ?? current.usedForAuth,
          isPrimary: changes.isPrimary ?? current.isPrimary,
          isVerified: changes.isVerified ?? (value === current.value ? current.isVerified : false),
        })
        .where(eq(authContactChannelsTable.id, current.id))
        .returning();
      if (!row) throw new Error("contact channel update returned nothing");
      return row;
    });
  }

  async delete(channel: ContactChannelRow): Promise<void> {
    await this.store.db.delete(authContactChannelsTable).where(eq(authContactChannelsTable.id, channel.id));
  }

  private async clearPrimary(tx: Tx, userId: string, exceptId?: string): Promise<void> {
    const conditions = [eq(authContactChannelsTable.userId, userId), eq(authContactChannelsTable.isPrimary, true)];
    if (exceptId) conditions.push(ne(authContactChannelsTable.id, exceptId));
    await tx
      .update(authContactChannelsTable)
      .set({ isPrimary: false })
      .where(and(...conditions));
  }

  private async hasValue(db: Tx | Store["db"], projectId: string, userId: string, value: string): Promise<boolean> {
    const [row] = await db
      .select({ id: authContactChannelsTable.id })
      .from(authContactChannelsTable)
      .where(
        and(
          eq(authContactChannelsTable.projectId, projectId),
          eq(authContactChannelsTable.userId, userId),
          eq(authContactChannelsTable.type, "email"),
          eq(authContactChannelsTable.value, value),
        ),
      );
    return row !== undefined;
  }

  private async write<T>(
    where: { projectId: string; userId: string; value: string },
    work: (tx: Tx) => Promise<T>,
  ): Promise<T> {
    const { projectId, userId, value } = where;
    try {
      return await this.store.db.transaction(work);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The same address added to this account twice at once (the check before the insert saw
      // neither), or another account signs in with it. Which index PostgreSQL names when both
      // conflict is not defined, so the account itself is asked.
      if (await this.hasValue(this.store.db, projectId, userId, value)) throw alreadyThere();
      throw contactChannelAlreadyUsedForAuth(value);
    }
  }
}

type Tx = Parameters<Parameters<Store["db"]["transaction"]>[0]>[0];
