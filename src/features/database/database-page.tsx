import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PanelLeft } from "lucide-react";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { createPortal } from "react-dom";
import { Group, Panel, usePanelRef } from "react-resizable-panels";
import { Button } from "@/components/ui/button";
import { SideDrawer } from "@/components/ui/side-drawer";
import { databasesQuery } from "@/features/database/databases-api";
import { useIsMobile } from "@/hooks/use-is-mobile";
import { errorText, isApiError } from "@/lib/errors/error-text";
import { useFollowOwner } from "@/lib/workspace/use-workspace";
import { schemaQuery } from "./api";
import { type DatabaseSearch, parseDatabaseSearch, type SearchUpdate } from "./database-search";
import { useRememberedLayout } from "./layout/remembered-layout";
import { ResizeHandle } from "./layout/resize-handle";
import { DatabaseActionsMenu } from "./manage/database-actions-menu";
import { type OpenTable, SchemaTree } from "./schema-tree";
import type { RawDatabaseSearch } from "./search-keys";
import { SqlWorkbench } from "./sql-workbench";
import { TableBrowser } from "./table-browser";

// The diagram brings its layout library (dagre) along: loaded when it is first opened.
const SchemaDiagram = lazy(() => import("./diagram/schema-diagram"));

/**
 * /db/$dbId: a header with the view tabs, the schema tree in a collapsible, resizable side panel
 * (a drawer on a phone) and the open view taking the rest of the width. What is open lives in the
 * URL (see database-search.ts).
 */
export function DatabasePage({
  dbId,
  rawSearch,
  onSearch,
}: {
  dbId: string;
  /** The URL's search parameters as the route picked them; checked here (parseDatabaseSearch). */
  rawSearch: RawDatabaseSearch;
  /** Merges into the URL's search parameters; a new history entry unless `replace`. */
  onSearch: SearchUpdate;
}) {
  const { t, i18n } = useLingui();
  const search = useMemo(() => parseDatabaseSearch(rawSearch), [rawSearch]);
  const mobile = useIsMobile();
  const [treeOpen, setTreeOpen] = useState(false);
  const [treeCollapsed, setTreeCollapsed] = useState(false);
  const tree = usePanelRef();
  const layout = useRememberedLayout("database-page");
  const database = useQuery(databasesQuery()).data?.find((db) => db.id === dbId);
  // The same query as the schema tree's: a database that is gone (deleted, or no longer shared
  // with the caller) says so in place of the whole page, not only in the tree a phone hides.
  const schema = useQuery(schemaQuery(dbId));
  const gone = isApiError(schema.error, "DATABASE_NOT_FOUND");
  // A shared link opens in the workspace that owns the database.
  useFollowOwner(database?.owner);
  const [host, place] = useMovableHost();
  // A snippet's link opens the workbench whatever the view was.
  const view = search.snippet !== undefined ? "sql" : (search.view ?? "table");
  const table: OpenTable | null =
    search.table !== undefined ? { schemaName: search.schema ?? "public", tableName: search.table } : null;

  const open = (opened: OpenTable, filter?: DatabaseSearch["filter"]) => {
    setTreeOpen(false);
    // A new table starts on its first page, unsorted, unfiltered, with the chart's guess; it keeps the
    // view (rows, structure or chart) unless a link to certain rows opened it.
    onSearch({
      view: "table",
      schema: opened.schemaName === "public" ? undefined : opened.schemaName,
      table: opened.tableName,
      page: undefined,
      sort: undefined,
      dir: undefined,
      col: undefined,
      q: undefined,
      filter: filter?.length ? filter : undefined,
      after: undefined,
      before: undefined,
      last: undefined,
      tab: filter ? undefined : search.tab,
      chart: undefined,
      x: undefined,
      y: undefined,
    });
  };
  const schemaTree = <SchemaTree dbId={dbId} onOpen={(opened) => open(opened)} />;
  const toggleTree = () => {
    if (mobile) setTreeOpen(true);
    else if (tree.current?.isCollapsed()) tree.current.expand();
    else tree.current?.collapse();
  };

  const content =
    view === "sql" ? (
      <SqlWorkbench
        key={dbId}
        dbId={dbId}
        snippetId={search.snippet}
        onSnippetOpened={() => onSearch({ view: "sql", snippet: undefined }, { replace: true })}
      />
    ) : view === "diagram" ? (
      <Suspense
        fallback={
          <p className="p-3 text-sm text-slate-400">
            <Trans>Loading diagram…</Trans>
          </p>
        }
      >
        <SchemaDiagram key={dbId} dbId={dbId} databaseName={database?.name ?? ""} onOpen={(opened) => open(opened)} />
      </Suspense>
    ) : table ? (
      <TableBrowser
        key={`${table.schemaName}.${table.tableName}`}
        dbId={dbId}
        table={table}
        search={search}
        onSearch={onSearch}
        onOpenTable={(opened, filter) => open(opened, filter)}
      />
    ) : (
      <p className="p-3 text-sm text-slate-400">
        <Trans>Choose a table in the tree to browse its rows.</Trans>
      </p>
    );

  if (gone) {
    return (
      <section className="grid justify-items-center gap-3 p-8 text-center">
        <h1 className="text-lg font-semibold text-slate-100">{errorText(i18n, schema.error)}</h1>
        <p className="text-sm text-slate-300">
          <Trans>It was deleted, or it is no longer shared with you.</Trans>
        </p>
        <Link to="/" className="rounded-md bg-indigo-500 px-4 py-2 text-sm text-white hover:bg-indigo-600">
          <Trans>Go home</Trans>
        </Link>
      </section>
    );
  }

  return (
    // As tall as the window below the shell's top bar (h-12), so the grid scrolls and the pager stays in view.
    <div className="flex h-[calc(100dvh-3rem)] min-h-0 min-w-0 flex-col">
      <div className="flex h-11 shrink-0 items-center gap-2 border-b border-slate-800 px-2">
        <Button
          variant="ghost"
          size="icon"
          onClick={toggleTree}
          aria-label={mobile || treeCollapsed ? t`Show schema` : t`Hide schema`}
          aria-expanded={mobile ? treeOpen : !treeCollapsed}
          title={mobile || treeCollapsed ? t`Show schema` : t`Hide schema`}
        >
          <PanelLeft aria-hidden="true" />
        </Button>
        <h1 className="min-w-0 truncate text-sm font-semibold text-slate-100">{database?.name ?? t`Database`}</h1>
        <div role="tablist" aria-label={t`Views`} className="flex shrink-0 gap-1">
          {(["table", "sql", "diagram"] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={view === name}
              onClick={() => onSearch({ view: name })}
              className={`px-3 py-2 text-sm ${view === name ? "border-b-2 border-sky-400 text-slate-100" : "text-slate-400 hover:text-slate-200"}`}
            >
              {name === "table" ? <Trans>Table</Trans> : name === "sql" ? <Trans>SQL</Trans> : <Trans>Diagram</Trans>}
            </button>
          ))}
        </div>
        <div className="ml-auto">
          <DatabaseActionsMenu database={database} />
        </div>
      </div>
      <section aria-label={t`Database`} className="flex min-h-0 min-w-0 flex-1">
        {mobile ? (
          <>
            <div ref={place} className="flex min-h-0 min-w-0 flex-1 flex-col p-2" />
            <SideDrawer
              open={treeOpen}
              onOpenChange={setTreeOpen}
              side="left"
              title={t`Schema`}
              closeLabel={t`Close schema`}
            >
              {schemaTree}
            </SideDrawer>
          </>
        ) : (
          <Group
            orientation="horizontal"
            id="database-page"
            className="min-h-0 min-w-0 flex-1"
            defaultLayout={layout.defaultLayout}
            onLayoutChanged={layout.onLayoutChanged}
          >
            <Panel
              id="schema"
              panelRef={tree}
              collapsible
              collapsedSize={0}
              defaultSize={240}
              minSize={180}
              maxSize="50%"
              groupResizeBehavior="preserve-pixel-size"
              onResize={(size) => setTreeCollapsed(size.inPixels < 1)}
              className="h-full bg-slate-950"
            >
              {/* Nothing focusable hides in a collapsed panel. */}
              {treeCollapsed ? null : schemaTree}
            </Panel>
            <ResizeHandle label={t`Resize schema panel`} orientation="horizontal" />
            <Panel id="main" minSize={320} className="flex h-full min-w-0 flex-col p-3">
              <div ref={place} className="flex min-h-0 min-w-0 flex-1 flex-col" />
            </Panel>
          </Group>
        )}
      </section>
      {createPortal(content, host)}
    </div>
  );
}

/**
 * The open view is mounted once, into a node of its own that moves into whichever layout shows
 * (the phone's or the desktop's panels): crossing the breakpoint would otherwise mount it anew and
 * lose what the URL does not hold (a query's results, edits not yet applied, the editor's undo).
 */
function useMovableHost(): [HTMLDivElement, (slot: HTMLDivElement | null) => void] {
  const [host] = useState(() => {
    const element = document.createElement("div");
    element.className = "flex min-h-0 min-w-0 flex-1 flex-col";
    return element;
  });
  const place = useCallback(
    (slot: HTMLDivElement | null) => {
      if (slot) slot.appendChild(host);
    },
    [host],
  );
  return [host, place];
}
