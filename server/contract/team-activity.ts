import { z } from "zod";
import { auditActionSchema } from "./audit.ts";

/** What a team's own log records (team_activity_events); an app's history has auditActionSchema. */
export const teamEventActionSchema = z.enum([
  /** subject: the team's name. Made, renamed (detail: {previousName}) and deleted through the console. */
  "team.created",
  "team.renamed",
  "team.deleted",
  /** subject: the member's e-mail. Left by themselves; removed by an admin (detail: {userId}). */
  "member.left",
  "member.removed",
  /** detail: {role, previousRole}; subject: the member's e-mail. */
  "member.role_changed",
  /** subject: the new owner's e-mail; detail: {newOwner, previousOwner} (user ids). */
  "team.ownership_transferred",
  /** subject: the invited address; detail: {role}. */
  "invitation.role_set",
  /** subject: the invited address; detail: {role}. */
  "invitation.withdrawn",
  /** The actor joined with the role their invitation granted; detail: {role}. */
  "invitation.accepted",
  "app.moved_in",
  "app.moved_out",
  "database.moved_in",
  "database.moved_out",
  /**
   * An impersonation session changed the team through the auth service (the SDK, not the app API).
   * subject: `METHOD /route/:pattern`; detail: {method, route, status}.
   */
  "impersonation.auth_change",
]);
export type TeamEventAction = z.infer<typeof teamEventActionSchema>;

/** Every action the team activity view lists and filters on: the apps' history and the team's own. */
export const teamActivityActionSchema = z.enum([...auditActionSchema.options, ...teamEventActionSchema.options]);
export type TeamActivityAction = z.infer<typeof teamActivityActionSchema>;

/**
 * The position after which the next page starts: `<microseconds since the epoch>.<source>.<id>`,
 * opaque to clients (the two stores number their rows apart, so time orders them together).
 */
const MAX_MICROS = 253_402_300_799_999_999n; // 9999-12-31T23:59:59.999999Z, PostgreSQL's last timestamp here
const MAX_ID = 9_223_372_036_854_775_807n; // bigint
const CURSOR = /^(\d{1,18})\.[at]\.(\d{1,19})$/;
export const teamActivityCursorSchema = z.string().refine((cursor) => {
  // One check, so no number is read from a string the pattern refused.
  const [, micros, id] = CURSOR.exec(cursor) ?? [];
  return micros !== undefined && id !== undefined && BigInt(micros) <= MAX_MICROS && BigInt(id) <= MAX_ID;
}, "not a cursor of this list");

export const teamActivityEntrySchema = z.object({
  /** Unique across the list (`a<n>` for an app's history, `t<n>` for the team's own log). */
  id: z.string(),
  action: teamActivityActionSchema,
  /** The secret's key, the token's name, the member's e-mail or the moved resource's name. */
  subject: z.string().nullable(),
  actor: z.object({
    kind: z.enum(["user", "token"]),
    id: z.string(),
    /** The member's e-mail (kept after they left) or the service token's name, as it was then. */
    label: z.string().nullable(),
    /** The operator acting through the member's impersonation session. */
    impersonator: z.object({ id: z.string(), label: z.string().nullable() }).nullable(),
  }),
  /** Where it happened: one of the team's apps (its name now), the team itself, or a moved resource (name then). */
  resource: z.object({
    type: z.enum(["app", "database", "team"]),
    id: z.string(),
    name: z.string().nullable(),
  }),
  /** Names, roles and counts only; never a value. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type TeamActivityEntry = z.infer<typeof teamActivityEntrySchema>;

export const TEAM_ACTIVITY_PAGE_MAX = 100;
/** Rows a CSV export carries at most (newest first); the filters narrow it. */
export const TEAM_ACTIVITY_EXPORT_MAX = 50_000;

export const teamActivityFilterSchema = z.strictObject({
  /** A member's user id or e-mail (exact, case-insensitive), or a service token's id. */
  actor: z.string().trim().min(1).max(320).optional(),
  action: teamActivityActionSchema.optional(),
});
export type TeamActivityFilter = z.infer<typeof teamActivityFilterSchema>;

export const teamActivityQuerySchema = teamActivityFilterSchema.extend({
  before: teamActivityCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(TEAM_ACTIVITY_PAGE_MAX).default(50),
});
export type TeamActivityQuery = z.infer<typeof teamActivityQuerySchema>;

export const teamActivityPageSchema = z.object({
  entries: z.array(teamActivityEntrySchema),
  nextBefore: z.string().nullable(),
});
export type TeamActivityPage = z.infer<typeof teamActivityPageSchema>;
