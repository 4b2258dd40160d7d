/**
 * Values PostgreSQL cannot store, found before they reach it: a NUL (U+0000) is refused in text and
 * JSON ("invalid byte sequence", "unsupported Unicode escape sequence"), a lone UTF-16 surrogate is
 * not UTF-8 at all, and nesting thousands of levels deep overflows recursive validators and
 * PostgreSQL's own stack. Pure functions, shared by the HTTP edge and the zod schemas of free-form
 * JSON.
 */

/** Deepest nesting of arrays and objects any JSON request body may have. */
export const MAX_JSON_DEPTH = 64;

export type TextProblem = "nul" | "lone-surrogate";
export type JsonProblem = TextProblem | "too-deep";

// Without the `u` flag a regex sees UTF-16 code units, so a pair is two units and a lone half is one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ANY_SURROGATE = /[\uD800-\uDFFF]/;

/** What makes `text` unstorable, or null. */
export function textProblem(text: string): TextProblem | null {
  if (text.includes("\u0000")) return "nul";
  if (ANY_SURROGATE.test(text) && LONE_SURROGATE.test(text)) return "lone-surrogate";
  return null;
}

export interface JsonFinding {
  problem: JsonProblem;
  /** Where in the value: property names and array indexes from the root. */
  path: Array<string | number>;
}

interface Frame {
  value: unknown;
  depth: number;
  parent: Frame | null;
  key: string | number | null;
}

function pathOf(frame: Frame, last?: string | number): Array<string | number> {
  const path: Array<string | number> = last === undefined ? [] : [last];
  for (let f: Frame | null = frame; f?.parent; f = f.parent) path.unshift(f.key as string | number);
  return path;
}

/**
 * The first unstorable string or property name in a parsed JSON value, or nesting deeper than
 * `maxDepth` (the root object or array is depth 1). Iterative, so any depth is safe to inspect.
 */
export function findJsonProblem(root: unknown, maxDepth = MAX_JSON_DEPTH): JsonFinding | null {
  const stack: Frame[] = [{ value: root, depth: 0, parent: null, key: null }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const { value } = frame;
    if (typeof value === "string") {
      const problem = textProblem(value);
      if (problem) return { problem, path: pathOf(frame) };
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    const depth = frame.depth + 1;
    if (depth > maxDepth) return { problem: "too-deep", path: pathOf(frame) };
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], depth, parent: frame, key: i });
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      const problem = textProblem(key);
      if (problem) return { problem, path: pathOf(frame, key) };
      stack.push({ value: child, depth, parent: frame, key });
    }
  }
  return null;
}

/** The sentence a caller reads after the field's path. */
export function describeProblem(problem: JsonProblem, maxDepth = MAX_JSON_DEPTH): string {
  switch (problem) {
    case "nul":
      return "must not contain the NUL character (U+0000)";
    case "lone-surrogate":
      return "must not contain unpaired UTF-16 surrogates";
    case "too-deep":
      return `is nested more than ${maxDepth} levels deep`;
  }
}
