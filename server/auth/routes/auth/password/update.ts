import { z } from "zod";
import { projectAuth } from "../../../access/project-auth.ts";
import { requireSignedIn } from "../../../access/signed-in.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { checkPasswordRequirements, verifyPassword } from "../../../crypto/passwords.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { LIMITS } from "../../../policy/rate-limit.ts";
import { readBody } from "../../../wire/headers.ts";

const body = z.strictObject({ old_password: z.string().max(1024), new_password: z.string() });

/** Changes the password; the calling session stays, every other session of the user ends. */
export function registerPasswordUpdate(app: AuthApp, deps: AuthDeps): void {
  app.post("/auth/password/update", projectAuth(deps), async (c) => {
    const input = await readBody(c, body);
    const { user, claims } = requireSignedIn(c);
    await deps.limits.perIp(c, "sign-in", LIMITS.signInPerIp);
    if (!user.passwordHash) throw KnownErrors.userDoesNotHavePassword();
    const hash = user.passwordHash;
    // Counted per user: a stolen session cannot walk the password here.
    await deps.limits.credential(c, user.projectId, "password", `user:${user.id}`, async () => {
      if (!(await verifyPassword(hash, input.old_password))) throw KnownErrors.passwordConfirmationMismatch();
    });
    checkPasswordRequirements(input.new_password);
    await deps.users.update(
      user.projectId,
      user.id,
      { password: input.new_password },
      { keepSessionId: claims.refresh_token_id },
    );
    return c.json({ success: true });
  });
}
