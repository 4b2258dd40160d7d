import type { SnippetRecord } from "@contract/snippets";
import type { ExecuteResponse } from "@contract/sql";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Group, Panel } from "react-resizable-panels";
import { SideDrawer } from "@/components/ui/side-drawer";
import { errorText } from "@/lib/errors/error-text";
import { useRoleOn } from "@/lib/workspace/use-workspace";
import { atLeast } from "@/lib/workspace/workspace";
import { databaseKeys, schemaQuery } from "./api";
import { databasesQuery } from "./databases-api";
import { useRememberedLayout } from "./layout/remembered-layout";
import { ResizeHandle } from "./layout/resize-handle";
import { useBranchDatabase } from "./manage/database-mutations";
import { importLocalSnippets } from "./snippets/import-local-snippets";
import { markSnippetRun, snippetKeys, snippetQuery, snippetsQuery } from "./snippets/snippets-api";
import { cancelSql, executeSql, splitSql } from "./sql-api";
import { SqlEditor, type SqlEditorHandle } from "./sql-editor";
import { setCompletionSchema, setCompletionSnippets } from "./workbench/completion-provider";
import { CreateViewDialog } from "./workbench/create-view-dialog";
import { DestructiveConfirmDialog, snapshotNameFor } from "./workbench/destructive-confirm-dialog";
import { EditorTabBar } from "./workbench/editor-tab-bar";
import {
  addTab,
  closeTab,
  type EditorTabs,
  nextTabNumber,
  openSnippetTab,
  parseTabs,
  renameTab,
  tabsKey,
  tabTextKey,
} from "./workbench/editor-tabs";
import { HistoryPanel } from "./workbench/history-panel";
import { planExplain, planRun, type RunPlan } from "./workbench/pick-statements";
import { type ExplainedPlan, readPlan } from "./workbench/plan-tree";
import { ResultsPane } from "./workbench/results-pane";
import { ShortcutsDialog } from "./workbench/shortcuts-dialog";
import { addHistory, type HistoryEntry, loadHistory } from "./workbench/workbench-store";
import { WorkbenchToolbar } from "./workbench/workbench-toolbar";

const CANCELED_SQLSTATE = "57014";

/**
 * The SQL tab: editor tabs and a one-line toolbar above the editor, the results below it, split by a
 * draggable (and keyboard-operable) divider whose position is remembered; history and snippets in
 * a drawer that takes no width until opened.
 */
export function SqlWorkbench({
  dbId,
  snippetId,
  onSnippetOpened,
}: {
  dbId: string;
  /** A snippet to open in a new tab (the page's `?snippet=` link). */
  snippetId?: string;
  /** The linked snippet is open (or could not be): the link's parameter can go. */
  onSnippetOpened?: () => void;
}) {
  const { t, i18n } = useLingui();
  const editor = useRef<SqlEditorHandle>(null);
  const [running, setRunning] = useState<string | null>(null);
  const [response, setResponse] = useState<ExecuteResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const layout = useRememberedLayout("sql-workbench");

  const [confirming, setConfirming] = useState<{ plan: RunPlan; explain: boolean; at: Date } | null>(null);
  const [explained, setExplained] = useState<ExplainedPlan | null>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  // The query a view is being made of (its selection, else the editor's text); null: no dialog.
  const [viewQuery, setViewQuery] = useState<string | null>(null);
  const database = useQuery(databasesQuery()).data?.find((db) => db.id === dbId);
  const databaseOwner = database?.owner;
  const role = useRoleOn(databaseOwner);
  const mayChangeStructure = atLeast(role, "developer");
  // A snapshot before destructive statements is a branch: managed databases, and the role that may
  // create databases for their owner (the server decides the same).
  const mayBranch = database?.kind === "managed" && atLeast(role, "admin");
  const branch = useBranchDatabase();
  const [historyOpen, setHistoryOpen] = useState(false);
  const stopRequested = useRef(false);
  // Set while /sql/split answers, before `running` is: a second Ctrl+Enter then does nothing.
  const planning = useRef(false);
  /** Seconds a stopped run had been running, shown instead of the database's cancel error. */
  const [cancelledAfter, setCancelledAfter] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const schema = useQuery(schemaQuery(dbId)).data;
  useEffect(() => {
    setCompletionSchema(schema ?? null);
    return () => setCompletionSchema(null);
  }, [schema]);
  const [tabs, setTabs] = useState<EditorTabs>(() => parseTabs(localStorage.getItem(tabsKey(dbId))));
  function changeTabs(next: EditorTabs) {
    setTabs(next);
    localStorage.setItem(tabsKey(dbId), JSON.stringify(next));
  }
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  // The snippet names complete in the editor (to the snippet's SQL); without a connection, none.
  const snippetList = useQuery(snippetsQuery("", dbId)).data;
  useEffect(() => {
    // This browser's older snippets move to the server on the workbench's first use (the drawer
    // tries again when opened, should this fail).
    importLocalSnippets().then(
      (imported) => imported > 0 && void queryClient.invalidateQueries({ queryKey: snippetKeys.all }),
      () => undefined,
    );
  }, [queryClient]);
  useEffect(() => {
    setCompletionSnippets(snippetList ?? []);
    return () => setCompletionSnippets([]);
  }, [snippetList]);

  /** The editor's selection, else all of its text: what "Create view…" makes a view of. */
  function currentQuery(): string {
    const request = editor.current?.runRequest("smart");
    if (!request) return "";
    return request.mode === "selection" ? request.text.slice(request.start, request.end) : request.text;
  }

  function openSnippet(snippet: Pick<SnippetRecord, "id" | "name" | "sql">) {
    const tabId = crypto.randomUUID();
    const next = openSnippetTab(tabs, tabId, snippet);
    // A new tab's editor starts from its stored text; an open one keeps what the user typed there.
    if (next.activeId === tabId) localStorage.setItem(tabTextKey(dbId, tabId), snippet.sql);
    changeTabs(next);
  }

  // `?snippet=<id>`: the snippet opens once in a tab of its own; one that is missing or another
  // user's answers SNIPPET_NOT_FOUND, said in words above the editor.
  const linked = useQuery({ ...snippetQuery(snippetId ?? ""), enabled: snippetId !== undefined });
  const [linkFailure, setLinkFailure] = useState<string | null>(null);
  const handledLink = useRef<string | null>(null);
  useEffect(() => {
    if (!snippetId) {
      handledLink.current = null;
      return;
    }
    if (handledLink.current === snippetId) return;
    if (linked.data) {
      handledLink.current = snippetId;
      setLinkFailure(null);
      openSnippet(linked.data);
      onSnippetOpened?.();
    } else if (linked.error) {
      handledLink.current = snippetId;
      setLinkFailure(errorText(i18n, linked.error));
      onSnippetOpened?.();
    }
  });

  useEffect(() => {
    let current = true;
    // Without IndexedDB (private modes, quota) the workbench works, only without history and snippets.
    loadHistory(dbId).then(
      (entries) => current && setHistory(entries),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [dbId]);

  function remember(entry: HistoryEntry) {
    // History is a convenience: a full or blocked IndexedDB must not break running SQL.
    void addHistory(dbId, entry).then(setHistory, () => undefined);
  }

  // `?` opens the shortcut list, except while typing (the editor and inputs keep the key).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.key !== "?" || target?.closest("input, textarea, [contenteditable], .monaco-editor")) return;
      event.preventDefault();
      setShortcutsOpen(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  /**
   * Ctrl/Cmd+Enter ("smart": the selection or the statement at the cursor), Run all, or EXPLAIN
   * [ANALYZE] of the statement at the cursor.
   */
  async function run(kind: "smart" | "all" | "explain" | "explain-analyze") {
    const handle = editor.current;
    if (!handle || running || planning.current) return;
    const request = handle.runRequest(kind === "all" ? "all" : "smart");
    const fromSnippet = tabs.tabs.find((tab) => tab.id === tabs.activeId)?.snippetId;
    const toSplit = request.mode === "selection" ? request.text.slice(request.start, request.end) : request.text;
    if (toSplit.trim() === "") return;
    setFailure(null);
    const explain = kind === "explain" || kind === "explain-analyze";
    let plan: RunPlan | null;
    planning.current = true;
    try {
      const split = await splitSql(toSplit);
      if (explain && split.syntaxError) {
        // The SQL parser's own words, like PostgreSQL's statement errors: what SQL users look up.
        setFailure(split.syntaxError);
        return;
      }
      plan = explain ? planExplain(request, split, kind === "explain-analyze") : planRun(request, split);
    } catch (error) {
      setFailure(errorText(i18n, error));
      return;
    } finally {
      planning.current = false;
    }
    if (!plan) return;
    if (fromSnippet) {
      // "Last run" is a convenience: a refusal (a deleted snippet) must not stop the run.
      void markSnippetRun(fromSnippet).then(
        () => queryClient.invalidateQueries({ queryKey: snippetKeys.all }),
        () => undefined,
      );
    }
    if (plan.flagged.length > 0) setConfirming({ plan, explain, at: new Date() });
    else await execute(plan, explain);
  }

  async function execute(plan: RunPlan, explain: boolean) {
    const { sql, offset } = plan;
    const handle = editor.current;
    if (!handle) return;
    const executionId = crypto.randomUUID();
    handle.clearMarkers();
    stopRequested.current = false;
    setCancelledAfter(null);
    setRunning(executionId);
    // The previous run's answer and error go: they are not this run's.
    setFailure(null);
    setResponse(null);
    setExplained(null);
    const startedAt = Date.now();
    const started = performance.now();
    try {
      const answer = await executeSql(dbId, sql, executionId);
      const last = answer.results.at(-1);
      const stopped = stopRequested.current && answer.error?.sqlState === CANCELED_SQLSTATE;
      remember({
        sql,
        at: startedAt,
        durationMs: performance.now() - started,
        ok: !answer.error,
        rowCount: last ? (last.truncated ? last.rows.length : last.rowCount) : null,
        truncated: last?.truncated === true,
        cancelled: stopped,
      });
      let readable: ExplainedPlan | null = null;
      if (explain && !answer.error) {
        try {
          readable = readPlan(answer.results[0]?.rows[0]?.[0]);
        } catch {
          // Not a plan after all: the raw result is shown instead.
        }
      }
      // DDL changes what the tree and the completion know.
      if (answer.results.some((r) => /^(CREATE|ALTER|DROP|COMMENT)\b/.test(r.command))) {
        void queryClient.invalidateQueries({ queryKey: databaseKeys.schema(dbId) });
      }
      setExplained(readable);
      if (stopped) {
        // The user's own Stop is no error: one neutral line, no error tab, no underline.
        setCancelledAfter((performance.now() - started) / 1000);
        setResponse(answer.results.length > 0 ? { ...answer, error: null } : null);
        setActive(Math.max(0, answer.results.length - 1));
        return;
      }
      setResponse(readable ? null : answer);
      setActive(answer.error ? answer.results.length : 0);
      if (answer.error) {
        // A statement's error is PostgreSQL's own (with its SQLSTATE), not one of our codes: SQL users
        // expect its exact words, so it is shown and marked untranslated.
        const failed = plan.statementStarts[answer.error.statementIndex];
        handle.markError(
          answer.error.position,
          answer.error.message,
          offset,
          failed === undefined ? undefined : offset + failed,
        );
      }
    } catch (error) {
      remember({ sql, at: startedAt, durationMs: performance.now() - started, ok: false, rowCount: null });
      setResponse(null);
      setExplained(null);
      setFailure(errorText(i18n, error));
    } finally {
      setRunning(null);
    }
  }

  function stop() {
    if (!running) return;
    stopRequested.current = true;
    // The run's own answer tells what happened (stopped, or finished first); a lost cancel changes nothing to show.
    void cancelSql(dbId, running).catch(() => undefined);
  }

  const seconds = i18n.number(cancelledAfter ?? 0, { maximumFractionDigits: 1 });
  const status = running ? (
    <span role="status" className="text-sky-300">
      <Trans>Running…</Trans>
    </span>
  ) : cancelledAfter !== null ? (
    <span role="status" className="text-slate-300">
      <Trans>Cancelled after {seconds} s</Trans>
    </span>
  ) : null;

  return (
    <div className="flex h-full min-h-0 min-w-0 flex-col gap-1">
      <EditorTabBar
        state={tabs}
        onSelect={(id) => changeTabs({ ...tabs, activeId: id })}
        onAdd={() => changeTabs(addTab(tabs, crypto.randomUUID(), nextTabNumber(tabs)))}
        onRename={(id, name) => changeTabs(renameTab(tabs, id, name))}
        onClose={(id) => {
          localStorage.removeItem(tabTextKey(dbId, id));
          changeTabs(closeTab(tabs, id));
        }}
      />
      {linkFailure ? (
        <p role="alert" className="flex items-center gap-2 px-1 text-sm text-red-400">
          <span>
            <Trans>The linked snippet could not be opened: {linkFailure}</Trans>
          </span>
          <button type="button" className="text-slate-300 underline" onClick={() => setLinkFailure(null)}>
            <Trans>Dismiss</Trans>
          </button>
        </p>
      ) : null}
      <WorkbenchToolbar
        running={running !== null}
        status={status}
        onOpenHistory={() => setHistoryOpen(true)}
        canCreateView={mayChangeStructure}
        onAction={(action) => {
          if (action === "stop") stop();
          else if (action === "format") void editor.current?.format();
          else if (action === "shortcuts") setShortcutsOpen(true);
          else if (action === "create-view") setViewQuery(currentQuery());
          else void run(action === "run" ? "smart" : action === "run-all" ? "all" : action);
        }}
      />
      <Group
        orientation="vertical"
        id="sql-workbench"
        className="min-h-0 flex-1"
        defaultLayout={layout.defaultLayout}
        onLayoutChanged={layout.onLayoutChanged}
      >
        <Panel id="editor" defaultSize="45%" minSize={80} className="h-full">
          <SqlEditor
            ref={editor}
            storageKey={tabTextKey(dbId, tabs.activeId)}
            onRun={() => void run("smart")}
            onAction={(action) => {
              if (action === "format") void editor.current?.format();
              else void run(action === "run-all" ? "all" : action);
            }}
          />
        </Panel>
        <ResizeHandle label={t`Resize editor and results`} orientation="vertical" />
        <Panel id="results" minSize={96} className="h-full">
          <ResultsPane
            dbId={dbId}
            response={response}
            explained={explained}
            failure={failure}
            active={active}
            onActivate={setActive}
          />
        </Panel>
      </Group>
      <DestructiveConfirmDialog
        plan={confirming?.plan ?? null}
        snapshotName={mayBranch && database && confirming ? snapshotNameFor(database.name, confirming.at) : null}
        onSnapshot={async (name) => {
          await branch.mutateAsync({ id: dbId, name, withData: true });
        }}
        onCancel={() => setConfirming(null)}
        onConfirm={(plan) => {
          const explain = confirming?.explain ?? false;
          setConfirming(null);
          void execute(plan, explain);
        }}
      />
      <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      <CreateViewDialog
        dbId={dbId}
        query={viewQuery ?? ""}
        open={viewQuery !== null}
        onOpenChange={(open) => !open && setViewQuery(null)}
      />
      <SideDrawer
        open={historyOpen}
        onOpenChange={setHistoryOpen}
        side="right"
        title={t`History and snippets`}
        closeLabel={t`Close history and snippets`}
      >
        <HistoryPanel
          dbId={dbId}
          history={history}
          getEditorText={() => editor.current?.getText() ?? ""}
          onLoad={(sql) => {
            setHistoryOpen(false);
            editor.current?.setText(sql);
          }}
          onOpenSnippet={(snippet) => {
            setHistoryOpen(false);
            openSnippet(snippet);
          }}
        />
      </SideDrawer>
    </div>
  );
}
