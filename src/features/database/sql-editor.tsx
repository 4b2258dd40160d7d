import { useLingui } from "@lingui/react/macro";
import { Editor, type OnMount } from "@monaco-editor/react";
import type { Ref } from "react";
import { useEffect, useImperativeHandle, useRef, useState } from "react";
import { registerSqlCompletion } from "./workbench/completion-provider";
import { keepLineStartsInView } from "./workbench/keep-line-starts";
import type { RunRequest } from "./workbench/pick-statements";

export interface SqlEditorHandle {
  /** The selection if there is one, else the cursor ("smart"), or the whole text ("all"). */
  runRequest(kind: "smart" | "all"): RunRequest;
  /** Formats the selection, or the whole text, with sql-formatter's PostgreSQL dialect. */
  format(): Promise<void>;
  getText(): string;
  /** Replaces the editor text (history, snippets). */
  setText(text: string): void;
  focus(): void;
  /**
   * Marks the database's error: at a 1-based character position of the text last run when there
   * is one, else at the start of the failing statement (`statementOffset`, 0-based in the editor).
   */
  markError(position: number | null, message: string, offset: number, statementOffset?: number): void;
  clearMarkers(): void;
}

type Monaco = Parameters<OnMount>[1];
type MonacoEditor = Parameters<OnMount>[0];

let monacoReady: Promise<void> | null = null;
let monacoLoaded = false;
/** Monaco (about 1 MB) loads on the first editor, not with the page; the loader then hands it over. */
const loadMonaco = () => {
  monacoReady ??= import("./monaco-loader").then(() => {
    monacoLoaded = true;
  });
  return monacoReady;
};

/**
 * @monaco-editor/react on the locally bundled Monaco, one model per editor tab (`storageKey` is its
 * path), with each tab's text kept in localStorage.
 */
export function SqlEditor({
  storageKey,
  onRun,
  onAction,
  ref,
}: {
  storageKey: string;
  onRun: () => void;
  /** Extra keyboard actions: run all, format, EXPLAIN. */
  onAction?: (action: "run-all" | "format" | "explain" | "explain-analyze") => void;
  ref: Ref<SqlEditorHandle>;
}) {
  const { t } = useLingui();
  const editor = useRef<{ monaco: Monaco; editor: MonacoEditor } | null>(null);
  const runRef = useRef(onRun);
  runRef.current = onRun;
  const actionRef = useRef(onAction);
  actionRef.current = onAction;
  const [ready, setReady] = useState(monacoLoaded);

  useEffect(() => {
    let current = true;
    void loadMonaco().then(() => current && setReady(true));
    return () => {
      current = false;
    };
  }, []);

  const onMount: OnMount = (instance, monaco) => {
    registerSqlCompletion(monaco);
    instance.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => runRef.current());
    instance.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.Enter, () =>
      actionRef.current?.("run-all"),
    );
    // F7 and Shift+F7 as in pgAdmin.
    instance.addCommand(monaco.KeyCode.F7, () => actionRef.current?.("explain"));
    instance.addCommand(monaco.KeyMod.Shift | monaco.KeyCode.F7, () => actionRef.current?.("explain-analyze"));
    instance.addCommand(monaco.KeyMod.Shift | monaco.KeyMod.Alt | monaco.KeyCode.KeyF, () =>
      actionRef.current?.("format"),
    );
    keepLineStartsInView(instance);
    editor.current = { monaco, editor: instance };
  };

  useEffect(
    () => () => {
      editor.current = null;
    },
    [],
  );

  useImperativeHandle(ref, () => ({
    runRequest(kind) {
      const current = editor.current;
      const model = current?.editor.getModel();
      if (!current || !model) return { mode: "all", text: "" };
      const text = model.getValue();
      if (kind === "all") return { mode: "all", text };
      const selection = current.editor.getSelection();
      if (selection && !selection.isEmpty()) {
        return {
          mode: "selection",
          text,
          start: model.getOffsetAt(selection.getStartPosition()),
          end: model.getOffsetAt(selection.getEndPosition()),
        };
      }
      const position = current.editor.getPosition();
      return { mode: "cursor", text, cursor: position ? model.getOffsetAt(position) : 0 };
    },
    async format() {
      const current = editor.current;
      const model = current?.editor.getModel();
      if (!current || !model) return;
      // Loaded on first use: the formatter is only needed when asked for.
      const { formatDialect, postgresql } = await import("sql-formatter");
      const selection = current.editor.getSelection();
      const range = selection && !selection.isEmpty() ? selection : model.getFullModelRange();
      const formatted = formatDialect(model.getValueInRange(range), { dialect: postgresql, keywordCase: "upper" });
      // An edit, not setValue, so Ctrl+Z undoes the formatting.
      current.editor.executeEdits("format", [{ range, text: formatted }]);
      current.editor.pushUndoStop();
    },
    getText() {
      return editor.current?.editor.getValue() ?? "";
    },
    setText(text) {
      const current = editor.current;
      const model = current?.editor.getModel();
      if (!current || !model) return;
      current.editor.executeEdits("load", [{ range: model.getFullModelRange(), text }]);
      current.editor.pushUndoStop();
      current.editor.setScrollLeft(0);
      current.editor.focus();
    },
    focus() {
      editor.current?.editor.focus();
    },
    markError(position, message, offset, statementOffset) {
      const current = editor.current;
      const model = current?.editor.getModel();
      if (!current || !model) return;
      // Without a position the database blames the statement as a whole: its first word, not line 1.
      const at = position !== null ? offset + Math.max(0, position - 1) : (statementOffset ?? offset);
      const start = model.getPositionAt(skipBlank(model.getValue(), at));
      const word = model.getWordAtPosition(start);
      current.monaco.editor.setModelMarkers(model, "database", [
        {
          severity: current.monaco.MarkerSeverity.Error,
          message,
          startLineNumber: start.lineNumber,
          startColumn: word?.startColumn ?? start.column,
          endLineNumber: start.lineNumber,
          endColumn: word?.endColumn ?? start.column + 1,
        },
      ]);
    },
    clearMarkers() {
      const current = editor.current;
      const model = current?.editor.getModel();
      if (current && model) current.monaco.editor.setModelMarkers(model, "database", []);
    },
  }));

  return (
    <div className="relative h-full min-h-0 overflow-hidden rounded border border-slate-800" data-testid="sql-editor">
      {ready ? (
        <Editor
          path={storageKey}
          defaultValue={localStorage.getItem(storageKey) ?? ""}
          defaultLanguage="pgsql"
          theme="app-console-dark"
          loading={<p className="p-2 text-sm text-slate-400">{t`Loading editor…`}</p>}
          onMount={onMount}
          onChange={(value) => localStorage.setItem(storageKey, value ?? "")}
          options={{
            automaticLayout: true,
            minimap: { enabled: false },
            fontSize: 13,
            ariaLabel: t`SQL editor`,
            // No blank columns past the longest line: less room to scroll sideways into.
            scrollBeyondLastColumn: 0,
            fixedOverflowWidgets: true,
          }}
        />
      ) : (
        <p className="p-2 text-sm text-slate-400">{t`Loading editor…`}</p>
      )}
    </div>
  );
}

/** Whitespace between statements belongs to none: the marker goes on the next word. */
function skipBlank(text: string, at: number): number {
  let i = Math.max(0, at);
  while (i < text.length && /\s/.test(text[i] ?? "")) i++;
  return Math.min(i, text.length);
}
