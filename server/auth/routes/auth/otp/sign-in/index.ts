import { z } from "zod";
import type { AuthApp, AuthDeps } from "../../../../auth-env.ts";
import { KnownErrors } from "../../../../known-errors.ts";
import { projectAuth } from "../../../../project-auth.ts";
import { LIMITS } from "../../../../rate-limit.ts";
import { codeSchema } from "../../../../schemas.ts";
import { StatusError } from "../../../../status-error.ts";
import { issueSessionAfterFirstFactor } from "../../../../totp.ts";
import type { UserRecord } from "../../../../users.ts";
import { readBody } from "../../../../wire.ts";

const body = z.strictObject({ code: codeSchema });
const codeData = z.object({ email: z.string() });

/**
 * Redeems a sign-in code: signs in the account of its address, or signs one up when the project
 * allows it. An anonymous caller becomes that new account, keeping its id and data.
 */
export function registerOtpSignIn(app: AuthApp, deps: AuthDeps): void {
  app.post("/auth/otp/sign-in", projectAuth(deps), async (c) => {
    const input = await readBody(c, body);
    const { project, user: caller } = c.get("auth");
    await deps.limits.perIp(c, "code-check", LIMITS.codeCheckPerIp);
    // Switching magic links off also stops the codes already mailed.
    if (!project.config.magic_link_enabled) throw new StatusError(400, "Magic link is not enabled for this project.");
    // Checked first and used only once it will sign someone in: a refused sign-up keeps the code.
    const checked = await deps.codes.check(project.id, "otp_sign_in", input.code);
    const { email } = codeData.parse(checked.data);
    const existing = await deps.users.findByAuthEmail(project.id, email);
    if (!existing && !project.config.sign_up_enabled) throw KnownErrors.signUpNotEnabled();
    await deps.codes.redeem(project.id, "otp_sign_in", input.code);
    let user: UserRecord;
    let isNewUser = false;
    if (existing) {
      // Redeeming the mailed code proves the address.
      user = await deps.users.update(project.id, existing.id, { primaryEmailVerified: true, otpAuthEnabled: true });
    } else {
      const changes = {
        primaryEmail: email,
        primaryEmailAuthEnabled: true,
        primaryEmailVerified: true,
        otpAuthEnabled: true,
      };
      user = caller?.isAnonymous
        ? await deps.users.update(project.id, caller.id, { ...changes, isAnonymous: false })
        : await deps.users.create(project.id, changes);
      isNewUser = true;
    }
    return c.json({ ...(await issueSessionAfterFirstFactor(deps, user)), is_new_user: isNewUser });
  });
}
