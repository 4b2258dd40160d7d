import type { Context } from "hono";
import { routePath } from "hono/route";
import type { z } from "zod";

export type SchemaPlace = "body" | "query";

/**
 * The zod schema each route validated its body or query with, keyed by method and route pattern
 * (`POST /auth/api/v1/teams/:team_id`), learnt as requests pass through the validating helpers.
 * Routes validate inside their handlers, so the route table alone does not know the schemas; the
 * property test over every route reads them here to generate hostile input from each route's own
 * schema. Bounded by the route table (a handful of entries per route), and only ever grows once.
 */
const learnt = new Map<string, Record<SchemaPlace, Set<z.ZodType>>>();

export function noteRouteSchema(c: Context, place: SchemaPlace, schema: z.ZodType): void {
  const key = `${c.req.method} ${routePath(c)}`;
  let entry = learnt.get(key);
  if (!entry) {
    entry = { body: new Set(), query: new Set() };
    learnt.set(key, entry);
  }
  // A route may pick its schema by caller (a client's team update differs from a server's).
  entry[place].add(schema);
}

/** What was learnt for `METHOD /path/:pattern`: every schema the route validated with so far. */
export function routeSchemas(method: string, path: string): Record<SchemaPlace, z.ZodType[]> {
  const entry = learnt.get(`${method} ${path}`);
  return { body: [...(entry?.body ?? [])], query: [...(entry?.query ?? [])] };
}
