import { z } from "zod";
import { projectAuth } from "../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { StatusError } from "../../../errors/status-error.ts";
import { LIMITS } from "../../../policy/rate-limit.ts";
import { issueSession } from "../../../sign-in/issue-session.ts";
import { sessionOrigin } from "../../../sign-in/session-origin.ts";
import { tokenSubject } from "../../../stores/users.ts";
import { readBody } from "../../../wire/headers.ts";

const DEFAULT_EXPIRY_MS = 2 * 3600 * 1000;
const createBody = z.strictObject({
  expires_in_millis: z
    .number()
    .int()
    .min(1000)
    .max(24 * 3600 * 1000)
    .optional(),
  // The CLI's anonymous session: the confirming page may take it over (claim-anon-session) and
  // upgrade it in place; otherwise the confirming user's session wins and the anonymous user stays.
  anon_refresh_token: z.string().min(1).max(200).optional(),
});
const pollBody = z.strictObject({ polling_code: z.string().min(1).max(100) });
const completeBody = z.strictObject({
  login_code: z.string().min(1).max(100),
  refresh_token: z.string().min(1).max(200).optional(),
  mode: z.enum(["check", "claim-anon-session", "complete"]).optional(),
});

const invalidLoginCode = () => new StatusError("INVALID_CLI_LOGIN_CODE", "Invalid login code or the code has expired");

/**
 * Command-line login as Stack's: the CLI creates a login (optionally naming its anonymous session)
 * and polls; the user opens /handler/cli-auth-confirm?login_code=… signed in, and the page
 * completes it with the refresh token the CLI is to get, which the next poll hands out once.
 */
export function registerCliLogin(app: AuthApp, deps: AuthDeps): void {
  const logins = deps.cliLogins;

  app.post("/auth/cli", projectAuth(deps), async (c) => {
    const input = await readBody(c, createBody);
    const { project } = c.get("auth");
    await deps.limits.perIp(c, "code-send", LIMITS.codeSendPerIp);
    if (input.anon_refresh_token !== undefined) {
      const session = await deps.sessions.findByToken(project.id, input.anon_refresh_token);
      if (!session) throw new StatusError("INVALID_ANON_REFRESH_TOKEN", "Invalid anon refresh token");
      const owner = await deps.users.get(project.id, session.userId);
      if (!owner?.isAnonymous) {
        throw new StatusError(
          "INVALID_ANON_REFRESH_TOKEN",
          "The provided anon refresh token does not belong to an anonymous user",
        );
      }
    }
    const login = await logins.create(
      project.id,
      input.expires_in_millis ?? DEFAULT_EXPIRY_MS,
      input.anon_refresh_token,
    );
    return c.json({
      polling_code: login.pollingCode,
      login_code: login.loginCode,
      expires_at: login.expiresAt.toISOString(),
    });
  });

  app.post("/auth/cli/poll", projectAuth(deps), async (c) => {
    const input = await readBody(c, pollBody);
    const { project } = c.get("auth");
    // The CLI polls every few seconds while the user confirms: only unknown codes count.
    const state = await deps.limits.secret(c, "cli-poll", async () => {
      const found = await logins.poll(project.id, input.polling_code);
      if (!found) throw KnownErrors.invalidPollingCode();
      return found;
    });
    if (state.status !== "success") return c.json({ status: state.status });
    // Logins confirmed before the handed-over token was kept get a session of their own.
    const refreshToken =
      state.refreshToken ??
      (
        await issueSession(deps, await deps.users.require(project.id, state.userId), {
          origin: sessionOrigin(c, deps.config),
        })
      ).refresh_token;
    return c.json({ status: "success", refresh_token: refreshToken }, 201);
  });

  app.post("/auth/cli/complete", projectAuth(deps), async (c) => {
    const input = await readBody(c, completeBody);
    const { project } = c.get("auth");
    await deps.limits.perIp(c, "code-check", LIMITS.codeCheckPerIp);
    if (input.mode === "check" || input.mode === "claim-anon-session") {
      const open = await logins.findOpen(project.id, input.login_code);
      if (!open) throw invalidLoginCode();
      const anonSession = open.anonRefreshToken
        ? await deps.sessions.findByToken(project.id, open.anonRefreshToken)
        : null;
      const anonUser = anonSession ? await deps.users.get(project.id, anonSession.userId) : null;
      const anonymous = anonSession && anonUser?.isAnonymous ? { session: anonSession, user: anonUser } : null;
      if (input.mode === "check") return c.json({ cli_session_state: anonymous ? "anonymous" : "none" });
      if (!anonymous || !open.anonRefreshToken) {
        throw new StatusError("NO_ANONYMOUS_CLI_SESSION", "No anonymous session associated with this code");
      }
      // The page takes the CLI's anonymous session over, so a sign-up there upgrades that user in place.
      const accessToken = await deps.tokens.sign(tokenSubject(anonymous.user, anonymous.session.id));
      return c.json({ access_token: accessToken, refresh_token: open.anonRefreshToken });
    }
    // As on Stack's server: the code first, then the token (each a 400 of its own).
    if (!(await logins.findOpen(project.id, input.login_code))) throw invalidLoginCode();
    if (!input.refresh_token) throw new StatusError("REFRESH_TOKEN_REQUIRED", "refresh_token is required");
    // The page proves who confirms with a refresh token of that user, and that token is what the CLI gets.
    const session = await deps.sessions.findByToken(project.id, input.refresh_token);
    if (!session) throw new StatusError("INVALID_REFRESH_TOKEN", "Invalid refresh token");
    if (!(await logins.confirm(project.id, input.login_code, session.userId, input.refresh_token))) {
      throw invalidLoginCode();
    }
    return c.json({ success: true });
  });
}
