import { useLingui } from "@lingui/react/macro";
import type { Ref } from "react";
import { useEffect, useImperativeHandle, useRef, useState } from "react";
import { registerSqlCompletion } from "./workbench/completion-provider";
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
  /** Marks the database's error at a 1-based character position of the text last run. */
  markError(position: number | null, message: string, offset: number): void;
  clearMarkers(): void;
}

type Monaco = typeof import("monaco-editor/editor/editor.api");
type Editor = ReturnType<Monaco["editor"]["create"]>;

/** Monaco, loaded only when this component mounts, with the editor text kept in localStorage. */
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
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<{ monaco: Monaco; editor: Editor } | null>(null);
  const runRef = useRef(onRun);
  runRef.current = onRun;
  const actionRef = useRef(onAction);
  actionRef.current = onAction;
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let disposed = false;
    let instance: Editor | undefined;
    void import("./monaco-loader").then(({ monaco }) => {
      if (disposed || !host.current) return;
      instance = monaco.editor.create(host.current, {
        value: localStorage.getItem(storageKey) ?? "",
        language: "pgsql",
        theme: "app-console-dark",
        automaticLayout: true,
        minimap: { enabled: false },
        fontSize: 13,
        ariaLabel: t`SQL editor`,
      });
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
      instance.onDidChangeModelContent(() => localStorage.setItem(storageKey, instance?.getValue() ?? ""));
      editor.current = { monaco, editor: instance };
      setLoading(false);
    });
    return () => {
      disposed = true;
      instance?.dispose();
      editor.current = null;
    };
  }, [storageKey, t]);

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
      current.editor.focus();
    },
    focus() {
      editor.current?.editor.focus();
    },
    markError(position, message, offset) {
      const current = editor.current;
      const model = current?.editor.getModel();
      if (!current || !model) return;
      const start = model.getPositionAt(offset + Math.max(0, (position ?? 1) - 1));
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
    <div className="relative h-56 shrink-0 overflow-hidden rounded border border-slate-800" data-testid="sql-editor">
      {loading && <p className="p-2 text-sm text-slate-400">{t`Loading editor…`}</p>}
      <div ref={host} className="absolute inset-0" />
    </div>
  );
}
