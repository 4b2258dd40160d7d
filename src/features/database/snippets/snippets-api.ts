import type { SaveSnippet, SnippetRecord } from "@contract/snippets";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The caller's saved queries on the server (/snippets): the same on every device and browser. With
 * the database on screen, the snippets of the team that owns it come along.
 */
export const snippetKeys = {
  all: ["snippets"] as const,
  list: (q: string, dbId = "") => ["snippets", "list", q, dbId] as const,
  one: (id: string) => ["snippets", "one", id] as const,
};

export const snippetsQuery = (q: string, dbId?: string) =>
  queryOptions({
    queryKey: snippetKeys.list(q, dbId),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (q) params.set("q", q);
      if (dbId && UUID.test(dbId)) params.set("databaseId", dbId);
      const query = params.toString();
      return apiRequest<SnippetRecord[]>(query ? `/snippets?${query}` : "/snippets", { signal });
    },
  });

export const snippetQuery = (id: string) =>
  queryOptions({
    queryKey: snippetKeys.one(id),
    queryFn: ({ signal }) => apiRequest<SnippetRecord>(`/snippets/${encodeURIComponent(id)}`, { signal }),
    // A missing (or another user's) snippet stays missing: no retries before saying so.
    retry: false,
  });

/** Saving under a name that exists replaces that snippet (the server decides). */
export const saveSnippet = (snippet: SaveSnippet) =>
  apiRequest<SnippetRecord>("/snippets", { method: "POST", json: snippet });

export const deleteSnippet = (id: string) =>
  apiRequest<unknown>(`/snippets/${encodeURIComponent(id)}`, { method: "DELETE" });

export const markSnippetRun = (id: string) =>
  apiRequest<SnippetRecord>(`/snippets/${encodeURIComponent(id)}/run`, { method: "POST" });

export const importSnippets = (snippets: Array<{ name: string; sql: string }>) =>
  apiRequest<{ imported: number; skipped: number }>("/snippets/import", { method: "POST", json: { snippets } });
