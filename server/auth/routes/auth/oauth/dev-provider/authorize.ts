import { html } from "hono/html";
import { z } from "zod";
import type { AuthApp, AuthDeps } from "../../../../auth-env.ts";
import { emailSchema } from "../../../../schemas.ts";
import { randomToken, sha256 } from "../../../../secrets.ts";
import { devAccountId } from "../../../../social/dev-provider.ts";
import { StatusError } from "../../../../status-error.ts";
import { readBody, readQuery } from "../../../../wire.ts";

const pageQuery = z.object({ provider: z.string().max(50), state: z.string().max(500) });
const consent = z.object({
  provider: z.string().max(50),
  state: z.string().max(500),
  email: emailSchema,
  name: z.string().max(256).optional(),
  action: z.enum(["allow", "deny"]),
});

/**
 * The development provider's consent page (only registered outside production, and only used
 * for providers without real credentials): pick the e-mail to sign in as, then we redirect to
 * our own callback with a one-time code, exactly as GitHub or Google would.
 */
export function registerDevProvider(app: AuthApp, deps: AuthDeps): void {
  const callbackUrl = (provider: string) => `${deps.baseUrl()}/api/v1/auth/oauth/callback/${provider}`;
  const devFlow = async (provider: string, state: string) => {
    const flow = await deps.flows.peek(state);
    if (!flow || flow.providerId !== provider || !deps.social.get(provider)?.isDevelopment) {
      throw new StatusError(400, "This sign-in request is unknown or has expired. Please start again.");
    }
    return flow;
  };

  app.get("/auth/oauth/dev-provider/authorize", async (c) => {
    const { provider, state } = readQuery(c, pageQuery);
    await devFlow(provider, state);
    const title = provider === "github" ? "GitHub" : provider === "google" ? "Google" : provider;
    c.header("Cache-Control", "no-store");
    return c.html(html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Development sign-in: ${title}</title>
    <style>
      body { font-family: system-ui, sans-serif; max-width: 26rem; margin: 4rem auto; padding: 0 1rem; color: #111; }
      label { display: block; margin: 1rem 0 0.25rem; }
      input { width: 100%; padding: 0.5rem; font-size: 1rem; box-sizing: border-box; }
      .actions { display: flex; gap: 0.5rem; margin-top: 1.5rem; }
      button { padding: 0.5rem 1rem; font-size: 1rem; }
      p.note { color: #555; font-size: 0.9rem; }
    </style>
  </head>
  <body>
    <main>
      <h1>Sign in with ${title} (development)</h1>
      <p class="note">No ${title} credentials are configured, so this server stands in for ${title}. Choose the account to sign in as.</p>
      <form method="post">
        <input type="hidden" name="provider" value="${provider}" />
        <input type="hidden" name="state" value="${state}" />
        <label for="email">E-mail</label>
        <input id="email" name="email" type="email" required autocomplete="email" value="developer@example.com" />
        <label for="name">Name</label>
        <input id="name" name="name" type="text" autocomplete="name" value="Developer" />
        <div class="actions">
          <button type="submit" name="action" value="allow">Continue</button>
          <button type="submit" name="action" value="deny" formnovalidate>Cancel</button>
        </div>
      </form>
    </main>
  </body>
</html>`);
  });

  app.post("/auth/oauth/dev-provider/authorize", async (c) => {
    const input = await readBody(
      c,
      consent.partial({ email: true }).required({ provider: true, state: true, action: true }),
    );
    const flow = await devFlow(input.provider, input.state);
    const target = new URL(callbackUrl(input.provider));
    target.searchParams.set("state", input.state);
    if (input.action === "deny") {
      target.searchParams.set("error", "access_denied");
      return c.redirect(target.toString(), 303);
    }
    const { email, name } = await consent.parseAsync(input).catch(() => {
      throw new StatusError(400, "Please enter a valid e-mail address.");
    });
    const code = randomToken(45);
    await deps.flows.update(input.state, {
      ...flow,
      dev: {
        codeHash: sha256(code),
        identity: {
          accountId: devAccountId(input.provider, email),
          email: email.toLowerCase(),
          emailVerified: true,
          displayName: name?.trim() || null,
          profileImageUrl: null,
        },
      },
    });
    target.searchParams.set("code", code);
    return c.redirect(target.toString(), 303);
  });
}
