import pg from "pg";
import {
  FILTER_OPS_BY_KIND,
  FILTER_OPS_WITHOUT_VALUE,
  type TableFilterCondition,
  type TableFilterOp,
} from "../../../contract/table-filter.ts";
import { apiError } from "../core/api-error.ts";
import { databaseQueryFailed } from "../databases/database-errors.ts";
import { findColumn, type Relation, type RelationColumn } from "./relation-columns.ts";

const q = pg.escapeIdentifier;

const COMPARISONS: Partial<Record<TableFilterOp, string>> = {
  eq: "=",
  ne: "IS DISTINCT FROM",
  lt: "<",
  le: "<=",
  gt: ">",
  ge: ">=",
};

/** `%`, `_` and `\` in a value match themselves, not patterns. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A typed value the filter will cast, kept so that a value PostgreSQL refuses can be named. */
export interface TypedValue {
  column: RelationColumn;
  value: string;
  cast: string;
}

export interface FilterSql {
  /** SQL conditions over the relation aliased `t`, to be AND-combined. */
  conditions: string[];
  /** Every value cast to a column type, in order, for naming the one PostgreSQL refuses. */
  typed: TypedValue[];
}

/**
 * Turns filter conditions into SQL over the relation aliased `t`. Column names are looked up in the
 * catalog's answer (unknown: COLUMN_NOT_FOUND) and quoted; every value is a parameter made by
 * `param`, read as the column's own type by a CAST, so PostgreSQL parses numbers, dates, booleans
 * and JSON exactly as it would in a literal, and nothing the caller sent is ever SQL text.
 *
 * - `ne` keeps rows whose value is NULL (IS DISTINCT FROM), which is what "not equal to" means to
 *   someone looking at a grid with empty cells.
 * - JSON compares as jsonb (json has no equality); types without one (xml, geometric) by text.
 */
export function filterSql(
  relation: Relation,
  filter: readonly TableFilterCondition[],
  param: (value: unknown) => string,
): FilterSql {
  const conditions: string[] = [];
  const typed: TypedValue[] = [];
  for (const condition of filter) {
    const column = findColumn(relation, condition.column, "filter");
    const allowed = FILTER_OPS_BY_KIND[column.kind];
    if (!allowed.includes(condition.op)) {
      throw apiError(
        "FILTER_OPERATOR_INVALID",
        `The operator ${condition.op} does not apply to column "${column.name}" (${column.sqlType}).`,
        { column: column.name, op: condition.op },
      );
    }
    const name = `t.${q(column.name)}`;
    const needsValue = !FILTER_OPS_WITHOUT_VALUE.includes(condition.op);
    if (needsValue && condition.op !== "in" && condition.value === undefined) {
      throw apiError("FILTER_VALUE_INVALID", `The condition on "${column.name}" needs a value.`, {
        column: column.name,
        op: condition.op,
        problem: "missing",
      });
    }
    const value = condition.value ?? "";
    switch (condition.op) {
      case "is_null":
        conditions.push(`${name} IS NULL`);
        break;
      case "not_null":
        conditions.push(`${name} IS NOT NULL`);
        break;
      case "contains":
        conditions.push(`${name}::text ILIKE ${param(`%${escapeLike(value)}%`)}`);
        break;
      case "starts_with":
        conditions.push(`${name}::text ILIKE ${param(`${escapeLike(value)}%`)}`);
        break;
      case "in": {
        const values = condition.values ?? [];
        if (values.length === 0) {
          throw apiError("FILTER_VALUE_INVALID", `The list for "${column.name}" is empty.`, {
            column: column.name,
            op: condition.op,
            problem: "missing",
          });
        }
        const [left, type] = comparable(column, name);
        for (const one of values) typed.push({ column, value: one, cast: type });
        conditions.push(`${left} = ANY(CAST(${param(values)} AS ${type}[]))`);
        break;
      }
      default: {
        const [left, type] = comparable(column, name);
        typed.push({ column, value, cast: type });
        conditions.push(`${left} ${COMPARISONS[condition.op]} CAST(${param(value)} AS ${type})`);
      }
    }
  }
  return { conditions, typed };
}

/** The expression to compare and the type to read the value as. */
function comparable(column: RelationColumn, name: string): [string, string] {
  if (column.kind === "json") return [`${name}::jsonb`, "jsonb"];
  if (column.kind === "other") return [`${name}::text`, "text"];
  return [name, column.sqlType];
}

/** SQLSTATE class 22 (data exception): a value that does not read as its type, or is out of range. */
export function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && code.startsWith("22");
}

/**
 * After PostgreSQL refused a filter value (a data exception), finds which one by casting each alone,
 * and answers FILTER_VALUE_INVALID naming its column; the database's own message otherwise.
 */
export async function explainFilterValueError(
  client: pg.ClientBase,
  typed: readonly TypedValue[],
  error: unknown,
): Promise<Error> {
  for (const { column, value, cast } of typed) {
    const refused = await client.query(`SELECT CAST($1 AS ${cast})`, [value]).then(
      () => null,
      (cause: Error) => cause,
    );
    if (refused) {
      return apiError(
        "FILTER_VALUE_INVALID",
        `"${value}" is not a value of column "${column.name}" (${column.sqlType}): ${refused.message}`,
        { column: column.name, type: column.sqlType },
      );
    }
  }
  return databaseQueryFailed(error);
}
