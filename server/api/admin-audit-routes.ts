import { stringify } from "csv-stringify/sync";
import { Hono } from "hono";
import {
  INSTANCE_AUDIT_EXPORT_MAX,
  type InstanceAuditEvent,
  instanceAuditFilterSchema,
  instanceAuditQuerySchema,
} from "../contract/instance-audit.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import type { ApiEnv } from "./lib/core/api-env.ts";
import { ok } from "./lib/core/pair.ts";
import { readQuery } from "./lib/core/read-input.ts";
import { eachInstanceAuditEvent, listInstanceAudit } from "./lib/history/instance-audit-query.ts";

const CSV_HEADER = [
  "time",
  "action",
  "actor",
  "actor_id",
  "impersonator",
  "impersonator_id",
  "subject",
  "subject_label",
  "detail",
];

/** A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) is kept as text. */
function cell(text: string | null | undefined): string {
  if (!text) return "";
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvRow(e: InstanceAuditEvent): string[] {
  return [
    e.createdAt,
    e.action,
    cell(e.actor?.label),
    cell(e.actor?.id),
    cell(e.impersonator?.label),
    cell(e.impersonator?.id),
    cell(e.subject),
    cell(e.subjectLabel),
    e.detail ? cell(JSON.stringify(e.detail)) : "",
  ];
}

/**
 * `GET /admin/audit?action=&actor=&q=&before=&limit=`: the instance audit log, newest first;
 * `GET /admin/audit/export?action=&actor=&q=`: the same filtered events as CSV. Operators only.
 */
export function adminAuditRoutes(deps: ApiDeps) {
  const { operators: gate } = deps;
  const { db } = deps.store;
  return new Hono<ApiEnv>()
    .use("*", gate.middleware)
    .get("/", async (c) => c.json(ok(await listInstanceAudit(db, readQuery(c, instanceAuditQuerySchema)))))
    .get("/export", async (c) => {
      const filter = readQuery(c, instanceAuditFilterSchema);
      const encoder = new TextEncoder();
      const events = eachInstanceAuditEvent(db, filter, INSTANCE_AUDIT_EXPORT_MAX);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(stringify([CSV_HEADER])));
        },
        async pull(controller) {
          const batch: string[][] = [];
          for (let next = await events.next(); !next.done; next = await events.next()) {
            batch.push(csvRow(next.value));
            if (batch.length === 500) break;
          }
          if (batch.length > 0) controller.enqueue(encoder.encode(stringify(batch)));
          if (batch.length < 500) controller.close();
        },
        async cancel() {
          await events.return(undefined);
        },
      });
      const day = new Date().toISOString().slice(0, 10);
      return new Response(body, {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="audit-log-${day}.csv"`,
          "cache-control": "no-store",
        },
      });
    });
}
