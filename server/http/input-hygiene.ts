import type { Context, MiddlewareHandler } from "hono";
import { describeProblem, findJsonProblem, type JsonProblem, textProblem } from "../contract/text-hygiene.ts";
import { HttpError } from "../lib/errors.ts";
import type { AppEnv } from "./env.ts";
import { isStreamedUpload } from "./streamed-uploads.ts";

/**
 * The one gate every request passes before any route: path segments, query parameters and
 * bodies (JSON, form or text) may not carry values the store cannot keep (NUL, lone surrogates)
 * or JSON nested deeper than MAX_JSON_DEPTH. Routes then validate shapes with their zod schemas;
 * this layer only removes what no schema should have to think about, so that no such value can
 * reach PostgreSQL and come back as a 500.
 *
 * A refusal is a 400 SCHEMA_ERROR in the envelope of the API the request was for: Stack's
 * "Request validation failed on …" wording on the auth service, the pair on the app API.
 */
export function inputHygiene(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const problems = [...checkPath(c), ...checkQuery(c), ...(await checkBody(c))];
    if (problems.length > 0) throw schemaError(c, problems);
    await next();
  };
}

interface Problem {
  where: "path" | "query" | "body";
  path: Array<string | number>;
  problem: JsonProblem;
}

function checkPath(c: Context): Problem[] {
  const raw = new URL(c.req.url).pathname;
  const problems: Problem[] = [];
  for (const segment of raw.split("/")) {
    // Hono hands routes the decoded segment, or the raw one when it does not decode.
    const problem = textProblem(tryDecode(segment));
    if (problem) problems.push({ where: "path", path: [], problem });
  }
  return problems.slice(0, 1);
}

function checkQuery(c: Context): Problem[] {
  const problems: Problem[] = [];
  for (const [key, values] of Object.entries(c.req.queries())) {
    const keyProblem = textProblem(key);
    if (keyProblem) problems.push({ where: "query", path: [], problem: keyProblem });
    for (const value of values) {
      const problem = textProblem(value);
      if (problem) problems.push({ where: "query", path: [key], problem });
    }
  }
  return problems;
}

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);

async function checkBody(c: Context): Promise<Problem[]> {
  if (BODYLESS.has(c.req.method) || c.req.raw.body === null || isStreamedUpload(c)) return [];
  const contentType = c.req.header("content-type") ?? "";
  // Routes read bodies as text, JSON or form; the text is cached, so they read it again for free.
  const text = await c.req.text();
  if (text === "") return [];
  if (contentType.includes("application/x-www-form-urlencoded")) {
    const form = new URLSearchParams(text);
    const problems: Problem[] = [];
    for (const [key, value] of form) {
      const problem = textProblem(key) ?? textProblem(value);
      if (problem) problems.push({ where: "body", path: [key], problem });
    }
    return problems;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the route answers BODY_PARSING_ERROR if it wanted JSON. Text is still checked.
    const problem = textProblem(text);
    return problem ? [{ where: "body", path: [], problem }] : [];
  }
  const finding = findJsonProblem(parsed);
  return finding ? [{ where: "body", ...finding }] : [];
}

function tryDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function describe({ where, path, problem }: Problem): string {
  const field = [where, ...path.map(String)].join(".");
  return `${field} ${describeProblem(problem)}`;
}

/** `/auth/api/v1/x` as Stack names it in messages: `/api/v1/x` (still percent-encoded). */
function apiPath(c: Context): string {
  const path = new URL(c.req.url).pathname;
  const at = path.indexOf("/api/v1");
  return at >= 0 ? path.slice(at) : path;
}

function schemaError(c: Context<AppEnv>, problems: Problem[]): HttpError {
  const lines = problems.slice(0, 10).map(describe);
  if (c.get("errorFormat") === "pair") return new HttpError("SCHEMA_ERROR", lines.join("\n"));
  const message = `Request validation failed on ${c.req.method} ${apiPath(c)}:\n${lines.map((l) => `  - ${l}`).join("\n")}`;
  return new HttpError("SCHEMA_ERROR", message, { message });
}
