import type { Context } from "hono";
import type { z } from "zod";
import { noteRouteSchema } from "../../../http/route-schemas.ts";

/**
 * The JSON body, validated by `schema` (a ZodError answers SCHEMA_ERROR, unparsable JSON
 * BODY_PARSING_ERROR, both through the shared error handler). The input-hygiene layer has already
 * refused NUL, lone surrogates and deep nesting anywhere in it.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  noteRouteSchema(c, "body", schema);
  return schema.parse(await c.req.json());
}

/** The query string, validated by `schema`. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  noteRouteSchema(c, "query", schema);
  return schema.parse(c.req.query());
}
