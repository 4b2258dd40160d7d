import { useLingui } from "@lingui/react/macro";
import type { Ref } from "react";
import { useEffect, useImperativeHandle, useRef, useState } from "react";

export interface SqlEditorHandle {
  /** The selected text if any, else the whole text, with the offset where it starts. */
  runnableText(): { sql: string; offset: number };
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
  ref,
}: {
  storageKey: string;
  onRun: () => void;
  ref: Ref<SqlEditorHandle>;
}) {
  const { t } = useLingui();
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<{ monaco: Monaco; editor: Editor } | null>(null);
  const runRef = useRef(onRun);
  runRef.current = onRun;
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let disposed = false;
    let instance: Editor | undefined;
    void import("./monaco-loader").then(({ monaco }) => {
      if (disposed || !host.current) return;
      instance = monaco.editor.create(host.current, {
        value: localStorage.getItem(storageKey) ?? "",
        language: "pgsql",
        theme: "vs-dark",
        automaticLayout: true,
        minimap: { enabled: false },
        fontSize: 13,
        ariaLabel: t`SQL editor`,
      });
      instance.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => runRef.current());
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
    runnableText() {
      const current = editor.current;
      if (!current) return { sql: "", offset: 0 };
      const model = current.editor.getModel();
      const selection = current.editor.getSelection();
      if (model && selection && !selection.isEmpty()) {
        return { sql: model.getValueInRange(selection), offset: model.getOffsetAt(selection.getStartPosition()) };
      }
      return { sql: current.editor.getValue(), offset: 0 };
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
