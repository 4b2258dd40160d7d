import "monaco-editor/languages/definitions/pgsql/register";
// The lean API has no contributions; these are the ones the workbench uses: completion (the
// suggest widget), find (Ctrl/Cmd+F), hover (the error marker's message) and line comments.
import "monaco-editor/editor/contrib/suggest/browser/suggestController";
import "monaco-editor/editor/contrib/find/browser/findController";
import "monaco-editor/editor/contrib/hover/browser/hoverContribution";
import "monaco-editor/editor/contrib/comment/browser/comment";
import { loader } from "@monaco-editor/react";
import * as monaco from "monaco-editor/editor/editor.api";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";

// Monaco asks for a worker per language service; SQL needs only the base editor worker.
self.MonacoEnvironment = { getWorker: () => new EditorWorker() };

// vs-dark on the shell's own colours (src/styles.css, the sidebar's slate), so the editor does not
// sit as a grey box in the dark page.
monaco.editor.defineTheme("app-console-dark", {
  base: "vs-dark",
  inherit: true,
  rules: [],
  colors: {
    "editor.background": "#0b1020",
    "editor.lineHighlightBackground": "#111a33",
    "editorGutter.background": "#0b1020",
    "editorLineNumber.foreground": "#475569",
    "editorSuggestWidget.background": "#0f172a",
    "editorSuggestWidget.selectedBackground": "#1e293b",
    "editorWidget.background": "#0f172a",
  },
});

// @monaco-editor/react uses this Monaco instead of fetching one (see scripts/vite-monaco-local.ts).
loader.config({ monaco });

export { monaco };
