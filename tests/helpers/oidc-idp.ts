import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import Provider from "oidc-provider";

/** A person the identity provider knows, who signs in with `username` and `password`. */
export interface IdpAccount {
  sub: string;
  username: string;
  password: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface RunningIdp {
  /** `http://127.0.0.1:<port>/realms/<realm>`, as Keycloak names its issuers. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or replaces) a person who can sign in. */
  addAccount(account: IdpAccount): void;
  /**
   * From now on the token endpoint's ID tokens are re-signed with a key the provider never
   * published (same `kid`): what a forger without the provider's key would hand over.
   */
  forgeIdTokens(on: boolean): void;
  close(): Promise<void>;
}

const REALM_ROUTES = {
  authorization: "/protocol/openid-connect/auth",
  token: "/protocol/openid-connect/token",
  jwks: "/protocol/openid-connect/certs",
  userinfo: "/protocol/openid-connect/userinfo",
  end_session: "/protocol/openid-connect/logout",
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function loginPage(realm: string, error: string | null): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to ${escapeHtml(realm)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
<main><h1>Sign in to your account</h1>${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post"><label>Username or email <input name="username" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign In</button></form></main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString());
}

/**
 * A real OpenID Connect provider (panva's oidc-provider) shaped like Keycloak: issuer
 * `/realms/<realm>`, endpoints under `/protocol/openid-connect/`, a login form, claims in the ID
 * token. It runs in the test's process on a loopback port (so the server under test needs
 * OUTBOUND_ALLOW=127.0.0.1) and signs with a key made at start.
 */
export async function startIdp(options: {
  realm?: string;
  redirectUris: string[];
  port?: number;
}): Promise<RunningIdp> {
  const realm = options.realm ?? "acme";
  const accounts = new Map<string, IdpAccount>();
  let forging = false;
  const http: Server = createServer();
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (http.address() as AddressInfo).port;
  const prefix = `/realms/${realm}`;
  const issuer = `http://127.0.0.1:${port}${prefix}`;
  const clientId = `console-${realm}`;
  const clientSecret = `secret-${realm}-${Math.random().toString(36).slice(2)}`;

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signing = { ...(await exportJWK(privateKey)), kid: "realm-key-1", alg: "RS256", use: "sig" } as JWK;
  const forger = (await generateKeyPair("RS256", { extractable: true })).privateKey;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [signing] },
    routes: REALM_ROUTES,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "preferred_username"] },
    // As Keycloak does: the requested claims are in the ID token, not only at the userinfo endpoint.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${prefix}/login-actions/${interaction.uid}` },
    cookies: { keys: ["test-cookie-key"] },
    async findAccount(_ctx, sub) {
      const account = [...accounts.values()].find((a) => a.sub === sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
          preferred_username: account.username,
        }),
      };
    },
    // Consent is given by signing in (a first-party client, as a realm's own console is).
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client?.clientId ?? "");
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client?.clientId,
        accountId: ctx.oidc.session?.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (forging && ctx.path === REALM_ROUTES.token && body?.id_token) {
      const [, payload] = body.id_token.split(".");
      const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
      body.id_token = await new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: signing.kid as string })
        .sign(forger);
    }
  });
  const oidc = provider.callback();

  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === "GET") {
      await provider.interactionDetails(req, res);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(loginPage(realm, null));
      return;
    }
    const form = await readForm(req);
    const account = accounts.get(form.get("username") ?? "");
    if (!account || account.password !== form.get("password")) {
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(loginPage(realm, "Invalid username or password."));
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub } },
      { mergeWithLastSubmission: false },
    );
  };

  http.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    if (!url.startsWith(prefix)) {
      res.writeHead(404).end();
      return;
    }
    if (url.startsWith(`${prefix}/login-actions/`)) {
      interaction(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(400).end("interaction failed");
      });
      return;
    }
    // Mounted as Express would mount it: oidc-provider builds its URLs from the original path.
    Object.assign(req, { originalUrl: url, baseUrl: prefix });
    req.url = url.slice(prefix.length) || "/";
    oidc(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (account) => accounts.set(account.username, account),
    forgeIdTokens: (on) => {
      forging = on;
    },
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}
