import { and, desc, eq, lt } from "drizzle-orm";
import type { AuditAction, AuditEvent } from "../../contract/audit.ts";
import { appAuditEventsTable } from "../../db/schema/index.ts";
import type { Db } from "../../db/store.ts";

/** Who did something to an app: a signed-in user, or one of the app's service tokens. */
export interface Actor {
  kind: "user" | "token";
  id: string;
  /** The user's e-mail or the token's name, as it was at the time. */
  label: string | null;
}

export interface AuditRecord {
  action: AuditAction;
  subject?: string | null;
  detail?: Record<string, unknown> | null;
}

/**
 * Writes events to an app's history, in the caller's transaction when it passes one, so a change
 * and its record are stored together or not at all. Never give it a value.
 */
export async function recordAudit(db: Db, appId: string, actor: Actor, records: AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.insert(appAuditEventsTable).values(
    records.map((r) => ({
      appId,
      actorKind: actor.kind,
      actorId: actor.id,
      actorLabel: actor.label,
      action: r.action,
      subject: r.subject ?? null,
      detail: r.detail ?? null,
    })),
  );
}

/** One page of an app's history, newest first; `before` is the id of the last event already shown. */
export async function listAudit(
  db: Db,
  appId: string,
  page: { before?: number; limit: number },
): Promise<{ events: AuditEvent[]; nextBefore: number | null }> {
  const t = appAuditEventsTable;
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.appId, appId), page.before === undefined ? undefined : lt(t.id, page.before)))
    .orderBy(desc(t.id))
    .limit(page.limit + 1);
  const more = rows.length > page.limit;
  const events = rows.slice(0, page.limit).map(
    (r): AuditEvent => ({
      id: r.id,
      action: r.action as AuditAction,
      subject: r.subject,
      actor: { kind: r.actorKind, id: r.actorId, label: r.actorLabel },
      detail: r.detail ?? null,
      createdAt: r.createdAt.toISOString(),
    }),
  );
  return { events, nextBefore: more ? (events.at(-1)?.id ?? null) : null };
}
