import { z } from "zod";
import { COLUMN_KINDS, type ColumnKind } from "./table-filter.ts";

/** See COLUMN_KINDS: the browser picks filter operators, inputs and chart axes by it. */
export const columnKindSchema = z.enum(COLUMN_KINDS);
export type { ColumnKind };

export const structureQuerySchema = z.strictObject({
  schemaName: z.string().min(1).max(63).default("public"),
});

export const structureColumnSchema = z.object({
  name: z.string(),
  /** format_type(): `integer`, `character varying(20)`, `timestamp with time zone`, `text[]`. */
  type: z.string(),
  kind: columnKindSchema,
  nullable: z.boolean(),
  /** The default expression; null for none (and for generated columns, whose expression is `generated`). */
  default: z.string().nullable(),
  identity: z.enum(["always", "by_default"]).nullable(),
  /** The expression of a generated column (`GENERATED ALWAYS AS (…) STORED`), else null. */
  generated: z.string().nullable(),
  comment: z.string().nullable(),
  /** 1-based position in the primary key, or null. */
  primaryKeyPosition: z.number().nullable(),
});
export type StructureColumn = z.infer<typeof structureColumnSchema>;

export const structureIndexSchema = z.object({
  name: z.string(),
  /** pg_get_indexdef(): the CREATE INDEX statement. */
  definition: z.string(),
  /** Key columns by name; an expression key is null (the definition shows it). */
  columns: z.array(z.string().nullable()),
  method: z.string(),
  unique: z.boolean(),
  primary: z.boolean(),
  /** False while CREATE INDEX CONCURRENTLY has not finished, or after it failed. */
  valid: z.boolean(),
  /** The WHERE of a partial index. */
  predicate: z.string().nullable(),
  sizeBytes: z.number(),
});

export const foreignKeyActionSchema = z.enum(["no_action", "restrict", "cascade", "set_null", "set_default"]);

export const structureReferenceSchema = z.object({
  schema: z.string(),
  table: z.string(),
  columns: z.array(z.string()),
});
export type StructureReference = z.infer<typeof structureReferenceSchema>;

export const structureConstraintSchema = z.object({
  name: z.string(),
  type: z.enum(["primary_key", "unique", "check", "foreign_key", "exclusion"]),
  /** pg_get_constraintdef(): `FOREIGN KEY (a) REFERENCES b(id) ON DELETE CASCADE`, `CHECK (x > 0)`. */
  definition: z.string(),
  columns: z.array(z.string()),
  /** Foreign keys: the referenced table and columns, in the order of `columns`. */
  references: structureReferenceSchema.nullable(),
  onUpdate: foreignKeyActionSchema.nullable(),
  onDelete: foreignKeyActionSchema.nullable(),
  deferrable: z.boolean(),
  /** False for a constraint added NOT VALID and not validated since. */
  validated: z.boolean(),
});
export type StructureConstraint = z.infer<typeof structureConstraintSchema>;

/** A foreign key of another table that points at this one. */
export const structureReferencedBySchema = z.object({
  name: z.string(),
  schema: z.string(),
  table: z.string(),
  columns: z.array(z.string()),
  /** This table's columns, in the order of `columns`. */
  referencedColumns: z.array(z.string()),
});

export const structureTriggerSchema = z.object({
  name: z.string(),
  timing: z.enum(["before", "after", "instead_of"]),
  events: z.array(z.enum(["insert", "update", "delete", "truncate"])),
  level: z.enum(["row", "statement"]),
  /** The trigger function, `schema.name()`. */
  function: z.string(),
  enabled: z.enum(["origin", "disabled", "replica", "always"]),
  /** pg_get_triggerdef(): the CREATE TRIGGER statement. */
  definition: z.string(),
});

export const tableStructureSchema = z.object({
  schemaName: z.string(),
  name: z.string(),
  kind: z.enum(["table", "view", "materialized_view", "foreign_table", "partitioned_table"]),
  comment: z.string().nullable(),
  /** The planner's estimate (reltuples); null when never analysed. */
  estimatedRows: z.number().nullable(),
  /** Heap, indexes and TOAST together; a view's is 0. */
  totalBytes: z.number(),
  tableBytes: z.number(),
  indexBytes: z.number(),
  columns: z.array(structureColumnSchema),
  primaryKey: z.object({ name: z.string(), columns: z.array(z.string()) }).nullable(),
  indexes: z.array(structureIndexSchema),
  constraints: z.array(structureConstraintSchema),
  referencedBy: z.array(structureReferencedBySchema),
  triggers: z.array(structureTriggerSchema),
  /** Views and materialized views: pg_get_viewdef(), the SELECT. */
  viewDefinition: z.string().nullable(),
});
export type TableStructure = z.infer<typeof tableStructureSchema>;

/** GET /db/{dbId}/structure/function/{oid}: a function's or procedure's whole CREATE statement. */
export const functionDefinitionSchema = z.object({
  oid: z.number(),
  schemaName: z.string(),
  name: z.string(),
  /** pg_get_functiondef(); an aggregate has none and answers its signature. */
  definition: z.string(),
});
export type FunctionDefinition = z.infer<typeof functionDefinitionSchema>;
