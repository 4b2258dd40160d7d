import { lt } from "drizzle-orm";
import type { InstanceAuditAction } from "../contract/instance-audit.ts";
import { instanceAuditEventsTable } from "../db/schema/index.ts";
import type { Db } from "../db/store.ts";

/** Someone named in the log: an id and the label (e-mail) it had at the time. */
export interface AuditPerson {
  id: string;
  label: string | null;
}

export interface InstanceAuditRecord {
  action: InstanceAuditAction;
  /** Null when the instance itself acted (a restore, the backup CLI). */
  actor: AuditPerson | null;
  /** The operator acting through the actor's impersonation session. */
  impersonator?: AuditPerson | null;
  subject?: string | null;
  subjectLabel?: string | null;
  /** Names, ids and counts only: never a value, a token or a body. */
  detail?: Record<string, unknown> | null;
}

/**
 * The one writer of the instance audit log: every place that records (the admin area's calls,
 * impersonation, sign-ins of operators, secret reveals and exports, backups and restores) comes
 * here, in the caller's transaction when it passes one.
 */
export async function recordInstanceAudit(db: Db, records: InstanceAuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.insert(instanceAuditEventsTable).values(
    records.map((r) => ({
      actorId: r.actor?.id ?? null,
      actorLabel: r.actor?.label ?? null,
      impersonatorId: r.impersonator?.id ?? null,
      impersonatorLabel: r.impersonator?.label ?? null,
      action: r.action,
      subject: r.subject ?? null,
      subjectLabel: r.subjectLabel ?? null,
      detail: r.detail ?? null,
    })),
  );
}

const DAY_MS = 24 * 3600 * 1000;

/** Deletes events older than the retention (AUDIT_RETENTION_DAYS); idempotent, so every instance may run it. */
export async function pruneInstanceAudit(db: Db, retentionDays: number, now = Date.now()): Promise<number> {
  const deleted = await db
    .delete(instanceAuditEventsTable)
    .where(lt(instanceAuditEventsTable.createdAt, new Date(now - retentionDays * DAY_MS)))
    .returning({ id: instanceAuditEventsTable.id });
  return deleted.length;
}
