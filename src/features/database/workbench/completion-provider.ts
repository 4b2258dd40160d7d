import type { DatabaseSchemaResponse } from "@contract/databases";
import type * as MonacoApi from "monaco-editor/editor/editor.api";
import { completionsAt } from "./completion-items";

type Monaco = typeof MonacoApi;

// The schema of the database whose workbench is open; the provider reads it on every request.
let currentSchema: DatabaseSchemaResponse | null = null;
let registered = false;

let currentSnippets: ReadonlyArray<{ name: string; sql: string }> = [];

export function setCompletionSchema(schema: DatabaseSchemaResponse | null): void {
  currentSchema = schema;
}

/** The user's saved snippets, offered by name. */
export function setCompletionSnippets(snippets: ReadonlyArray<{ name: string; sql: string }>): void {
  currentSnippets = snippets;
}

/** Registers the SQL completion provider once per page load (Monaco keeps providers globally). */
export function registerSqlCompletion(monaco: Monaco): void {
  if (registered) return;
  registered = true;
  const kinds = {
    keyword: monaco.languages.CompletionItemKind.Keyword,
    schema: monaco.languages.CompletionItemKind.Module,
    table: monaco.languages.CompletionItemKind.Struct,
    column: monaco.languages.CompletionItemKind.Field,
    snippet: monaco.languages.CompletionItemKind.Snippet,
  };
  // Columns first, then tables, schemas, keywords, snippets.
  const order = { column: "0", table: "1", schema: "2", keyword: "3", snippet: "4" };
  monaco.languages.registerCompletionItemProvider("pgsql", {
    triggerCharacters: ["."],
    provideCompletionItems(model, position) {
      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      const before = model.getValueInRange(new monaco.Range(1, 1, position.lineNumber, position.column));
      const items = completionsAt(before, model.getValue(), currentSchema ?? { schemas: [] }, currentSnippets);
      return {
        suggestions: items.map((item) => ({
          label: item.label,
          kind: kinds[item.kind],
          detail: item.detail,
          insertText:
            item.insertText ??
            (/^[a-z_][a-z0-9_$]*$/.test(item.label) || item.kind === "keyword"
              ? item.label
              : `"${item.label.replaceAll('"', '""')}"`),
          sortText: `${order[item.kind]}${item.label}`,
          range,
        })),
      };
    },
  });
}
