import { z } from "zod";
import { projectAuth } from "../../../access/project-auth.ts";
import { requireSignedIn } from "../../../access/signed-in.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { checkPasswordRequirements } from "../../../crypto/passwords.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { StatusError } from "../../../errors/status-error.ts";
import { readBody } from "../../../wire/headers.ts";

const body = z.strictObject({ password: z.string() });

/** For users without a password (social or anonymous sign-up); the calling session stays. */
export function registerPasswordSet(app: AuthApp, deps: AuthDeps): void {
  app.post("/auth/password/set", projectAuth(deps), async (c) => {
    const input = await readBody(c, body);
    const { user, claims } = requireSignedIn(c);
    // A password nobody can sign in with would only be a secret to leak.
    if (!c.get("auth").project.config.credential_enabled) throw KnownErrors.passwordAuthenticationNotEnabled();
    if (user.passwordHash) throw new StatusError("USER_ALREADY_HAS_PASSWORD", "User already has a password set.");
    checkPasswordRequirements(input.password);
    await deps.users.update(
      user.projectId,
      user.id,
      { password: input.password, ...(user.primaryEmail ? { primaryEmailAuthEnabled: true } : {}) },
      { keepSessionId: claims.refresh_token_id },
    );
    return c.json({ success: true });
  });
}
