import { z } from "zod";
import { projectAuth } from "../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { needsRehash, verifyPassword } from "../../../crypto/passwords.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { LIMITS } from "../../../policy/rate-limit.ts";
import { sessionOrigin } from "../../../sign-in/session-origin.ts";
import { issueSessionAfterFirstFactor } from "../../../sign-in/totp.ts";
import { normalizeEmail } from "../../../stores/users.ts";
import { readBody } from "../../../wire/headers.ts";
import { emailSchema } from "../../../wire/schemas.ts";

const body = z.strictObject({ email: emailSchema, password: z.string().max(1024) });

export function registerPasswordSignIn(app: AuthApp, deps: AuthDeps): void {
  app.post("/auth/password/sign-in", projectAuth(deps), async (c) => {
    const input = await readBody(c, body);
    const { project } = c.get("auth");
    await deps.limits.perIp(c, "sign-in", LIMITS.signInPerIp);
    if (!project.config.credential_enabled) throw KnownErrors.passwordAuthenticationNotEnabled();
    const account = normalizeEmail(input.email);
    const user = await deps.limits.credential(c, project.id, "password", account, async () => {
      const found = await deps.users.findByAuthEmail(project.id, input.email);
      // verifyPassword hashes against a dummy when there is no user, so both failures cost the same.
      const ok = await verifyPassword(found?.passwordHash, input.password);
      if (!found || !ok) throw KnownErrors.emailPasswordMismatch();
      return found;
    });
    const signedIn = await issueSessionAfterFirstFactor(deps, user, sessionOrigin(c, deps.config));
    // An imported (bcrypt) hash becomes argon2id now that the password is known to be right.
    if (user.passwordHash && needsRehash(user.passwordHash)) {
      await deps.users.rehashPassword(project.id, user.id, user.passwordHash, input.password);
    }
    return c.json(signedIn);
  });
}
