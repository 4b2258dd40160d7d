import { z } from "zod";
import { filterParamSchema } from "./db-export.ts";
import { resourceOwnerSchema } from "./teams.ts";

export const DATABASE_NAME_MAX_LENGTH = 100;
export const TABLE_PAGE_SIZE_MAX = 1_000;
export const TABLE_PAGE_SIZE_DEFAULT = 50;
/** Longer text values (characters) are cut in table pages; GET …/cell answers the whole value. */
export const CELL_TEXT_LIMIT = 10_000;
/** Below this many rows the table answer counts exactly; above it, it gives the planner's estimate. */
export const EXACT_COUNT_LIMIT = 50_000;

export const databaseKindSchema = z.enum(["managed", "external"]);

/** A database of the user. An external database's URL (and so its password) is never sent. */
export const databaseSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: databaseKindSchema,
  /** Where a managed database lives: a PGlite instance or a database on the PostgreSQL cluster. */
  engine: z.enum(["pglite", "postgres"]),
  /** External databases: host, port and database name, without user or password. */
  target: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whose the database is: the caller's personal workspace or one of their teams. */
  owner: resourceOwnerSchema,
});
export type Database = z.infer<typeof databaseSchema>;

export const databaseNameSchema = z.string().trim().min(1, "name is required").max(DATABASE_NAME_MAX_LENGTH);

/** Create in this team (the caller must be its admin); personal when left out. */
const teamIdField = z.uuid().optional();

export const createDatabaseSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("managed"), name: databaseNameSchema, team_id: teamIdField }),
  z.strictObject({
    kind: z.literal("external"),
    name: databaseNameSchema,
    team_id: teamIdField,
    url: z.string().regex(/^postgres(ql)?:\/\//, "url must start with postgres:// or postgresql://"),
  }),
]);
export type CreateDatabase = z.infer<typeof createDatabaseSchema>;

export const renameDatabaseSchema = z.strictObject({ name: databaseNameSchema });
export const deleteDatabaseResultSchema = z.object({ id: z.string(), deleted: z.literal(true) });

// Schema tree (sidebar and editor completion)

export const columnInfoSchema = z.object({
  name: z.string(),
  type: z.string(),
  nullable: z.boolean(),
  default: z.string().nullable(),
  primaryKey: z.boolean(),
});
export const indexInfoSchema = z.object({
  name: z.string(),
  columns: z.array(z.string()),
  unique: z.boolean(),
  primary: z.boolean(),
  definition: z.string(),
});
/** A foreign key of the table: its columns and the table and columns they name (the diagram's edges). */
export const foreignKeyInfoSchema = z.object({
  name: z.string(),
  columns: z.array(z.string()),
  references: z.object({ schema: z.string(), table: z.string(), columns: z.array(z.string()) }),
});
export const tableInfoSchema = z.object({
  name: z.string(),
  kind: z.enum(["table", "view", "materialized_view", "foreign_table", "partitioned_table"]),
  /** The planner's estimate (reltuples); null when the table was never analysed. */
  estimatedRows: z.number().nullable(),
  columns: z.array(columnInfoSchema),
  indexes: z.array(indexInfoSchema),
  foreignKeys: z.array(foreignKeyInfoSchema),
});
export const functionInfoSchema = z.object({
  /** Identifies one overload: GET /db/{dbId}/structure/function/{oid} answers its definition. */
  oid: z.number(),
  name: z.string(),
  /** pg_get_function_identity_arguments(): `a integer, b text`. */
  arguments: z.string(),
  /** pg_get_function_result(): `integer`, `SETOF record`, `TABLE(…)`; null for a procedure. */
  returns: z.string().nullable(),
  kind: z.enum(["function", "procedure", "aggregate", "window"]),
  language: z.string(),
});
export const sequenceInfoSchema = z.object({
  name: z.string(),
  dataType: z.string(),
  start: z.string(),
  increment: z.string(),
  min: z.string(),
  max: z.string(),
  cycle: z.boolean(),
  /** The column of a serial (`table.column`), which owns the sequence; null for a free-standing one. */
  ownedBy: z.string().nullable(),
});
export const schemaInfoSchema = z.object({
  name: z.string(),
  /** Tables, views, materialized views, foreign and partitioned tables (kind says which). */
  tables: z.array(tableInfoSchema),
  /** Functions, procedures, aggregates and window functions, not those of extensions. */
  functions: z.array(functionInfoSchema),
  /** Sequences, not those behind identity columns. */
  sequences: z.array(sequenceInfoSchema),
});
export type FunctionInfo = z.infer<typeof functionInfoSchema>;
export type SequenceInfo = z.infer<typeof sequenceInfoSchema>;
export const databaseSchemaResponseSchema = z.object({ schemas: z.array(schemaInfoSchema) });
export type ColumnInfo = z.infer<typeof columnInfoSchema>;
export type TableInfo = z.infer<typeof tableInfoSchema>;
export type ForeignKeyInfo = z.infer<typeof foreignKeyInfoSchema>;
export type DatabaseSchemaResponse = z.infer<typeof databaseSchemaResponseSchema>;

// Table data

/** The most primary-key columns a keyset cursor carries (PostgreSQL allows 32 index columns). */
export const KEY_CURSOR_MAX_COLUMNS = 32;

/**
 * A keyset cursor in a query string: JSON text of one row's primary-key values as text, in key
 * order (the table page answers them in `cursor`).
 */
export const keyCursorParamSchema = z
  .string()
  .max(40_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "a cursor must be a JSON array of key values" });
      return z.NEVER;
    }
  })
  .pipe(z.array(z.string().max(10_000)).min(1).max(KEY_CURSOR_MAX_COLUMNS));

export const tableDataQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(TABLE_PAGE_SIZE_MAX).default(TABLE_PAGE_SIZE_DEFAULT),
  schemaName: z.string().min(1).max(63).default("public"),
  searchColumn: z.string().min(1).max(63).optional(),
  searchValue: z.string().max(1_000).optional(),
  sortColumn: z.string().min(1).max(63).optional(),
  sortDirection: z.enum(["asc", "desc"]).default("asc"),
  /** JSON array of TableFilterCondition, AND-combined with the search (see contract/table-filter.ts). */
  filter: filterParamSchema.optional(),
  /**
   * Keyset paging on tables read in primary-key order: the rows after this cursor (next page) or
   * before it (previous page), found through the key's index whatever the depth. `page` then only
   * numbers the page. A cursor that does not fit the order (sorted by another column since) is
   * ignored and `page` is read as an offset.
   */
  after: keyCursorParamSchema.optional(),
  before: keyCursorParamSchema.optional(),
  /**
   * `true`: the last page, read backwards from the end of the order (`ORDER BY … DESC LIMIT n`,
   * reversed), whatever the row count; `page` is then ignored and the answer numbers the page. Where
   * the count is exact the page holds the rows an offset walk's last page would (the remainder), else
   * the last `pageSize` rows.
   */
  last: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional(),
});
export type TableDataQuery = z.input<typeof tableDataQuerySchema>;

export const tableDataSchema = z.object({
  schemaName: z.string(),
  tableName: z.string(),
  /** required: NOT NULL with no default, identity or generation (an insert must name it). */
  columns: z.array(z.object({ name: z.string(), type: z.string(), primaryKey: z.boolean(), required: z.boolean() })),
  rows: z.array(z.array(z.unknown())),
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
  /** A page exists before this one. */
  hasPrevious: z.boolean(),
  /**
   * The primary-key values (as text) of the page's first and last rows, for `before` and `after`;
   * null when the rows are not in primary-key order (sorted by another column, no primary key) or
   * the page is empty: then pages go by offset.
   */
  cursor: z.object({ first: z.array(z.string()), last: z.array(z.string()) }).nullable(),
  /** Exact below EXACT_COUNT_LIMIT rows; otherwise the planner's estimate and `rowCountExact` false. */
  rowCount: z.number(),
  rowCountExact: z.boolean(),
  /** [row, column] of every value cut to CELL_TEXT_LIMIT characters (text, JSON, XML, bytea as text). */
  cutCells: z.array(z.tuple([z.number(), z.number()])),
});
export type TableData = z.infer<typeof tableDataSchema>;

/** GET /db/{dbId}/table/{tableName}/cell: one whole value, the row found by its full primary key. */
export const tableCellQuerySchema = z.strictObject({
  schemaName: z.string().min(1).max(63).default("public"),
  column: z.string().min(1).max(63),
  /** JSON object: every primary-key column and its value. */
  key: z
    .string()
    .max(10_000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "key must be a JSON object" });
        return z.NEVER;
      }
    })
    .pipe(z.record(z.string().min(1), z.unknown())),
});
export const tableCellSchema = z.object({ value: z.unknown() });
export type TableCell = z.infer<typeof tableCellSchema>;

export const verifyResultSchema = z.object({ projectInitialized: z.literal(true), databaseId: z.string() });
export type VerifyResult = z.infer<typeof verifyResultSchema>;

/**
 * A database id as a path names it (`/db/{dbId}/…`). Any hex UUID, not only RFC 4122 ones: ids are
 * `randomUUID()`s, and a malformed one is refused as "not found" by the server, never as bad input.
 */
export const databaseIdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
