import { z } from "zod";
import { projectAuth } from "../../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../../auth-env.ts";
import { checkPasswordRequirements } from "../../../../crypto/passwords.ts";
import { KnownErrors } from "../../../../errors/known-errors.ts";
import { LIMITS } from "../../../../policy/rate-limit.ts";
import { readBody } from "../../../../wire/headers.ts";
import { codeSchema } from "../../../../wire/schemas.ts";

const body = z.strictObject({ code: codeSchema, password: z.string() });

/** Sets the new password and, through the user store, revokes every session of the user. */
export function registerReset(app: AuthApp, deps: AuthDeps): void {
  app.post("/auth/password/reset", projectAuth(deps), async (c) => {
    const input = await readBody(c, body);
    const { project } = c.get("auth");
    await deps.limits.perIp(c, "code-check", LIMITS.codeCheckPerIp);
    checkPasswordRequirements(input.password);
    const row = await deps.codes.redeem(project.id, "password_reset", input.code);
    if (!row.userId || !(await deps.users.get(project.id, row.userId))) throw KnownErrors.verificationCodeNotFound();
    // The mail proved the address, so it counts as verified from now on.
    await deps.users.update(project.id, row.userId, { password: input.password, primaryEmailVerified: true });
    return c.json({ success: true });
  });
}
