// [stack-e2e harness] A vitest reporter that writes every test's state with its errors in full
// (message, the snapshot/assertion diff, expected/actual and the stack), which vitest's own JSON
// reporter cuts down to the first line. Output: $STACK_E2E_DETAIL_OUT (one JSON file per run).
import { writeFileSync } from "node:fs";
import type { File, Reporter, Task } from "vitest";

/** Terminal colour codes (ESC [ … m) out of vitest's messages. */
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const strip = (s: unknown) => (typeof s === "string" ? s.replace(COLOUR, "") : s);

function walk(task: Task, path: string[], out: unknown[], file: string) {
  if (task.type === "suite") {
    for (const t of task.tasks) walk(t, [...path, task.name], out, file);
    return;
  }
  const errors = (task.result?.errors ?? []).map(
    (e: { name?: string; message?: string; stack?: string; diff?: string; expected?: unknown; actual?: unknown }) => ({
      name: e?.name,
      message: strip(e?.message),
      diff: strip(e?.diff)?.toString().slice(0, 6000),
      stack: strip(e?.stack)?.toString().slice(0, 3000),
      expected: typeof e?.expected === "string" ? e.expected.slice(0, 4000) : undefined,
      actual: typeof e?.actual === "string" ? e.actual.slice(0, 4000) : undefined,
    }),
  );
  out.push({
    file,
    title: task.name,
    fullName: [...path, task.name].join(" > "),
    mode: task.mode,
    state: task.result?.state ?? (task.mode === "skip" || task.mode === "todo" ? "skip" : "notrun"),
    durationMs: task.result?.duration,
    errors,
  });
}

export default class DetailReporter implements Reporter {
  onFinished(files: File[] = []) {
    const out: unknown[] = [];
    const fileErrors: unknown[] = [];
    for (const f of files) {
      const rel = f.filepath.replace(/^.*?tests\/backend\//, "");
      for (const t of f.tasks) walk(t, [], out, rel);
      if (f.result?.errors?.length) {
        fileErrors.push({
          file: rel,
          errors: f.result.errors.map(
            (e: {
              name?: string;
              message?: string;
              stack?: string;
              diff?: string;
              expected?: unknown;
              actual?: unknown;
            }) => ({
              message: strip(e?.message),
              stack: strip(e?.stack)?.toString().slice(0, 2000),
            }),
          ),
        });
      }
    }
    const target = process.env.STACK_E2E_DETAIL_OUT ?? "stack-e2e-detail.json";
    writeFileSync(target, JSON.stringify({ tests: out, fileErrors }, null, 1));
  }
}
