import { z } from "zod";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { CliLoginStore } from "../../../cli-logins.ts";
import { issueSession } from "../../../issue-session.ts";
import { KnownErrors } from "../../../known-errors.ts";
import { projectAuth } from "../../../project-auth.ts";
import { LIMITS } from "../../../rate-limit.ts";
import { StatusError } from "../../../status-error.ts";
import { readBody } from "../../../wire.ts";

const DEFAULT_EXPIRY_MS = 2 * 3600 * 1000;
const createBody = z.strictObject({
  expires_in_millis: z
    .number()
    .int()
    .min(1000)
    .max(24 * 3600 * 1000)
    .optional(),
  // Sent by newer SDKs to carry an anonymous CLI session over; accepted, the confirming user wins.
  anon_refresh_token: z.string().max(200).optional(),
});
const pollBody = z.strictObject({ polling_code: z.string().min(1).max(100) });
const completeBody = z.strictObject({
  login_code: z.string().min(1).max(100),
  refresh_token: z.string().min(1).max(200).optional(),
  mode: z.enum(["check", "complete"]).optional(),
});

const invalidLoginCode = () => new StatusError(400, "Invalid login code or the code has expired");

/**
 * Command-line login: the CLI creates a login and polls; the user opens
 * /handler/cli-auth-confirm?login_code=… signed in, and the page completes it with its refresh
 * token. The CLI then gets a session of its own for that user.
 */
export function registerCliLogin(app: AuthApp, deps: AuthDeps): void {
  const logins = new CliLoginStore(deps.ctx.store);

  app.post("/auth/cli", projectAuth(deps), async (c) => {
    const input = await readBody(c, createBody);
    await deps.limits.perIp(c, "code-send", LIMITS.codeSendPerIp);
    const login = await logins.create(c.get("auth").project.id, input.expires_in_millis ?? DEFAULT_EXPIRY_MS);
    return c.json({
      polling_code: login.pollingCode,
      login_code: login.loginCode,
      expires_at: login.expiresAt.toISOString(),
    });
  });

  app.post("/auth/cli/poll", projectAuth(deps), async (c) => {
    const input = await readBody(c, pollBody);
    const { project } = c.get("auth");
    const state = await logins.poll(project.id, input.polling_code);
    if (!state) throw KnownErrors.invalidPollingCode();
    if (state.status !== "success") return c.json({ status: state.status });
    const user = await deps.users.require(project.id, state.userId);
    const session = await issueSession(deps, user);
    return c.json({ status: "success", refresh_token: session.refresh_token }, 201);
  });

  app.post("/auth/cli/complete", projectAuth(deps), async (c) => {
    const input = await readBody(c, completeBody);
    const { project } = c.get("auth");
    await deps.limits.perIp(c, "code-check", LIMITS.codeCheckPerIp);
    if (input.mode === "check") {
      if (!(await logins.isOpen(project.id, input.login_code))) throw invalidLoginCode();
      return c.json({ cli_session_state: "none" });
    }
    if (!input.refresh_token) throw invalidLoginCode();
    // The page proves who confirms with its own refresh token; the CLI never receives that token.
    const session = await deps.sessions.findByToken(project.id, input.refresh_token);
    if (!session) throw KnownErrors.refreshTokenNotFoundOrExpired();
    if (!(await logins.confirm(project.id, input.login_code, session.userId))) throw invalidLoginCode();
    return c.json({ success: true });
  });
}
