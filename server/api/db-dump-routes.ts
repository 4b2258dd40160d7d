import { Hono } from "hono";
import { dumpQuerySchema, RESTORE_MAX_BYTES } from "../contract/db-dump.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import { attachment } from "./lib/core/attachment.ts";
import { ok } from "./lib/core/pair.ts";
import { readQuery } from "./lib/core/read-input.ts";
import { type DatabaseEnv, leaseOwnDatabase, unreachable } from "./lib/databases/own-database.ts";
import { databaseRef } from "./lib/databases/user-databases.ts";
import { discardBody } from "./lib/transfer/csv-import.ts";
import { DumpSlots } from "./lib/transfer/dump-slots.ts";
import { dumpPglite } from "./lib/transfer/pglite-dump.ts";
import { dumpSql } from "./lib/transfer/sql-dump.ts";
import { restoreSql } from "./lib/transfer/sql-restore.ts";

/** `2026-11-29T12-03-05Z`: the time in a file name, sortable and without colons. */
function fileTime(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
}

/** SQL downloads the server runs at once (each a pg_dump, or a copy of a PGlite database and its thread). */
const DUMPS_AT_ONCE = 4;

/**
 * GET /db/{dbId}/dump?contents=schema|data: the database as one plain SQL file (pg_dump, streamed;
 * a managed PGlite database from a copy of its files, its rows as COPY blocks: see pglite-dump.ts),
 * for those who may read its rows and export them (developer and up, as exports).
 * POST /db/{dbId}/restore: a plain SQL file as the body, streamed into the database when it is
 * empty, in one transaction (developer and up, as the workbench's DDL and the CSV import).
 */
export function dumpRoutes(deps: ApiDeps) {
  const slots = new DumpSlots(DUMPS_AT_ONCE);
  return new Hono<DatabaseEnv>()
    .get("/dump", async (c) => {
      const query = readQuery(c, dumpQuerySchema);
      const { row, lease } = await leaseOwnDatabase(deps, c, "developer");
      let slot: { free(): void };
      try {
        slot = slots.take(row.id);
      } catch (error) {
        lease.release();
        throw error;
      }
      // Both are given back when the download is over, whichever way; a PGlite download gives the
      // live database back as soon as its copy is taken.
      const over = () => {
        slot.free();
        lease.release();
      };
      try {
        const ref = databaseRef(deps, row);
        const schemaOnly = query.contents === "schema";
        // A managed PGlite database is PostgreSQL 18, newer than Debian's pg_dump, and has one
        // backend: it is dumped from a copy of its files (see pglite-dump.ts).
        const body =
          ref.engine === "pglite" && ref.kind === "managed"
            ? await dumpPglite({
                snapshot: () => deps.connections.snapshotPglite(ref),
                schemaOnly,
                signal: c.req.raw.signal,
                onFinish: lease.release,
                onEnd: slot.free,
                logger: deps.logger,
              })
            : await dumpSql(await deps.connections.toolConnection(ref), schemaOnly, over, deps.logger);
        const suffix = query.contents === "schema" ? "-schema" : "";
        return new Response(body, {
          headers: {
            "content-type": "application/sql; charset=utf-8",
            "content-disposition": attachment(`${row.name}${suffix}-${fileTime(new Date())}.sql`),
            "cache-control": "no-store",
            "x-content-type-options": "nosniff",
          },
        });
      } catch (error) {
        over();
        throw unreachable(error);
      }
    })
    .post("/restore", async (c) => {
      try {
        // Ownership first: another user's database is a 404 before a byte of the file is read.
        const { lease } = await leaseOwnDatabase(deps, c, "developer");
        try {
          const result = await restoreSql(lease.target, {
            body: c.req.raw.body,
            maxBytes: RESTORE_MAX_BYTES,
            readOnly: deps.sql.readOnly,
          });
          return c.json(ok(result));
        } finally {
          lease.release();
        }
      } catch (error) {
        // Whatever refused the upload, its unread rest is dropped before the answer (see discardBody).
        await discardBody(c.req.raw.body);
        throw unreachable(error);
      }
    });
}
