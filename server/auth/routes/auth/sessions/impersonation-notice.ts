import type { Context } from "hono";
import type { AuthDeps, AuthEnv } from "../../../auth-env.ts";
import { impersonationNoticeMail } from "../../../mail/impersonation-mail.ts";
import type { UserRecord } from "../../../stores/users.ts";

/**
 * Tells the user by mail that an impersonation of their account started (IMPERSONATION_NOTICE, on
 * by default). The operator is named when the admin area says who it is (its `x-console-operator-id`,
 * believed with admin access only); the language is that of the user's latest own sign-in.
 */
export async function noticeImpersonation(
  c: Context<AuthEnv>,
  deps: AuthDeps,
  user: UserRecord,
  expiresAtMillis: number,
): Promise<void> {
  if (!user.primaryEmail) return;
  const { project, type } = c.get("auth");
  const operatorId = type === "admin" ? c.req.header("x-console-operator-id") : undefined;
  const operator = operatorId ? await deps.users.get(project.id, operatorId).catch(() => null) : null;
  const locale = (await deps.sessions.latestLocale(project.id, user.id)) === "de" ? "de" : "en";
  await deps.mailer.send(
    impersonationNoticeMail(
      project,
      user.primaryEmail,
      { operator: operator?.primaryEmail ?? null, expiresAt: new Date(expiresAtMillis) },
      locale,
    ),
  );
}
