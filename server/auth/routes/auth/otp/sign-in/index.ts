import { z } from "zod";
import { projectAuth } from "../../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../../auth-env.ts";
import { LIMITS } from "../../../../policy/rate-limit.ts";
import { checkSignUp, signUpContext } from "../../../../policy/sign-up-rules.ts";
import { sessionOrigin } from "../../../../sign-in/session-origin.ts";
import { issueSessionAfterFirstFactor } from "../../../../sign-in/totp.ts";
import { personalTeamOf } from "../../../../stores/teams.ts";
import type { UserRecord } from "../../../../stores/users.ts";
import { readBody } from "../../../../wire/headers.ts";
import { codeSchema } from "../../../../wire/schemas.ts";
import { otpAccountFor, otpNotEnabled } from "../account.ts";

const body = z.strictObject({ code: codeSchema });
const codeData = z.object({ email: z.string(), country_code: z.string().optional() });

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
    if (!project.config.magic_link_enabled) throw otpNotEnabled();
    // Checked first and used only once it will sign someone in: a refused sign-up keeps the code.
    const checked = await deps.codes.check(project.id, "otp_sign_in", input.code);
    const { email, country_code: countryCode } = codeData.parse(checked.data);
    const existingId = await otpAccountFor(deps, project, email);
    await deps.codes.redeem(project.id, "otp_sign_in", input.code);
    let user: UserRecord;
    let isNewUser = false;
    if (existingId) {
      // The address was proven before; signing in with it turns one-time codes on for the account.
      user = await deps.users.update(project.id, existingId, { otpAuthEnabled: true });
    } else {
      const changes = {
        primaryEmail: email,
        primaryEmailAuthEnabled: true,
        primaryEmailVerified: true,
        otpAuthEnabled: true,
        ...checkSignUp(
          project.config,
          signUpContext({ email, authMethod: "otp", countryCode }),
          caller?.isAnonymous ? caller.restrictedByAdminPrivateDetails : null,
        ),
      };
      user = caller?.isAnonymous
        ? await deps.users.update(project.id, caller.id, { ...changes, isAnonymous: false })
        : await deps.users.create(project.id, changes, personalTeamOf(project.config));
      isNewUser = true;
    }
    return c.json({
      ...(await issueSessionAfterFirstFactor(deps, user, sessionOrigin(c, deps.config))),
      is_new_user: isNewUser,
    });
  });
}
