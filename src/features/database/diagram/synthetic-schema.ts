import type { DatabaseSchemaResponse, TableInfo } from "@contract/databases";

/**
 * A made-up schema of `tables` tables and `foreignKeys` foreign keys for the diagram's tests and
 * benchmark (tests/bench/db-diagram.bench.ts), shaped like an application's: a few core tables
 * (5 %), tables that reference them (20 %), tables that reference those or the core (55 %), and a
 * fifth with no key at all; 4 to 15 columns each. Deterministic.
 */
export function syntheticSchema(tables: number, foreignKeys: number): DatabaseSchemaResponse {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pick = (from: number, to: number) => from + Math.floor(random() * Math.max(1, to - from));
  const name = (i: number) => `table_${String(i).padStart(3, "0")}`;
  const list: TableInfo[] = Array.from({ length: tables }, (_, i) => ({
    name: name(i),
    kind: "table",
    estimatedRows: 1000,
    columns: [
      { name: "id", type: "bigint", nullable: false, default: null, primaryKey: true },
      ...Array.from({ length: 3 + Math.floor(random() * 12) }, (_, c) => ({
        name: `column_${c}`,
        type: ["text", "integer", "timestamp with time zone", "numeric(12,2)", "jsonb"][c % 5] as string,
        nullable: c % 2 === 0,
        default: null,
        primaryKey: false,
      })),
    ],
    indexes: [],
    foreignKeys: [],
  }));
  const core = Math.max(1, Math.round(tables * 0.05));
  const middle = core + Math.round(tables * 0.2);
  const keyed = Math.max(core + 1, Math.round(tables * 0.8));
  for (let k = 0; k < foreignKeys; k++) {
    const from = core + (k % (keyed - core));
    const to = from < middle || random() < 0.3 ? pick(0, core) : pick(core, middle);
    const table = list[from];
    const target = list[to];
    if (!table || !target) continue;
    const column = `${target.name}_id_${k}`;
    table.columns.push({ name: column, type: "bigint", nullable: true, default: null, primaryKey: false });
    table.foreignKeys.push({
      name: `${table.name}_${column}_fkey`,
      columns: [column],
      references: { schema: "public", table: target.name, columns: ["id"] },
    });
  }
  return { schemas: [{ name: "public", tables: list, functions: [], sequences: [] }] };
}
