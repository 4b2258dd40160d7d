import { z } from "zod";

/** What the history of an app records; never a value. */
export const auditActionSchema = z.enum([
  "secret.created",
  "secret.updated",
  "secret.deleted",
  "secrets.revealed",
  "secrets.exported",
  "secrets.pulled",
  /** Values of this app read through a reference from another app's resolved read (detail: environment, fromApp). */
  "secrets.referenced",
  "token.created",
  "token.revoked",
  "environment.created",
  "environment.updated",
  "environment.deleted",
  "environment.rolled_back",
  "environment.copied",
  "secret.version_revealed",
  "secret.restored",
  /** A change webhook (subject: its URL's host), never its signing secret. */
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.secret_rotated",
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditEventSchema = z.object({
  id: z.number(),
  action: auditActionSchema,
  /** The secret's key, the token's name or the environment's slug. */
  subject: z.string().nullable(),
  actor: z.object({
    kind: z.enum(["user", "token"]),
    id: z.string(),
    label: z.string().nullable(),
    /** The operator acting through the user's impersonation session ("operator@… as carol@…"). */
    impersonator: z.object({ id: z.string(), label: z.string().nullable() }).nullable().optional(),
  }),
  /** e.g. `{via: "import"}`, `{format: "dotenv"}`, `{count: 3}`, `{expiresAt}`, `{environment: "staging"}`. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const AUDIT_PAGE_MAX = 100;
export const auditQuerySchema = z.strictObject({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
});

export const auditPageSchema = z.object({ events: z.array(auditEventSchema), nextBefore: z.number().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
