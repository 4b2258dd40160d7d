// The table editor alone, for tests/bench/schema-editor.bench.ts: the page is handed the server's
// answers for a table (its columns, keys and indexes) and the catalog's types, and reports how long
// it takes from opening the editor to the painted frame with every column's card.
import type { CatalogTypesResponse, EditorTableResponse } from "@contract/schema-editor";
import { i18n } from "@lingui/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { catalogTypesQuery, editorTableQuery } from "@/features/database/schema-editor/editor-api";
import TableEditorPanel from "@/features/database/schema-editor/table-editor-panel";
import { messages } from "../../../locales/en/areas.po";
import "./bench.css";
import { afterPaint, mountBenchPage } from "../page-kit";

declare global {
  interface Window {
    /**
     * Opens the editor of `table` with the server's answers in the cache; ms until its columns are
     * painted, and until every type select holds the catalog's whole list.
     */
    benchEditor(
      table: EditorTableResponse,
      types: CatalogTypesResponse,
      tableName: string,
    ): Promise<{ painted: number; listed: number }>;
    benchClose(): Promise<void>;
  }
}

i18n.loadAndActivate({ locale: "en", messages: messages as never });
const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
let show: (opened: { key: string; table: string } | null) => void = () => {};

function App() {
  const [opened, setOpened] = useState<{ key: string; table: string } | null>(null);
  show = setOpened;
  return opened ? (
    <TableEditorPanel
      key={opened.key}
      dbId={opened.key}
      table={{ schemaName: "public", tableName: opened.table }}
      open
      onOpenChange={() => show(null)}
    />
  ) : null;
}

let runs = 0;
window.benchEditor = async (table, types, tableName) => {
  const key = `bench-${runs++}`;
  client.setQueryData(catalogTypesQuery(key).queryKey, types);
  // The editor reads its table fresh (staleTime 0): seeded here, a refetch would find no server.
  client.setQueryDefaults(editorTableQuery(key, "public", tableName).queryKey, { staleTime: Number.POSITIVE_INFINITY });
  client.setQueryData(editorTableQuery(key, "public", tableName).queryKey, table);
  const columns = table.table.columns.length;
  const started = performance.now();
  show({ key, table: tableName });
  while (document.querySelectorAll('fieldset[aria-label^="Column "]').length < columns) {
    await new Promise((r) => setTimeout(r, 0));
  }
  const painted = (await afterPaint()) - started;
  while (document.querySelector('[data-type-list="own"]')) await new Promise((r) => setTimeout(r, 0));
  return { painted, listed: (await afterPaint()) - started };
};

window.benchClose = async () => {
  show(null);
  await afterPaint();
};

mountBenchPage(
  <QueryClientProvider client={client}>
    <App />
  </QueryClientProvider>,
);
