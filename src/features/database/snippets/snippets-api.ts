import type { SaveSnippet, SnippetRecord } from "@contract/snippets";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** The caller's saved queries on the server (/snippets): the same on every device and browser. */
export const snippetKeys = {
  all: ["snippets"] as const,
  list: (q: string) => ["snippets", "list", q] as const,
  one: (id: string) => ["snippets", "one", id] as const,
};

export const snippetsQuery = (q: string) =>
  queryOptions({
    queryKey: snippetKeys.list(q),
    queryFn: ({ signal }) =>
      apiRequest<SnippetRecord[]>(q ? `/snippets?q=${encodeURIComponent(q)}` : "/snippets", { signal }),
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
