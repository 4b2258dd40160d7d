import type pg from "pg";
import type { DatabaseTarget } from "./connections.ts";

const cache = new WeakMap<object, Map<number, string>>();

/** SQL names of type OIDs (`integer`, `timestamp with time zone`), looked up once per database on the caller's connection. */
export async function typeNames(
  target: DatabaseTarget,
  client: pg.ClientBase,
  oids: number[],
): Promise<Map<number, string>> {
  let known = cache.get(target);
  if (!known) {
    known = new Map();
    cache.set(target, known);
  }
  const missing = [...new Set(oids)].filter((oid) => !known.has(oid));
  if (missing.length > 0) {
    const { rows } = await client.query<{ oid: number; name: string }>(
      "SELECT oid::int AS oid, format_type(oid, NULL) AS name FROM pg_type WHERE oid = ANY($1::oid[])",
      [missing],
    );
    for (const row of rows) known.set(Number(row.oid), row.name);
  }
  return known;
}
