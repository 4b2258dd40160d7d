import type { RowChange } from "@contract/row-changes";

type Values = Record<string, unknown>;

/** Edits, inserts and deletes not yet sent; updates and deletes know their row by primary key. */
export interface PendingChanges {
  /** Key JSON -> the row's key and the columns set so far. */
  updates: Map<string, { key: Values; values: Values }>;
  inserts: Values[];
  /** Key JSON -> the row's key. */
  deletes: Map<string, Values>;
}

export const noChanges = (): PendingChanges => ({ updates: new Map(), inserts: [], deletes: new Map() });

export function countChanges(changes: PendingChanges): number {
  return changes.updates.size + changes.inserts.length + changes.deletes.size;
}

/** The primary key of a page row, and its JSON as the map key (column order is the table's). */
export function rowKey(columns: Array<{ name: string; primaryKey: boolean }>, row: unknown[]) {
  const key = Object.fromEntries(
    columns.flatMap((column, index) => (column.primaryKey ? [[column.name, row[index]]] : [])),
  ) as Values;
  return { key, id: JSON.stringify(key) };
}

export function withUpdate(changes: PendingChanges, key: Values, id: string, column: string, value: unknown) {
  const updates = new Map(changes.updates);
  const previous = updates.get(id);
  updates.set(id, { key, values: { ...previous?.values, [column]: value } });
  return { ...changes, updates };
}

export function withDeletes(changes: PendingChanges, keys: Array<{ key: Values; id: string }>) {
  const deletes = new Map(changes.deletes);
  const updates = new Map(changes.updates);
  for (const { key, id } of keys) {
    deletes.set(id, key);
    // A deleted row's edits would fail on the missing row; the delete wins.
    updates.delete(id);
  }
  return { ...changes, deletes, updates };
}

/** The request body's changes: edits first, then inserts, then deletes, as the list shows them. */
export function toRequest(changes: PendingChanges): RowChange[] {
  return [
    ...[...changes.updates.values()].map(({ key, values }) => ({ op: "update" as const, key, values })),
    ...changes.inserts.map((values) => ({ op: "insert" as const, values })),
    ...[...changes.deletes.values()].map((key) => ({ op: "delete" as const, key })),
  ];
}
