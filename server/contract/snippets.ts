import { z } from "zod";
import { resourceOwnerSchema } from "./teams.ts";

/**
 * Saved queries (/snippets): kept by the server per user, so every device and browser sees them,
 * or per team (shared by its members: viewers read and run them, developers and above change them).
 */
export const SNIPPET_NAME_MAX = 200;
export const SNIPPET_SQL_MAX = 512 * 1024;
export const SNIPPETS_MAX_PER_USER = 2_000;

const name = z.string().trim().min(1).max(SNIPPET_NAME_MAX);
const folder = z.string().trim().max(200).nullable();

export const snippetSchema = z.object({
  id: z.string(),
  /** The user's own, or their team's. */
  owner: resourceOwnerSchema,
  /** Whether the caller may change or delete it (their own; a team's from developer up). */
  editable: z.boolean(),
  name: z.string(),
  description: z.string().nullable(),
  /** A folder's name; null for none. */
  folder: z.string().nullable(),
  sql: z.string(),
  /** The database it was saved from (where a link opens it), if any. */
  databaseId: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SnippetRecord = z.infer<typeof snippetSchema>;

export const snippetListQuerySchema = z.strictObject({
  /** Matches name, description, folder and SQL, case-insensitively. */
  q: z.string().max(200).optional(),
  folder: z.string().max(200).optional(),
  /** The database on screen: its team's snippets are listed too when a team owns it. */
  databaseId: z.uuid().optional(),
});

/** Saving under a name that exists replaces that snippet (as the workbench always did). */
export const saveSnippetSchema = z.strictObject({
  name,
  description: z.string().trim().max(2_000).nullable().default(null),
  folder: folder.default(null),
  sql: z.string().min(1).max(SNIPPET_SQL_MAX),
  databaseId: z.uuid().nullable().default(null),
  /** Saved as this team's (developers and above); null: the caller's own. */
  teamId: z.uuid().nullable().default(null),
});
export type SaveSnippet = z.input<typeof saveSnippetSchema>;

export const updateSnippetSchema = z.strictObject({
  name: name.optional(),
  description: z.string().trim().max(2_000).nullable().optional(),
  folder: folder.optional(),
  sql: z.string().min(1).max(SNIPPET_SQL_MAX).optional(),
});

/** The browser's snippets from IndexedDB, sent once; names already on the server are kept as they are. */
export const importSnippetsSchema = z.strictObject({
  snippets: z.array(z.strictObject({ name, sql: z.string().min(1).max(SNIPPET_SQL_MAX) })).max(500),
});
export const importSnippetsResponseSchema = z.object({ imported: z.number(), skipped: z.number() });
