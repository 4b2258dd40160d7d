import { z } from "zod";
import { auditActionSchema } from "./audit.ts";

/**
 * What the instance audit log records. The app history's own actions (`secret.created`, …) are
 * mirrored here when an impersonation session did them, and reveals and exports always are.
 */
export const instanceAuditActionSchema = z.enum([
  "operator.signed_in",
  "impersonation.started",
  "impersonation.ended",
  "impersonation.request",
  /** subject: `METHOD /route/:pattern` of the auth service; detail: {method, route, status}. */
  "impersonation.auth_change",
  "user.created",
  "user.updated",
  "user.restricted",
  "user.unrestricted",
  "user.deleted",
  "session.created",
  "session.revoked",
  "role.granted",
  "role.revoked",
  "role.definition_changed",
  "team.changed",
  "settings.changed",
  "api_key.changed",
  "email_template.changed",
  "webhook.changed",
  "admin.changed",
  "backup.started",
  "backup.created",
  "backup.failed",
  "backup.downloaded",
  "backup.deleted",
  "backup.database_restored",
  "instance.restored",
  ...auditActionSchema.options,
]);
export type InstanceAuditAction = z.infer<typeof instanceAuditActionSchema>;

const personSchema = z.object({ id: z.string(), label: z.string().nullable() });

export const instanceAuditEventSchema = z.object({
  id: z.number(),
  action: instanceAuditActionSchema,
  /** Null when the instance itself acted (a restore, the backup CLI). */
  actor: personSchema.nullable(),
  /** The operator acting through the actor's impersonation session. */
  impersonator: personSchema.nullable(),
  subject: z.string().nullable(),
  subjectLabel: z.string().nullable(),
  /** Names and counts only: `{fields: ["display_name"]}`, `{appId, count}`, `{archive, files}`. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type InstanceAuditEvent = z.infer<typeof instanceAuditEventSchema>;

export const INSTANCE_AUDIT_PAGE_MAX = 200;
/** Rows a CSV export carries at most (newest first); the filters narrow it. */
export const INSTANCE_AUDIT_EXPORT_MAX = 50_000;

export const instanceAuditFilterSchema = z.strictObject({
  action: instanceAuditActionSchema.optional(),
  /** The actor's or the impersonating operator's id or label (an e-mail), exact, case-insensitive. */
  actor: z.string().trim().min(1).max(320).optional(),
  /** Words found in the subject, its label, the actors' labels or the action. */
  q: z.string().trim().min(1).max(200).optional(),
});
export type InstanceAuditFilter = z.infer<typeof instanceAuditFilterSchema>;

export const instanceAuditQuerySchema = instanceAuditFilterSchema.extend({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(INSTANCE_AUDIT_PAGE_MAX).default(50),
});

export const instanceAuditPageSchema = z.object({
  events: z.array(instanceAuditEventSchema),
  nextBefore: z.number().nullable(),
});
export type InstanceAuditPage = z.infer<typeof instanceAuditPageSchema>;
