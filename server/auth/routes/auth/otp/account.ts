import type { AuthDeps } from "../../../auth-env.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { StatusError } from "../../../errors/status-error.ts";
import type { Project } from "../../../stores/projects.ts";

export function otpNotEnabled(): StatusError {
  return new StatusError("OTP_NOT_ENABLED", "OTP sign-in is not enabled for this project");
}

/**
 * Whose account a sign-in code for `email` opens, decided before a code is mailed and again when
 * it is redeemed: the account whose proven address it is, or nobody yet (a sign-up, if the project
 * allows them). An account that only claims the address (never verified) is refused: otherwise
 * whoever typed someone's address at sign-up would have that person sign in to, and verify, an
 * account its creator can still use.
 */
export async function otpAccountFor(deps: AuthDeps, project: Project, email: string): Promise<string | null> {
  const channel = await deps.users.findAuthChannel(project.id, email);
  if (channel) {
    if (!channel.isVerified) throw KnownErrors.userEmailAlreadyExists(email.trim().toLowerCase(), true);
    return channel.userId;
  }
  if (!project.config.sign_up_enabled) throw KnownErrors.signUpNotEnabled();
  await deps.firstRun.assertSignUpOpen(project.id);
  return null;
}
