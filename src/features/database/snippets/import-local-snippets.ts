import type { SnippetRecord } from "@contract/snippets";
import { del, get, type UseStore } from "idb-keyval";
import { apiRequest } from "@/lib/api-client";
import { workbenchStore } from "@/lib/workbench-storage";
import { importSnippets } from "./snippets-api";

/** Where the workbench kept snippets before the server did (an array of {name, sql} under one key). */
export const LOCAL_SNIPPETS_KEY = "snippets";
const IMPORT_BATCH = 500;
const NAME_MAX = 200;

interface LocalSnippet {
  name: string;
  sql: string;
}

/**
 * The names to import the browser's snippets under. The server keeps a name it has already; so that
 * no local snippet is lost to that, one whose name is taken by different SQL goes under "name (2)",
 * "name (3)"… A snippet the server already has with the same SQL (an import cut short by a reload)
 * is left out. Deterministic, so running it again after a partial import changes nothing.
 */
export function planImport(local: LocalSnippet[], server: Pick<SnippetRecord, "name" | "sql">[]): LocalSnippet[] {
  const taken = new Map(server.map((s) => [s.name, s.sql]));
  const plan: LocalSnippet[] = [];
  for (const snippet of local) {
    const name = snippet.name.trim();
    if (!name || !snippet.sql.trim()) continue;
    for (let n = 1; ; n++) {
      const suffix = n === 1 ? "" : ` (${n})`;
      const candidate = `${name.slice(0, NAME_MAX - suffix.length).trim()}${suffix}`;
      const there = taken.get(candidate);
      if (there === snippet.sql) break;
      if (there === undefined) {
        taken.set(candidate, snippet.sql);
        plan.push({ name: candidate, sql: snippet.sql });
        break;
      }
    }
  }
  return plan;
}

async function importOnce(store: UseStore): Promise<number> {
  const local = await get<LocalSnippet[]>(LOCAL_SNIPPETS_KEY, store);
  if (!Array.isArray(local)) return 0;
  const server = await apiRequest<SnippetRecord[]>("/snippets");
  const plan = planImport(local, server);
  let imported = 0;
  for (let i = 0; i < plan.length; i += IMPORT_BATCH) {
    imported += (await importSnippets(plan.slice(i, i + IMPORT_BATCH))).imported;
  }
  // Only now that the server has every one of them: a failure above keeps them here for the next try.
  await del(LOCAL_SNIPPETS_KEY, store);
  return imported;
}

let running: Promise<number> | null = null;

/**
 * Sends the snippets this browser kept in IndexedDB to the server once, then removes them here.
 * Resolves to how many the server took; one import at a time per page (React runs effects twice in
 * development). Fails (and keeps the local snippets) when offline or refused.
 */
export function importLocalSnippets(store: UseStore = workbenchStore()): Promise<number> {
  running ??= importOnce(store).finally(() => {
    running = null;
  });
  return running;
}
