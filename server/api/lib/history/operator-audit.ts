import type { Db } from "../../../db/store.ts";
import { type AuditPerson, type InstanceAuditRecord, recordInstanceAudit } from "../../../lib/instance-audit.ts";
import type { Logger } from "../../../lib/logger.ts";
import type { ApiUser } from "../core/api-env.ts";

/** The user as the log names them, and the operator behind them when their session is an impersonation. */
export function actorsOf(user: ApiUser): { actor: AuditPerson; impersonator: AuditPerson | null } {
  return { actor: { id: user.id, label: user.email }, impersonator: user.impersonator ?? null };
}

/**
 * Records what the signed-in user did to the instance after it was done (the auth service has
 * already answered, so a failure to record is logged loudly rather than turned into a failed call).
 */
export async function recordAsOperator(
  store: { db: Db; logger: Logger },
  user: ApiUser,
  records: Omit<InstanceAuditRecord, "actor" | "impersonator">[],
): Promise<void> {
  try {
    await recordInstanceAudit(
      store.db,
      records.map((r) => ({ ...r, ...actorsOf(user) })),
    );
  } catch (error) {
    store.logger.error({ err: error, actions: records.map((r) => r.action) }, "audit log write failed");
  }
}
