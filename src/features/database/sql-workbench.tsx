import type { ExecuteResponse } from "@contract/sql";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { databaseKeys, schemaQuery } from "./api";
import { ResultGrid } from "./result-grid";
import { cancelSql, executeSql, splitSql } from "./sql-api";
import { SqlEditor, type SqlEditorHandle } from "./sql-editor";
import { setCompletionSchema } from "./workbench/completion-provider";
import { DestructiveConfirmDialog } from "./workbench/destructive-confirm-dialog";
import { EditorTabBar } from "./workbench/editor-tab-bar";
import {
  addTab,
  closeTab,
  type EditorTabs,
  nextTabName,
  parseTabs,
  renameTab,
  tabsKey,
  tabTextKey,
} from "./workbench/editor-tabs";
import { HistoryPanel } from "./workbench/history-panel";
import { planExplain, planRun, type RunPlan } from "./workbench/pick-statements";
import { type ExplainedPlan, readPlan } from "./workbench/plan-tree";
import { PlanView } from "./workbench/plan-view";
import { ShortcutsDialog } from "./workbench/shortcuts-dialog";
import {
  addHistory,
  deleteSnippet,
  type HistoryEntry,
  loadHistory,
  loadSnippets,
  type Snippet,
  saveSnippet,
} from "./workbench/workbench-store";

const CANCELED_SQLSTATE = "57014";

/**
 * The SQL tab: editor tabs, Run (selection or statement at the cursor), Run all, Stop, EXPLAIN,
 * Format, one result tab per statement or a plan tree, and the history and snippets beside them.
 */
export function SqlWorkbench({ dbId }: { dbId: string }) {
  const { t } = useLingui();
  const editor = useRef<SqlEditorHandle>(null);
  const [running, setRunning] = useState<string | null>(null);
  const [response, setResponse] = useState<ExecuteResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  const [confirming, setConfirming] = useState<{ plan: RunPlan; explain: boolean } | null>(null);
  const [explained, setExplained] = useState<ExplainedPlan | null>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const stopRequested = useRef(false);
  // Set while /sql/split answers, before `running` is: a second Ctrl+Enter then does nothing.
  const planning = useRef(false);
  const [stopped, setStopped] = useState(false);
  const queryClient = useQueryClient();
  const schema = useQuery(schemaQuery(dbId)).data;
  useEffect(() => {
    setCompletionSchema(schema ?? null);
    return () => setCompletionSchema(null);
  }, [schema]);
  const tabName = (n: number) => t`Query ${n}`;
  const [tabs, setTabs] = useState<EditorTabs>(() => parseTabs(localStorage.getItem(tabsKey(dbId)), tabName(1)));
  function changeTabs(next: EditorTabs) {
    setTabs(next);
    localStorage.setItem(tabsKey(dbId), JSON.stringify(next));
  }
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const [snippets, setSnippets] = useState<Snippet[]>([]);

  useEffect(() => {
    let current = true;
    // Without IndexedDB (private modes, quota) the workbench works, only without history and snippets.
    loadHistory(dbId).then(
      (entries) => current && setHistory(entries),
      () => undefined,
    );
    loadSnippets().then(
      (saved) => current && setSnippets(saved),
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
    const toSplit = request.mode === "selection" ? request.text.slice(request.start, request.end) : request.text;
    if (toSplit.trim() === "") return;
    setFailure(null);
    const explain = kind === "explain" || kind === "explain-analyze";
    let plan: RunPlan | null;
    planning.current = true;
    try {
      const split = await splitSql(toSplit);
      if (explain && split.syntaxError) {
        setFailure(split.syntaxError);
        return;
      }
      plan = explain ? planExplain(request, split, kind === "explain-analyze") : planRun(request, split);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      return;
    } finally {
      planning.current = false;
    }
    if (!plan) return;
    if (plan.flagged.length > 0) setConfirming({ plan, explain });
    else await execute(plan, explain);
  }

  async function execute({ sql, offset }: RunPlan, explain: boolean) {
    const handle = editor.current;
    if (!handle) return;
    const executionId = crypto.randomUUID();
    handle.clearMarkers();
    stopRequested.current = false;
    setStopped(false);
    setRunning(executionId);
    setFailure(null);
    const startedAt = Date.now();
    const started = performance.now();
    try {
      const answer = await executeSql(dbId, sql, executionId);
      remember({
        sql,
        at: startedAt,
        durationMs: performance.now() - started,
        ok: !answer.error,
        rowCount: answer.results.at(-1)?.rowCount ?? null,
      });
      let readable: ExplainedPlan | null = null;
      if (explain && !answer.error) {
        try {
          readable = readPlan(answer.results[0]?.rows[0]?.[0]);
        } catch {
          // Not a plan after all: the raw result is shown instead.
        }
      }
      setExplained(readable);
      setResponse(readable ? null : answer);
      // DDL changes what the tree and the completion know.
      if (answer.results.some((r) => /^(CREATE|ALTER|DROP|COMMENT)\b/.test(r.command))) {
        void queryClient.invalidateQueries({ queryKey: databaseKeys.schema(dbId) });
      }
      setStopped(stopRequested.current && answer.error?.sqlState === CANCELED_SQLSTATE);
      setActive(answer.error ? answer.results.length : 0);
      if (answer.error) handle.markError(answer.error.position, answer.error.message, offset);
    } catch (error) {
      remember({ sql, at: startedAt, durationMs: performance.now() - started, ok: false, rowCount: null });
      setResponse(null);
      setExplained(null);
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setRunning(null);
    }
  }

  function stop() {
    if (!running) return;
    stopRequested.current = true;
    void cancelSql(dbId, running).catch(() => undefined);
  }

  const results = response?.results ?? [];
  const current = results[active];

  return (
    <div className="flex h-full min-h-0 flex-col gap-3 lg:flex-row">
      <section aria-label={t`SQL`} className="flex h-full min-h-0 min-w-0 flex-1 flex-col gap-2">
        <EditorTabBar
          state={tabs}
          onSelect={(id) => changeTabs({ ...tabs, activeId: id })}
          onAdd={() => changeTabs(addTab(tabs, crypto.randomUUID(), nextTabName(tabs, tabName)))}
          onRename={(id, name) => changeTabs(renameTab(tabs, id, name))}
          onClose={(id) => {
            localStorage.removeItem(tabTextKey(dbId, id));
            changeTabs(closeTab(tabs, id));
          }}
        />
        <SqlEditor
          ref={editor}
          storageKey={tabTextKey(dbId, tabs.activeId)}
          onRun={() => void run("smart")}
          onAction={(action) => {
            if (action === "format") void editor.current?.format();
            else void run(action === "run-all" ? "all" : action);
          }}
        />
        <div role="toolbar" aria-label={t`SQL actions`} className="flex flex-wrap items-center gap-2">
          <Button size="sm" onClick={() => void run("smart")} disabled={running !== null}>
            <Trans>Run</Trans>
          </Button>
          <Button size="sm" variant="outline" onClick={() => void run("all")} disabled={running !== null}>
            <Trans>Run all</Trans>
          </Button>
          <Button size="sm" variant="outline" disabled={running === null} onClick={stop}>
            <Trans>Stop</Trans>
          </Button>
          <Button size="sm" variant="outline" onClick={() => void run("explain")} disabled={running !== null}>
            <Trans>Explain</Trans>
          </Button>
          <Button size="sm" variant="outline" onClick={() => void run("explain-analyze")} disabled={running !== null}>
            <Trans>Explain analyze</Trans>
          </Button>
          <Button size="sm" variant="outline" onClick={() => void editor.current?.format()}>
            <Trans>Format SQL</Trans>
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setShortcutsOpen(true)}>
            <Trans>Keyboard shortcuts</Trans>
          </Button>
          <span className="text-xs text-slate-500">
            <Trans>Ctrl/Cmd+Enter runs the selection, or the statement at the cursor.</Trans>
          </span>
          {running && (
            <span role="status" className="text-xs text-sky-300">
              <Trans>Running…</Trans>
            </span>
          )}
          {stopped && (
            <span role="status" className="text-xs text-amber-300">
              <Trans>Cancelled: the statement was stopped.</Trans>
            </span>
          )}
        </div>
        <DestructiveConfirmDialog
          plan={confirming?.plan ?? null}
          onCancel={() => setConfirming(null)}
          onConfirm={(plan) => {
            const explain = confirming?.explain ?? false;
            setConfirming(null);
            void execute(plan, explain);
          }}
        />
        <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
        {failure && (
          <p role="alert" className="text-sm text-red-400">
            {failure}
          </p>
        )}
        {explained && <PlanView plan={explained} />}
        {response && (
          <>
            <div role="tablist" aria-label={t`Results`} className="flex flex-wrap gap-1 border-b border-slate-800">
              {results.map((result, index) => (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: one tab per statement, in order
                  key={index}
                  type="button"
                  role="tab"
                  aria-selected={index === active}
                  onClick={() => setActive(index)}
                  className={`px-3 py-1 text-sm ${index === active ? "border-b-2 border-sky-400 text-slate-100" : "text-slate-400"}`}
                >
                  <Trans>
                    Result {index + 1}: {result.command}
                  </Trans>
                </button>
              ))}
              {response.error && (
                <button
                  type="button"
                  role="tab"
                  aria-selected={active === results.length}
                  onClick={() => setActive(results.length)}
                  className={`px-3 py-1 text-sm text-red-400 ${active === results.length ? "border-b-2 border-red-400" : ""}`}
                >
                  <Trans>Error</Trans>
                </button>
              )}
            </div>
            {current && (
              <div role="tabpanel" className="flex min-h-0 flex-1 flex-col gap-1">
                <p className="text-xs text-slate-400">
                  {current.rowCount === null ? (
                    <Trans>{current.durationMs} ms</Trans>
                  ) : (
                    <Trans>
                      {current.rowCount} rows in {current.durationMs} ms
                    </Trans>
                  )}
                  {current.truncated && (
                    <span className="ml-2 text-amber-300">
                      <Trans>Truncated: only the first rows are shown.</Trans>
                    </span>
                  )}
                </p>
                {current.columns.length > 0 && <ResultGrid columns={current.columns} rows={current.rows} />}
              </div>
            )}
            {response.error && active === results.length && (
              <div role="alert" className="rounded border border-red-900 bg-red-950/40 p-2 text-sm text-red-300">
                <p>{response.error.message}</p>
                {response.error.detail && <p>{response.error.detail}</p>}
                {response.error.hint && <p>{response.error.hint}</p>}
              </div>
            )}
          </>
        )}
      </section>
      <HistoryPanel
        history={history}
        snippets={snippets}
        onLoad={(sql) => editor.current?.setText(sql)}
        onSaveSnippet={(name) => {
          const sql = editor.current?.getText() ?? "";
          if (sql.trim()) void saveSnippet({ name, sql }).then(setSnippets);
        }}
        onDeleteSnippet={(name) => void deleteSnippet(name).then(setSnippets)}
      />
    </div>
  );
}
