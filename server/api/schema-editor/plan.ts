import type pg from "pg";
import type { EditorTable, PlanResponse, SchemaChange } from "../../contract/schema-editor.ts";
import { apiError } from "../lib/core/api-error.ts";
import { readTableStructure } from "../lib/tables/table-structure.ts";
import { readCatalogTypes } from "./catalog-types.ts";
import { editorTableOf, readColumnTypes } from "./editor-model.ts";
import { planObjectChange } from "./object-ddl.ts";
import { sameType } from "./sql-text.ts";
import { structureVersion } from "./structure-version.ts";
import { planAlterTable, planCreateTable } from "./table-ddl.ts";

/** A table as the editor loads it: its structure, the version a later apply is checked against, its form. */
export async function readEditorTable(db: pg.Pool | pg.ClientBase, schema: string, table: string) {
  const structure = await readTableStructure(db, schema, table);
  const types = await readColumnTypes(db, schema, table);
  return { structure, version: structureVersion(structure), table: editorTableOf(structure, types) };
}

/** Every type a new or retyped column names must be one the catalog lists. */
async function checkTypes(db: pg.Pool | pg.ClientBase, target: EditorTable, current: EditorTable | null) {
  const known = new Set((await readCatalogTypes(db)).types.map((type) => type.sql));
  target.columns.forEach((column, index) => {
    const old = current?.columns.find((c) => column.originalName !== null && c.name === column.originalName);
    if (old && sameType(old.type, column.type)) return;
    if (!known.has(column.type.sql)) {
      throw apiError("TYPE_NOT_FOUND", `Type ${column.type.sql} is not in this database's catalog.`, {
        type: column.type.sql,
        field: `columns.${index}.type`,
      });
    }
  });
}

/** The DDL a change needs, made against the catalog as it is now. Nothing runs here. */
export async function planChange(db: pg.Pool | pg.ClientBase, change: SchemaChange): Promise<PlanResponse> {
  if (change.op === "create_table") {
    await checkTypes(db, change.table, null);
    return { statements: planCreateTable(change.table), version: null };
  }
  if (change.op === "alter_table") {
    const current = await readEditorTable(db, change.schema, change.table);
    await checkTypes(db, change.target, current.table);
    return {
      statements: planAlterTable(current.structure, current.table, change.target),
      version: current.version,
    };
  }
  if (change.op === "drop_table" || change.op === "truncate_table") {
    const current = await readTableStructure(db, change.schema, change.table);
    return { statements: planObjectChange(change), version: structureVersion(current) };
  }
  return { statements: planObjectChange(change), version: null };
}
