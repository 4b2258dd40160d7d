import type { PlannedStatement, SchemaChange } from "../../contract/schema-editor.ts";
import { ident, literal, qualified } from "./sql-text.ts";

type ObjectChange = Exclude<SchemaChange, { op: "create_table" | "alter_table" }>;

const one = (sql: string, field: string | null = null): PlannedStatement[] => [{ sql, field }];
const cascade = (yes: boolean) => (yes ? " CASCADE" : "");

/** Schemas, enums, views, drops, truncates and comments: one statement each. */
export function planObjectChange(change: ObjectChange): PlannedStatement[] {
  switch (change.op) {
    case "drop_table":
      return one(`DROP TABLE ${qualified(change.schema, change.table)}${cascade(change.cascade)}`);
    case "truncate_table":
      return one(`TRUNCATE TABLE ${qualified(change.schema, change.table)}${cascade(change.cascade)}`);
    case "create_schema":
      return one(`CREATE SCHEMA ${ident(change.name)}`, "name");
    case "drop_schema":
      return one(`DROP SCHEMA ${ident(change.name)}${cascade(change.cascade)}`);
    case "create_enum":
      return one(
        `CREATE TYPE ${qualified(change.schema, change.name)} AS ENUM (${change.values.map(literal).join(", ")})`,
        "name",
      );
    case "enum_add_value":
      return one(`ALTER TYPE ${qualified(change.schema, change.name)} ADD VALUE ${literal(change.value)}`, "value");
    case "enum_rename_value":
      return one(
        `ALTER TYPE ${qualified(change.schema, change.name)} RENAME VALUE ${literal(change.from)} TO ${literal(change.to)}`,
        "to",
      );
    case "drop_type":
      return one(`DROP TYPE ${qualified(change.schema, change.name)}${cascade(change.cascade)}`);
    case "create_view": {
      // The query is the user's own SQL, run as written; a trailing semicolon would end the statement.
      const query = change.query.replace(/;\s*$/, "");
      return one(
        `CREATE ${change.orReplace ? "OR REPLACE " : ""}VIEW ${qualified(change.schema, change.name)} AS\n${query}`,
        "query",
      );
    }
    case "comment": {
      const text = change.comment ? literal(change.comment) : "NULL";
      const table = qualified(change.schema, change.table);
      return change.column === null
        ? one(`COMMENT ON TABLE ${table} IS ${text}`, "comment")
        : one(`COMMENT ON COLUMN ${table}.${ident(change.column)} IS ${text}`, "comment");
    }
  }
}
