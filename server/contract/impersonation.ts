import { z } from "zod";

/** POST /api/v1/admin/impersonations: an operator opens a session as this user. */
export const startImpersonationSchema = z.strictObject({ userId: z.uuid() });

const personSchema = z.object({ id: z.string(), email: z.string().nullable() });

/**
 * What the admin area hands to the new tab (by postMessage, never in a URL): the session's tokens,
 * when it ends, and both people, for the tab's banner.
 */
export const impersonationHandoverSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  expiresAt: z.iso.datetime(),
  user: personSchema,
  operator: personSchema,
});
export type ImpersonationHandover = z.infer<typeof impersonationHandoverSchema>;

/**
 * How long an impersonation lasts: half an hour is enough to look into what a user reported, and a
 * tab left open stops acting as them soon after (a new one is one click away). Stack's dashboard
 * gives an hour; the console used to, too.
 */
export const IMPERSONATION_MILLIS = 30 * 60_000;
