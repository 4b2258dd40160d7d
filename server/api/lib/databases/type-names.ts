import type pg from "pg";
import type { DatabaseTarget } from "./connections.ts";

interface Known {
  names: Map<number, string>;
  preloaded: boolean;
}

const cache = new WeakMap<object, Known>();

function knownFor(target: DatabaseTarget): Known {
  let known = cache.get(target);
  if (!known) {
    known = { names: new Map(), preloaded: false };
    cache.set(target, known);
  }
  return known;
}

/**
 * Loads every type name of the database once, before a statement runs: a result's columns can
 * then be named the moment its first rows arrive, while the connection is still busy with them.
 */
export async function preloadTypeNames(target: DatabaseTarget, client: pg.ClientBase): Promise<void> {
  const known = knownFor(target);
  if (known.preloaded) return;
  const { rows } = await client.query<{ oid: number; name: string }>(
    "SELECT oid::int AS oid, format_type(oid, NULL) AS name FROM pg_type",
  );
  for (const row of rows) known.names.set(Number(row.oid), row.name);
  known.preloaded = true;
}

/** The SQL names (`integer`, `timestamp with time zone`) of `oids`, or null if one is unknown yet. */
export function knownTypeNames(target: DatabaseTarget, oids: number[]): Map<number, string> | null {
  const known = knownFor(target);
  return oids.every((oid) => known.names.has(oid)) ? known.names : null;
}

/** Names of `oids`, asking the database on the caller's (idle) connection for the unknown ones. */
export async function lookUpTypeNames(
  target: DatabaseTarget,
  client: pg.ClientBase,
  oids: number[],
): Promise<Map<number, string>> {
  const known = knownFor(target);
  const missing = [...new Set(oids)].filter((oid) => !known.names.has(oid));
  if (missing.length > 0) {
    const { rows } = await client.query<{ oid: number; name: string }>(
      "SELECT oid::int AS oid, format_type(oid, NULL) AS name FROM pg_type WHERE oid = ANY($1::oid[])",
      [missing],
    );
    for (const row of rows) known.names.set(Number(row.oid), row.name);
  }
  return known.names;
}
