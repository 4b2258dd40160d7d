import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * An OpenID provider shaped like Stack's mock OAuth server (stack-auth's `apps/mock-oauth-server`,
 * which its e2e suite and tools/stack-e2e run): panva's oidc-provider at the root of a loopback
 * origin, one client per provider id with the shared secret `MOCK-SERVER-SECRET`, a login form
 * that takes any address without a password (the account's subject is that address), and
 * consent given without a page. Written for these tests (Stack's code is not copied here).
 */
export interface RunningStackMockIdp {
  /** `http://127.0.0.1:<port>`: what OAUTH_MOCK_URL names. */
  issuer: string;
  /** Starts answering, with clients whose redirect URI is `<callbackBase>/<provider id>`. */
  serve(callbackBase: string): void;
  /** How many token requests it answered (any outcome). */
  tokenRequests(): number;
  /** Revokes an access token it issued (Stack's mock: `POST /revoke-access-token`). */
  revokeAccessToken(accessToken: string): Promise<void>;
  /** Drops the whole grant behind an access token, its refresh tokens with it (`/revoke-refresh-token`). */
  revokeGrant(accessToken: string): Promise<void>;
  /**
   * The next refresh of the grant behind an access token is answered 400 with this OAuth error
   * (`/simulate-refresh-error`); its access token keeps working until revoked.
   */
  failNextRefresh(accessToken: string, error: string): Promise<void>;
  close(): Promise<void>;
}

const PROVIDER_IDS = ["github", "facebook", "google", "microsoft", "spotify", "discord", "gitlab", "bitbucket", "x"];

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString());
}

const LOGIN_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in</title></head>
<body><h1>Mock OAuth Sign-in</h1><form method="post"><input name="username" type="email"><button>Sign in</button></form></body></html>`;

export async function listenStackMockIdp(): Promise<RunningStackMockIdp> {
  const http: Server = createServer();
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  let tokenCalls = 0;
  let provider: Provider | undefined;
  const refreshErrors = new Map<string, string>();
  const running = () => {
    if (!provider) throw new Error("the mock is not serving yet");
    return provider;
  };
  const grantOf = async (accessToken: string) => {
    const grantId = (await running().AccessToken.find(accessToken))?.grantId;
    if (!grantId) throw new Error("no grant behind this access token");
    return grantId;
  };

  /** A refresh grant whose grant was told to fail: answered here, before oidc-provider sees it. */
  const simulatedRefreshError = async (form: URLSearchParams) => {
    const refreshToken = form.get("refresh_token");
    if (form.get("grant_type") !== "refresh_token" || !refreshToken) return undefined;
    const grantId = (await running().RefreshToken.find(refreshToken))?.grantId;
    const error = grantId ? refreshErrors.get(grantId) : undefined;
    if (grantId && error) refreshErrors.delete(grantId);
    return error;
  };

  const serve = (callbackBase: string) => {
    provider = new Provider(issuer, {
      clients: PROVIDER_IDS.map((id) => ({
        client_id: id,
        client_secret: "MOCK-SERVER-SECRET",
        redirect_uris: [`${callbackBase}/${id}`],
        grant_types: ["authorization_code", "refresh_token"],
      })),
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      cookies: { keys: ["stack-mock-test-key"] },
      async findAccount(_ctx, sub) {
        return { accountId: sub, claims: async () => ({ sub, email: sub }) };
      },
    });
    const oidc = provider.callback();
    const ready = provider;

    // As Stack's mock: a login prompt shows the form, a consent prompt is granted at once.
    const interaction = async (req: IncomingMessage, res: ServerResponse) => {
      const details = await ready.interactionDetails(req, res);
      if (req.method === "POST") {
        const login = (await readForm(req)).get("username") ?? "";
        await ready.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
        return;
      }
      if (details.prompt.name === "login") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(LOGIN_PAGE);
        return;
      }
      const grant = new ready.Grant({
        accountId: details.session?.accountId,
        clientId: String(details.params.client_id),
      });
      const missing = details.prompt.details as { missingOIDCScope?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
      const grantId = await grant.save();
      await ready.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    };

    // The form is read here to answer a simulated refusal; otherwise oidc-provider takes it as read.
    const tokenRequest = async (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks);
      const error = await simulatedRefreshError(new URLSearchParams(raw.toString()));
      if (error) {
        res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error }));
        return;
      }
      (req as IncomingMessage & { body?: Buffer }).body = raw;
      oidc(req, res);
    };

    http.on("request", (req: IncomingMessage, res: ServerResponse) => {
      const url = req.url ?? "/";
      if (url.startsWith("/interaction/")) {
        interaction(req, res).catch(() => {
          if (!res.headersSent) res.writeHead(400).end("interaction failed");
        });
        return;
      }
      if (url.startsWith("/token")) {
        tokenCalls++;
        tokenRequest(req, res).catch(() => {
          if (!res.headersSent) res.writeHead(500).end();
        });
        return;
      }
      oidc(req, res);
    });
  };

  return {
    issuer,
    serve,
    tokenRequests: () => tokenCalls,
    async revokeAccessToken(accessToken) {
      await (await running().AccessToken.find(accessToken))?.destroy();
    },
    async revokeGrant(accessToken) {
      await (await running().Grant.find(await grantOf(accessToken)))?.destroy();
    },
    async failNextRefresh(accessToken, error) {
      refreshErrors.set(await grantOf(accessToken), error);
    },
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}
