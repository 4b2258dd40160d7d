import type { Context, MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import type { z } from "zod";
import type { AppEnv } from "../../http/env.ts";
import { noteRouteSchema } from "../../http/route-schemas.ts";
import { KnownErrors } from "../errors/known-errors.ts";

/** Request-header suffixes the SDK sends, once as X-Stack-* (<= 2.8.102) and once as X-Hexclave-* (2.8.108). */
const HEADER_SUFFIXES = [
  "project-id",
  "branch-id",
  "override-error-status",
  "random-nonce",
  "client-version",
  "disable-artificial-development-delay",
  "access-type",
  "publishable-client-key",
  "secret-server-key",
  "super-secret-admin-key",
  "admin-access-token",
  "refresh-token",
  "access-token",
  "allow-anonymous-user",
  "allow-restricted-user",
  "auth",
];

const EXPOSED_SUFFIXES = ["actual-status", "known-error", "request-id"];

/** Reads a header in either dialect; the X-Stack-* spelling wins if a client sends both. */
export function stackHeader(c: Context, suffix: string): string | undefined {
  return c.req.header(`x-stack-${suffix}`) ?? c.req.header(`x-hexclave-${suffix}`);
}

/**
 * CORS for both header families (the SDK omits credentials, so `*` is enough), no caching of
 * API answers, and the request id in both families.
 */
export function wireHeaders(): MiddlewareHandler<AppEnv>[] {
  const families = (suffixes: string[]) => suffixes.flatMap((s) => [`x-stack-${s}`, `x-hexclave-${s}`]);
  return [
    cors({
      origin: "*",
      allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
      allowHeaders: [
        "content-type",
        "authorization",
        ...families(HEADER_SUFFIXES),
        "baggage",
        "sentry-trace",
        "ngrok-skip-browser-warning",
      ],
      exposeHeaders: ["content-type", ...families(EXPOSED_SUFFIXES)],
      maxAge: 86_400,
    }),
    async (c, next) => {
      c.set("errorFormat", "stack");
      await next();
      if (!c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "no-store, max-age=0");
      const requestId = c.get("requestId");
      if (requestId) {
        c.res.headers.set("x-stack-request-id", requestId);
        c.res.headers.set("x-hexclave-request-id", requestId);
      }
    },
  ];
}

/** `/auth/api/v1/x` as Stack names it in messages: `/api/v1/x`. */
function apiPath(c: Context): string {
  const path = c.req.path;
  const at = path.indexOf("/api/v1");
  return at >= 0 ? path.slice(at) : path;
}

function describeIssue(where: string, issue: z.core.$ZodIssue): string {
  // Stack's (yup's) notation: `body.items[0].name`.
  const path = issue.path.reduce<string>(
    (out, key) => (typeof key === "number" ? `${out}[${key}]` : `${out}.${String(key)}`),
    where,
  );
  switch (issue.code) {
    case "unrecognized_keys":
      return `${path} contains unknown properties: ${issue.keys.join(", ")}`;
    case "invalid_type":
      return issue.input === undefined ? `${path} must be defined` : `${path} must be a ${issue.expected}`;
    case "too_small":
      if (issue.origin === "string") {
        return issue.exact
          ? `${path} must be exactly ${issue.minimum} characters`
          : Number(issue.minimum) <= 1
            ? `${path} must not be empty`
            : `${path} must be at least ${issue.minimum} characters`;
      }
      return `${path} must be greater than or equal to ${issue.minimum}`;
    case "too_big":
      if (issue.origin === "string") {
        return issue.exact
          ? `${path} must be exactly ${issue.maximum} characters`
          : `${path} must be at most ${issue.maximum} characters`;
      }
      return `${path} must be less than or equal to ${issue.maximum}`;
    case "invalid_format":
      return issue.format === "email"
        ? `${path} must be a valid email address`
        : issue.format === "uuid" || issue.format === "guid"
          ? `${path} must be a valid UUID`
          : `${path} is not a valid ${issue.format}`;
    case "invalid_value":
      return `${path} must be one of the following values: ${issue.values.map(String).join(", ")}`;
    case "custom":
      // A check that names its subject itself (Stack words some so) is shown without the path.
      return (issue as { params?: { bare?: boolean } }).params?.bare ? issue.message : `${path} ${issue.message}`;
    default:
      return `${path}: ${issue.message}`;
  }
}

function validate<S extends z.ZodType>(c: Context, where: "body" | "query", schema: S, input: unknown): z.infer<S> {
  noteRouteSchema(c, where, schema);
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  - ${describeIssue(where, issue)}`);
  throw KnownErrors.schemaError(`Request validation failed on ${c.req.method} ${apiPath(c)}:\n${lines.join("\n")}`);
}

/** Parses a JSON (or, for the token endpoint, form-encoded) body and validates it. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const contentType = c.req.header("content-type") ?? "";
  let input: unknown = {};
  if (contentType.includes("application/x-www-form-urlencoded")) {
    input = Object.fromEntries(new URLSearchParams(await c.req.text()));
  } else {
    const text = await c.req.text();
    if (text.trim() !== "") {
      try {
        input = JSON.parse(text);
      } catch {
        throw KnownErrors.bodyParsingError();
      }
    }
  }
  return validate(c, "body", schema, input);
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return validate(c, "query", schema, c.req.query());
}

/**
 * Checks the path parameters and the query together, as Stack does, so that one answer names
 * both (`params.team_id must be a valid UUID`, `query contains unknown properties: …`).
 */
export function checkParamsAndQuery(c: Context, params: z.ZodType, query: z.ZodType): void {
  noteRouteSchema(c, "query", query);
  const issues = [
    ...(params.safeParse(c.req.param()).error?.issues.map((issue) => describeIssue("params", issue)) ?? []),
    ...(query.safeParse(c.req.query()).error?.issues.map((issue) => describeIssue("query", issue)) ?? []),
  ];
  if (issues.length === 0) return;
  const lines = issues.map((line) => `  - ${line}`);
  throw KnownErrors.schemaError(`Request validation failed on ${c.req.method} ${apiPath(c)}:\n${lines.join("\n")}`);
}
