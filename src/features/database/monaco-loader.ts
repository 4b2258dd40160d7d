import "monaco-editor/languages/definitions/pgsql/register";
// The lean API has no contributions; these are the ones the workbench uses: completion (the
// suggest widget), find (Ctrl/Cmd+F), hover (the error marker's message) and line comments.
import "monaco-editor/editor/contrib/suggest/browser/suggestController";
import "monaco-editor/editor/contrib/find/browser/findController";
import "monaco-editor/editor/contrib/hover/browser/hoverContribution";
import "monaco-editor/editor/contrib/comment/browser/comment";
import * as monaco from "monaco-editor/editor/editor.api";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";

// Monaco asks for a worker per language service; SQL needs only the base editor worker.
self.MonacoEnvironment = { getWorker: () => new EditorWorker() };

export { monaco };
