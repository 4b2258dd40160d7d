import type { ColumnKind } from "../../../contract/db-structure.ts";

/**
 * SQL (over pg_type `t`) for the two facts a column's kind is made of: its type's category and name,
 * a domain's taken from its base type so that a `CREATE DOMAIN email AS text` column filters as text.
 */
export const TYPE_FACTS_SQL = `
  COALESCE((SELECT b.typcategory FROM pg_type b WHERE b.oid = t.typbasetype AND t.typtype = 'd'), t.typcategory)::text AS category,
  COALESCE((SELECT b.typname FROM pg_type b WHERE b.oid = t.typbasetype AND t.typtype = 'd'), t.typname)::text AS typename`;

const BY_NAME: Record<string, ColumnKind> = {
  date: "date",
  timestamp: "datetime",
  timestamptz: "datetime",
  time: "time",
  timetz: "time",
  interval: "interval",
  uuid: "uuid",
  json: "json",
  jsonb: "json",
  bool: "boolean",
};

const BY_CATEGORY: Record<string, ColumnKind> = {
  N: "number",
  S: "text",
  B: "boolean",
  E: "enum",
  A: "array",
  T: "interval",
};

/** The kind of a column from its type's category (pg_type.typcategory) and name. */
export function columnKind(category: string, typeName: string): ColumnKind {
  return BY_NAME[typeName] ?? BY_CATEGORY[category] ?? "other";
}
