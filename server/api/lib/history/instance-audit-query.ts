import { and, desc, eq, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import type { InstanceAuditEvent, InstanceAuditFilter } from "../../../contract/instance-audit.ts";
import { instanceAuditEventsTable } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/store.ts";

type Row = typeof instanceAuditEventsTable.$inferSelect;

/** `%` and `_` typed into the search box are meant literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterWhere(filter: InstanceAuditFilter): SQL | undefined {
  const t = instanceAuditEventsTable;
  const actor = filter.actor?.toLowerCase();
  const pattern = filter.q ? likePattern(filter.q) : null;
  return and(
    filter.action ? eq(t.action, filter.action) : undefined,
    actor
      ? or(
          eq(t.actorId, filter.actor ?? ""),
          eq(sql`lower(${t.actorLabel})`, actor),
          eq(t.impersonatorId, filter.actor ?? ""),
          eq(sql`lower(${t.impersonatorLabel})`, actor),
        )
      : undefined,
    pattern
      ? or(
          ilike(t.action, pattern),
          ilike(t.subject, pattern),
          ilike(t.subjectLabel, pattern),
          ilike(t.actorLabel, pattern),
          ilike(t.impersonatorLabel, pattern),
        )
      : undefined,
  );
}

function toEvent(r: Row): InstanceAuditEvent {
  return {
    id: r.id,
    action: r.action as InstanceAuditEvent["action"],
    actor: r.actorId ? { id: r.actorId, label: r.actorLabel } : null,
    impersonator: r.impersonatorId ? { id: r.impersonatorId, label: r.impersonatorLabel } : null,
    subject: r.subject,
    subjectLabel: r.subjectLabel,
    detail: r.detail ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** One page of the instance audit log, newest first; `before` is the id of the last event already shown. */
export async function listInstanceAudit(
  db: Db,
  query: InstanceAuditFilter & { before?: number; limit: number },
): Promise<{ events: InstanceAuditEvent[]; nextBefore: number | null }> {
  const t = instanceAuditEventsTable;
  const rows = await db
    .select()
    .from(t)
    .where(and(filterWhere(query), query.before === undefined ? undefined : lt(t.id, query.before)))
    .orderBy(desc(t.id))
    .limit(query.limit + 1);
  const more = rows.length > query.limit;
  const events = rows.slice(0, query.limit).map(toEvent);
  return { events, nextBefore: more ? (events.at(-1)?.id ?? null) : null };
}

/** Every matching event, newest first, read a page at a time (for the CSV export). */
export async function* eachInstanceAuditEvent(
  db: Db,
  filter: InstanceAuditFilter,
  max: number,
): AsyncGenerator<InstanceAuditEvent> {
  let before: number | undefined;
  let given = 0;
  while (given < max) {
    const page = await listInstanceAudit(db, { ...filter, before, limit: Math.min(1_000, max - given) });
    for (const event of page.events) yield event;
    given += page.events.length;
    if (page.nextBefore === null) return;
    before = page.nextBefore;
  }
}
