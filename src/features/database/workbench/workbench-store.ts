import { get, update } from "idb-keyval";
import { workbenchStore } from "@/lib/workbench-storage";

/** One run in a database's history: the SQL only, never result rows. */
export interface HistoryEntry {
  sql: string;
  /** When it ran, epoch milliseconds. */
  at: number;
  durationMs: number;
  ok: boolean;
  /** Rows returned or affected by the last statement, when known; the rows shown when cut. */
  rowCount: number | null;
  /** The last statement's result was cut at the row cap: more rows existed than `rowCount`. */
  truncated?: boolean;
  /** Stopped by the user. */
  cancelled?: boolean;
}

export const HISTORY_LIMIT = 500;

const historyKey = (dbId: string) => `history:${dbId}`;

export async function loadHistory(dbId: string): Promise<HistoryEntry[]> {
  return (await get<HistoryEntry[]>(historyKey(dbId), workbenchStore())) ?? [];
}

/** Newest first, capped at HISTORY_LIMIT per database. */
export async function addHistory(dbId: string, entry: HistoryEntry): Promise<HistoryEntry[]> {
  let next: HistoryEntry[] = [];
  await update<HistoryEntry[]>(
    historyKey(dbId),
    (old) => {
      next = [entry, ...(old ?? [])].slice(0, HISTORY_LIMIT);
      return next;
    },
    workbenchStore(),
  );
  return next;
}

export function searchHistory(entries: HistoryEntry[], query: string): HistoryEntry[] {
  const needle = query.trim().toLowerCase();
  return needle ? entries.filter((entry) => entry.sql.toLowerCase().includes(needle)) : entries;
}
