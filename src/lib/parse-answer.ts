import type { z } from "zod";
import { ApiError } from "./api-client";

/**
 * Reads a service's answer through its schema in server/contract. An answer of another shape (a
 * server and a page from different versions, a proxy's page) becomes the ApiError
 * "invalid_answer", which a page shows as its error state, instead of a crash deep in a view.
 * The message names the first field that differs, for the console and bug reports.
 */
export function parseAnswer<S extends z.ZodType>(schema: S, body: unknown, what: string, status?: number): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? issue.path.join(".") : "the answer";
  throw new ApiError("invalid_answer", `${what}: ${field}: ${issue?.message ?? "unexpected shape"}`, status);
}
