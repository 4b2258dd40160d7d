import type { NewRecoveryCodes, RecoveryCodesLeft } from "../../../../contract/mfa-recovery-codes.ts";
import { projectAuth } from "../../../access/project-auth.ts";
import { requireSignedIn } from "../../../access/signed-in.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { StatusError } from "../../../errors/status-error.ts";

/**
 * The signed-in user's own MFA recovery codes (not in Stack's API): how many are left, and a new
 * set that replaces the old. Only for a user with TOTP, whose codes they stand in for.
 */
export function registerMfaRecoveryCodes(app: AuthApp, deps: AuthDeps): void {
  app.get("/auth/mfa/recovery-codes", projectAuth(deps, ["client"]), async (c) => {
    const { user } = requireSignedIn(c);
    const answer: RecoveryCodesLeft = { remaining: await deps.recoveryCodes.remaining(user.projectId, user.id) };
    return c.json(answer);
  });

  app.post("/auth/mfa/recovery-codes", projectAuth(deps, ["client"]), async (c) => {
    const { user } = requireSignedIn(c);
    if (!user.totpSecret) {
      throw new StatusError("MFA_NOT_ENABLED", "Turn on multi-factor authentication before making recovery codes.");
    }
    const answer: NewRecoveryCodes = { codes: await deps.recoveryCodes.replace(user.projectId, user.id) };
    return c.json(answer);
  });
}
