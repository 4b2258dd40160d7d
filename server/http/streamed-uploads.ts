import type { Context } from "hono";

/**
 * Uploads whose body streams to their route unread: CSV imports and SQL restores, which may be far larger than the
 * body limit and are never held whole. Their route counts the bytes (IMPORT_MAX_BYTES) and refuses
 * what the store cannot keep row by row; every other request is read and checked as before.
 */
const STREAMED = /^\/api\/v1\/db\/[^/]+\/(import\/(table\/[^/]+|new-table)|restore)$/;

export function isStreamedUpload(c: Context): boolean {
  return c.req.method === "POST" && STREAMED.test(c.req.path);
}
