import { z } from "zod";
import { projectAuth } from "../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { readBody } from "../../../wire/headers.ts";
import { KnownErrors } from "../../../wire/known-errors.ts";

const body = z.object({ id_token: z.string().min(1).max(20_000) }).strict();

/**
 * POST /auth/oauth/callback/apple/native: Stack's sign-in with an identity token from Apple's
 * native dialog (iOS/macOS apps). This service has no Apple provider, so no project can have
 * Apple enabled: a well-formed request is refused as Stack refuses it for a project without
 * Apple, and the token is never looked at.
 */
export function registerAppleNativeCallback(app: AuthApp, deps: AuthDeps): void {
  app.post("/auth/oauth/callback/apple/native", projectAuth(deps), async (c) => {
    await readBody(c, body);
    throw KnownErrors.oauthProviderNotFoundOrNotEnabled();
  });
}
