import "monaco-editor/languages/definitions/pgsql/register";
import * as monaco from "monaco-editor/editor/editor.api";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";

// Monaco asks for a worker per language service; SQL needs only the base editor worker.
self.MonacoEnvironment = { getWorker: () => new EditorWorker() };

export { monaco };
