import type { TeamEventAction } from "../contract/team-activity.ts";
import { teamActivityEventsTable } from "../db/schema/index.ts";
import type { Db } from "../db/store.ts";
import type { AuditPerson } from "./instance-audit.ts";

export interface TeamEventRecord {
  action: TeamEventAction;
  subject?: string | null;
  /** The app or database moved; the team itself when absent. */
  resource?: { type: "app" | "database"; id: string; name: string | null };
  /** Names, roles and ids only: never a value. */
  detail?: Record<string, unknown> | null;
}

/** Who acted: the user (id and e-mail as it is now) and the operator acting as them, if one did. */
export interface TeamEventActor extends AuditPerson {
  impersonator?: AuditPerson | null;
}

/**
 * The one writer of a team's own log (the app API's team routes and the auth service's record of
 * an impersonation's changes). Labels are copied, so the row still names people after they left.
 */
export async function insertTeamEvents(
  db: Db,
  teamId: string,
  actor: TeamEventActor,
  records: TeamEventRecord[],
): Promise<void> {
  if (records.length === 0) return;
  await db.insert(teamActivityEventsTable).values(
    records.map((r) => ({
      teamId,
      actorId: actor.id,
      actorLabel: actor.label,
      impersonatorId: actor.impersonator?.id ?? null,
      impersonatorLabel: actor.impersonator?.label ?? null,
      action: r.action,
      subject: r.subject ?? null,
      resourceType: r.resource?.type ?? ("team" as const),
      resourceId: r.resource?.id ?? teamId,
      resourceName: r.resource?.name ?? null,
      detail: r.detail ?? null,
    })),
  );
}
