import { z } from "zod";
import { projectAuth } from "../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { LIMITS } from "../../../policy/rate-limit.ts";
import { issueSession } from "../../../sign-in/issue-session.ts";
import { sessionOrigin } from "../../../sign-in/session-origin.ts";
import { isValidTotp } from "../../../sign-in/totp.ts";
import { readBody } from "../../../wire/headers.ts";
import { codeSchema } from "../../../wire/schemas.ts";

const SIX_DIGITS = /^\d{6}$/;
const body = z.strictObject({ type: z.literal("totp"), totp: z.string().max(16), code: codeSchema });

/**
 * Second factor: the attempt code from MULTI_FACTOR_AUTHENTICATION_REQUIRED plus a current TOTP,
 * or in the same `totp` field one of the user's recovery codes (Stack's wire has no place of its
 * own for one; six digits are a TOTP, anything else is tried as a recovery code, used up when it
 * matches). Every try counts against the attempt code (and the per-IP limit), so neither can be
 * walked; a right answer uses the attempt code up.
 */
export function registerMfaSignIn(app: AuthApp, deps: AuthDeps): void {
  app.post("/auth/mfa/sign-in", projectAuth(deps), async (c) => {
    const input = await readBody(c, body);
    const { project } = c.get("auth");
    await deps.limits.perIp(c, "code-check", LIMITS.codeCheckPerIp);
    const attempt = await deps.codes.check(project.id, "mfa_attempt", input.code);
    const user = attempt.userId ? await deps.users.get(project.id, attempt.userId) : null;
    if (!user) throw KnownErrors.invalidTotpCode();
    // Per user, not per attempt code: a new sign-in's code does not buy new guesses.
    await deps.limits.credential(c, project.id, "totp", `user:${user.id}`, async () => {
      const secret = user.totpSecret ? await deps.totpSecrets.open(user.id, user.totpSecret) : null;
      if (!secret) throw KnownErrors.invalidTotpCode();
      const valid = SIX_DIGITS.test(input.totp)
        ? isValidTotp(secret, input.totp)
        : await deps.recoveryCodes.redeem(project.id, user.id, input.totp);
      if (!valid) throw KnownErrors.invalidTotpCode();
    });
    await deps.codes.redeem(project.id, "mfa_attempt", input.code);
    // A second factor exists only on an account that was there before this sign-in.
    return c.json({
      ...(await issueSession(deps, user, { origin: sessionOrigin(c, deps.config) })),
      is_new_user: false,
    });
  });
}
