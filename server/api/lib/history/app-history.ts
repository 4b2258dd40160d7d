import { and, desc, eq, lt } from "drizzle-orm";
import type { AuditAction, AuditEvent } from "../../../contract/audit.ts";
import { appAuditEventsTable } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/store.ts";
import { recordInstanceAudit } from "../../../lib/instance-audit.ts";
import type { ApiUser } from "../core/api-env.ts";

/** Who did something to an app: a signed-in user, or one of the app's service tokens. */
export interface Actor {
  kind: "user" | "token";
  id: string;
  /** The user's e-mail or the token's name, as it was at the time. */
  label: string | null;
  /** The operator acting through the user's impersonation session, when one is. */
  impersonator?: { id: string; label: string | null } | null;
}

/** The signed-in caller as an actor, with the operator behind an impersonation session. */
export const userActor = (user: ApiUser): Actor => ({
  kind: "user",
  id: user.id,
  label: user.email,
  impersonator: user.impersonator ?? null,
});

/** Actions of an app's history the instance audit log also carries, whoever did them. */
const INSTANCE_WIDE = new Set<AuditAction>([
  "secrets.revealed",
  "secrets.exported",
  "secret.version_revealed",
  "secrets.referenced",
]);

export interface AuditRecord {
  action: AuditAction;
  subject?: string | null;
  detail?: Record<string, unknown> | null;
}

/**
 * Writes events to an app's history, in the caller's transaction when it passes one, so a change
 * and its record are stored together or not at all. Never give it a value. Reveals and exports,
 * and everything an impersonation session does, go to the instance audit log as well (same
 * transaction), with both actors.
 */
export async function recordAudit(db: Db, appId: string, actor: Actor, records: AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  const impersonator = actor.impersonator ?? null;
  await db.insert(appAuditEventsTable).values(
    records.map((r) => ({
      appId,
      actorKind: actor.kind,
      actorId: actor.id,
      actorLabel: actor.label,
      impersonatorId: impersonator?.id ?? null,
      impersonatorLabel: impersonator?.label ?? null,
      action: r.action,
      subject: r.subject ?? null,
      detail: r.detail ?? null,
    })),
  );
  const instanceWide = records.filter((r) => impersonator || INSTANCE_WIDE.has(r.action));
  await recordInstanceAudit(
    db,
    instanceWide.map((r) => ({
      action: r.action,
      actor: { id: actor.id, label: actor.label },
      impersonator,
      subject: appId,
      subjectLabel: r.subject ?? null,
      detail: { appId, ...(actor.kind === "token" ? { via: "service-token" } : {}), ...(r.detail ?? {}) },
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
      actor: {
        kind: r.actorKind,
        id: r.actorId,
        label: r.actorLabel,
        impersonator: r.impersonatorId ? { id: r.impersonatorId, label: r.impersonatorLabel } : null,
      },
      detail: r.detail ?? null,
      createdAt: r.createdAt.toISOString(),
    }),
  );
  return { events, nextBefore: more ? (events.at(-1)?.id ?? null) : null };
}
