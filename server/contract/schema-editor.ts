import { z } from "zod";
import { tableStructureSchema } from "./db-structure.ts";

/**
 * The schema editor (/db/{dbId}/schema-editor): the browser describes a change (a table as it
 * should be, a schema, an enum, a view, a comment); the server turns it into the DDL it will run
 * (`plan`), the user reads and may edit that SQL, and `apply` runs it in one transaction.
 */

/** PostgreSQL keeps 63 bytes of a name (NAMEDATALEN - 1) and silently cuts longer ones. */
export const IDENTIFIER_MAX_BYTES = 63;
export const identifierSchema = z
  .string()
  .min(1)
  .refine((name) => new TextEncoder().encode(name).length <= IDENTIFIER_MAX_BYTES, {
    message: `at most ${IDENTIFIER_MAX_BYTES} bytes`,
  });

/** An SQL expression the user typed (a default, a check, a predicate, USING): passed as written. */
const expressionSchema = z.string().trim().min(1).max(4_000);
const commentSchema = z.string().max(4_000).nullable();

export const INDEX_METHODS = ["btree", "hash", "gin", "gist", "brin", "spgist"] as const;
export const FK_ACTIONS = ["no_action", "restrict", "cascade", "set_null", "set_default"] as const;
export const COLUMN_DEFAULT_KINDS = ["none", "expression", "identity_always", "identity_by_default"] as const;

/** A type as GET …/types lists it (`sql`), with a length/precision where the type takes one. */
export const columnTypeSchema = z.strictObject({
  sql: z.string().min(1).max(200),
  /** `20` for character varying(20), `10,2` for numeric(10,2). */
  modifier: z
    .string()
    .regex(/^\d{1,4}(,\d{1,4})?$/)
    .nullable()
    .default(null),
  array: z.boolean().default(false),
});
export type ColumnType = z.infer<typeof columnTypeSchema>;

export const editorColumnSchema = z.strictObject({
  /** The column's name when the editor loaded it; null for a new column. */
  originalName: identifierSchema.nullable().default(null),
  name: identifierSchema,
  type: columnTypeSchema,
  nullable: z.boolean().default(true),
  defaultKind: z.enum(COLUMN_DEFAULT_KINDS).default("none"),
  /** With defaultKind "expression": `now()`, `gen_random_uuid()`, `'draft'`, `0`. */
  defaultExpression: expressionSchema.nullable().default(null),
  unique: z.boolean().default(false),
  primaryKey: z.boolean().default(false),
  /** Changing an existing column's type: how old values become new ones (default `"col"::type`). */
  using: expressionSchema.nullable().default(null),
  comment: commentSchema.default(null),
});
export type EditorColumn = z.infer<typeof editorColumnSchema>;

export const editorCheckSchema = z.strictObject({
  /** An existing constraint's name; null for a new one (PostgreSQL names it). */
  originalName: identifierSchema.nullable().default(null),
  expression: expressionSchema,
});

export const editorForeignKeySchema = z.strictObject({
  originalName: identifierSchema.nullable().default(null),
  columns: z.array(identifierSchema).min(1).max(32),
  references: z.strictObject({
    schema: identifierSchema,
    table: identifierSchema,
    columns: z.array(identifierSchema).min(1).max(32),
  }),
  onUpdate: z.enum(FK_ACTIONS).default("no_action"),
  onDelete: z.enum(FK_ACTIONS).default("no_action"),
});
export type EditorForeignKey = z.infer<typeof editorForeignKeySchema>;

export const editorIndexSchema = z.strictObject({
  originalName: identifierSchema.nullable().default(null),
  name: identifierSchema.nullable().default(null),
  columns: z.array(identifierSchema).min(1).max(32),
  unique: z.boolean().default(false),
  method: z.enum(INDEX_METHODS).default("btree"),
  predicate: expressionSchema.nullable().default(null),
  /** CREATE INDEX CONCURRENTLY: runs after the transaction, since PostgreSQL refuses it inside one. */
  concurrently: z.boolean().default(false),
});
export type EditorIndex = z.infer<typeof editorIndexSchema>;

/** A table as it should be. For an edit, `original*` fields tie it to what the editor loaded. */
export const editorTableSchema = z.strictObject({
  schema: identifierSchema,
  name: identifierSchema,
  comment: commentSchema.default(null),
  columns: z.array(editorColumnSchema).max(1_600),
  checks: z.array(editorCheckSchema).max(100).default([]),
  foreignKeys: z.array(editorForeignKeySchema).max(100).default([]),
  indexes: z.array(editorIndexSchema).max(100).default([]),
});
export type EditorTable = z.infer<typeof editorTableSchema>;

const tableRef = { schema: identifierSchema, table: identifierSchema };

export const schemaChangeSchema = z.discriminatedUnion("op", [
  z.strictObject({ op: z.literal("create_table"), table: editorTableSchema }),
  /** `schema`/`table`: the table as loaded; `table` holds what it should become (maybe renamed). */
  z.strictObject({ op: z.literal("alter_table"), ...tableRef, target: editorTableSchema }),
  z.strictObject({ op: z.literal("drop_table"), ...tableRef, cascade: z.boolean().default(false) }),
  z.strictObject({ op: z.literal("truncate_table"), ...tableRef, cascade: z.boolean().default(false) }),
  z.strictObject({ op: z.literal("create_schema"), name: identifierSchema }),
  z.strictObject({ op: z.literal("drop_schema"), name: identifierSchema, cascade: z.boolean().default(false) }),
  z.strictObject({
    op: z.literal("create_enum"),
    schema: identifierSchema,
    name: identifierSchema,
    values: z.array(z.string().min(1).max(63)).max(1_000),
  }),
  z.strictObject({
    op: z.literal("enum_add_value"),
    schema: identifierSchema,
    name: identifierSchema,
    value: z.string().min(1).max(63),
  }),
  z.strictObject({
    op: z.literal("enum_rename_value"),
    schema: identifierSchema,
    name: identifierSchema,
    from: z.string().min(1).max(63),
    to: z.string().min(1).max(63),
  }),
  z.strictObject({
    op: z.literal("drop_type"),
    schema: identifierSchema,
    name: identifierSchema,
    cascade: z.boolean().default(false),
  }),
  z.strictObject({
    op: z.literal("create_view"),
    schema: identifierSchema,
    name: identifierSchema,
    /** The workbench's current query, as the user wrote it. */
    query: z.string().trim().min(1).max(100_000),
    orReplace: z.boolean().default(false),
  }),
  z.strictObject({
    op: z.literal("comment"),
    ...tableRef,
    column: identifierSchema.nullable().default(null),
    comment: commentSchema,
  }),
]);
export type SchemaChange = z.infer<typeof schemaChangeSchema>;
export type SchemaChangeInput = z.input<typeof schemaChangeSchema>;

/**
 * One statement of a plan. `field` says which part of the form it comes from (`name`,
 * `columns.2.type`, `indexes.0`), so the browser can put the database's error beside that field.
 */
export const plannedStatementSchema = z.strictObject({
  sql: z.string().min(1).max(200_000),
  field: z.string().max(100).nullable().default(null),
});
export type PlannedStatement = z.infer<typeof plannedStatementSchema>;

export const planRequestSchema = z.strictObject({ change: schemaChangeSchema });

export const planResponseSchema = z.object({
  statements: z.array(plannedStatementSchema),
  /** The table's structure version the plan was made against (alter/drop/truncate), else null. */
  version: z.string().nullable(),
});
export type PlanResponse = z.infer<typeof planResponseSchema>;

export const applyRequestSchema = z.strictObject({
  statements: z.array(plannedStatementSchema).min(1).max(2_000),
  /** Checked before running: the table's version when the editor loaded it (null: nothing to check). */
  expected: z
    .strictObject({ schema: identifierSchema, table: identifierSchema, version: z.string().min(1).max(100) })
    .nullable()
    .default(null),
});
export type ApplyRequest = z.input<typeof applyRequestSchema>;

export const applyResponseSchema = z.object({ applied: z.number() });

export const editorTableQuerySchema = z.strictObject({
  schemaName: z.string().min(1).max(63).default("public"),
});

/** GET …/schema-editor/table/{table}: the structure, its version and the rows estimate drops show. */
export const editorTableResponseSchema = z.object({
  structure: tableStructureSchema,
  version: z.string(),
  /** The table in the editor's form: what a plan compares the edited form with. */
  table: editorTableSchema,
});
export type EditorTableResponse = z.infer<typeof editorTableResponseSchema>;

export const catalogTypeSchema = z.object({
  /** What a column definition says: `integer`, `timestamp with time zone`, `"public"."mood"`. */
  sql: z.string(),
  schema: z.string(),
  name: z.string(),
  kind: z.enum(["base", "enum", "domain", "composite", "range"]),
  /** pg_type.typcategory: N numeric, S string, D date/time, B boolean, U user, … */
  category: z.string(),
  takesModifier: z.boolean(),
  /** An enum's labels in order, else null. */
  enumValues: z.array(z.string()).nullable(),
});
export type CatalogType = z.infer<typeof catalogTypeSchema>;

export const catalogTypesResponseSchema = z.object({
  types: z.array(catalogTypeSchema),
  schemas: z.array(z.string()),
});
export type CatalogTypesResponse = z.infer<typeof catalogTypesResponseSchema>;
