import { randomUUID } from "node:crypto";
import { and, asc, count, eq, notInArray } from "drizzle-orm";
import { authEmailThemesTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import { BUILT_IN_THEME_RECORDS, type ThemeRecord } from "./email-theme-sources.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BUILT_IN_IDS = BUILT_IN_THEME_RECORDS.map((t) => t.id);

/** How many themes of its own a project keeps (each holds up to 100 kB of source). */
export const MAX_OWN_THEMES = 50;

/**
 * A project's e-mail themes: the three built-ins (their source as edited, else the default) and
 * the ones its admins created, oldest first, as Stack lists them.
 */
export class EmailThemeStore {
  constructor(private store: Store) {}

  async list(projectId: string): Promise<ThemeRecord[]> {
    const rows = await this.store.db
      .select()
      .from(authEmailThemesTable)
      .where(eq(authEmailThemesTable.projectId, projectId))
      .orderBy(asc(authEmailThemesTable.createdAt), asc(authEmailThemesTable.id));
    const record = (r: (typeof rows)[number]): ThemeRecord => ({
      id: r.id,
      displayName: r.displayName,
      tsxSource: r.tsxSource,
    });
    const builtIns = BUILT_IN_THEME_RECORDS.map((b) => {
      const edited = rows.find((r) => r.id === b.id);
      return edited ? { ...b, tsxSource: edited.tsxSource } : b;
    });
    return [...builtIns, ...rows.filter((r) => !BUILT_IN_IDS.includes(r.id)).map(record)];
  }

  /** Null for an id that is not a UUID too (the column's type would refuse it in the query). */
  async get(projectId: string, id: string): Promise<ThemeRecord | null> {
    if (!UUID.test(id)) return null;
    const builtIn = BUILT_IN_THEME_RECORDS.find((b) => b.id === id);
    const [row] = await this.store.db
      .select()
      .from(authEmailThemesTable)
      .where(and(eq(authEmailThemesTable.projectId, projectId), eq(authEmailThemesTable.id, id)));
    if (builtIn) return row ? { ...builtIn, tsxSource: row.tsxSource } : builtIn;
    return row ? { id: row.id, displayName: row.displayName, tsxSource: row.tsxSource } : null;
  }

  async exists(projectId: string, id: string): Promise<boolean> {
    return (await this.get(projectId, id)) !== null;
  }

  /** A new theme starting from the default light theme's source (as Stack's does); null at the limit. */
  async create(projectId: string, displayName: string): Promise<string | null> {
    const [own] = await this.store.db
      .select({ n: count() })
      .from(authEmailThemesTable)
      .where(and(eq(authEmailThemesTable.projectId, projectId), notInArray(authEmailThemesTable.id, BUILT_IN_IDS)));
    if ((own?.n ?? 0) >= MAX_OWN_THEMES) return null;
    const id = randomUUID();
    const source = (BUILT_IN_THEME_RECORDS[0] as ThemeRecord).tsxSource;
    await this.store.db.insert(authEmailThemesTable).values({ projectId, id, displayName, tsxSource: source });
    return id;
  }

  /** Replaces a theme's source; for a built-in the first edit creates its row. */
  async setSource(projectId: string, theme: ThemeRecord, tsxSource: string): Promise<void> {
    await this.store.db
      .insert(authEmailThemesTable)
      .values({ projectId, id: theme.id, displayName: theme.displayName, tsxSource })
      .onConflictDoUpdate({
        target: [authEmailThemesTable.projectId, authEmailThemesTable.id],
        set: { tsxSource, updatedAt: new Date() },
      });
  }

  async remove(projectId: string, id: string): Promise<void> {
    await this.store.db
      .delete(authEmailThemesTable)
      .where(and(eq(authEmailThemesTable.projectId, projectId), eq(authEmailThemesTable.id, id)));
  }
}
