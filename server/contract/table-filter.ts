// zod/mini, not zod: the database page validates its URL (which holds the filter) with these, and
// the browser's share of zod stays small. The server composes them into its zod schemas.
import * as z from "zod/mini";

/**
 * How a column's values behave for filters, charts and imports, from its type's catalog category
 * (a domain counts as its base type). The browser picks operators and inputs by it.
 */
export const COLUMN_KINDS = [
  "number",
  "text",
  "boolean",
  "date",
  "datetime",
  "time",
  "interval",
  "uuid",
  "json",
  "enum",
  "array",
  "other",
] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

/**
 * Filter operators. Comparisons read the value as the column's own type (PostgreSQL parses it, so a
 * date is a date and a number a number); `contains` and `starts_with` match the column's text form,
 * case-insensitive, with `%` and `_` literal; `in` takes `values`; the null tests take no value.
 * A condition never changes meaning, so links made earlier stay valid.
 */
export const TABLE_FILTER_OPS = [
  "eq",
  "ne",
  "lt",
  "le",
  "gt",
  "ge",
  "contains",
  "starts_with",
  "in",
  "is_null",
  "not_null",
] as const;
export type TableFilterOp = (typeof TABLE_FILTER_OPS)[number];
export const TABLE_FILTER_MAX_CONDITIONS = 20;
export const TABLE_FILTER_VALUE_MAX_LENGTH = 1_000;
export const TABLE_FILTER_MAX_VALUES = 1_000;

const ALL = TABLE_FILTER_OPS;
const NO_ORDER: readonly TableFilterOp[] = ["eq", "ne", "contains", "starts_with", "in", "is_null", "not_null"];
/** Which operators a kind of column takes: ordering needs an order, `in` a single value per row. */
export const FILTER_OPS_BY_KIND: Record<ColumnKind, readonly TableFilterOp[]> = {
  number: ALL,
  text: ALL,
  date: ALL,
  datetime: ALL,
  time: ALL,
  interval: ALL,
  enum: ALL,
  uuid: ALL,
  boolean: ["eq", "ne", "is_null", "not_null"],
  json: NO_ORDER,
  other: NO_ORDER,
  array: ["eq", "ne", "contains", "is_null", "not_null"],
};

export const FILTER_OPS_WITHOUT_VALUE: readonly TableFilterOp[] = ["is_null", "not_null"];

const filterValue = z.string().check(z.maxLength(TABLE_FILTER_VALUE_MAX_LENGTH));

/** One condition of a table filter; a filter's conditions all hold (AND). */
export const tableFilterConditionSchema = z.object({
  column: z.string().check(z.minLength(1), z.maxLength(63)),
  op: z.enum(TABLE_FILTER_OPS),
  value: z.optional(filterValue),
  /** `in`: the list, each read as the column's type. */
  values: z.optional(z.array(filterValue).check(z.maxLength(TABLE_FILTER_MAX_VALUES))),
});
export type TableFilterCondition = z.infer<typeof tableFilterConditionSchema>;

export const tableFilterSchema = z.array(tableFilterConditionSchema).check(z.maxLength(TABLE_FILTER_MAX_CONDITIONS));
export type TableFilter = z.infer<typeof tableFilterSchema>;
