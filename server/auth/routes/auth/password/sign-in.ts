import { z } from "zod";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { KnownErrors } from "../../../known-errors.ts";
import { verifyPassword } from "../../../passwords.ts";
import { projectAuth } from "../../../project-auth.ts";
import { LIMITS } from "../../../rate-limit.ts";
import { emailSchema } from "../../../schemas.ts";
import { issueSessionAfterFirstFactor } from "../../../totp.ts";
import { readBody } from "../../../wire.ts";

const body = z.strictObject({ email: emailSchema, password: z.string().max(1024) });

export function registerPasswordSignIn(app: AuthApp, deps: AuthDeps): void {
  app.post("/auth/password/sign-in", projectAuth(deps), async (c) => {
    const input = await readBody(c, body);
    const { project } = c.get("auth");
    await deps.limits.perIp(c, "sign-in", LIMITS.signInPerIp);
    await deps.limits.perEmail(project.id, "sign-in", input.email, LIMITS.signInPerEmail);
    if (!project.config.credential_enabled) throw KnownErrors.passwordAuthenticationNotEnabled();
    const user = await deps.users.findByAuthEmail(project.id, input.email);
    // verifyPassword hashes against a dummy when there is no user, so both failures cost the same.
    const ok = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !ok) throw KnownErrors.emailPasswordMismatch();
    return c.json(await issueSessionAfterFirstFactor(deps, user));
  });
}
