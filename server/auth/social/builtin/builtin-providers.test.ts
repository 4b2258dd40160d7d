import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpError } from "../../../lib/errors.ts";
import { createOutboundPolicy, parseOutboundAllow } from "../../../lib/outbound.ts";
import { outboundFetch } from "../../../lib/outbound-fetch.ts";
import { type OAuthFlowState, type ProviderIdentity, RefreshRefused } from "../provider.ts";
import { builtInSpecs } from "./index.ts";
import { type At, type BuiltInSpec, builtInProvider } from "./oauth2-client.ts";

/**
 * Each of Stack's other built-in providers against a stand-in that answers as that provider does,
 * a real HTTP server on 127.0.0.1 serving every provider's hosts under /<host>/…. The outbound
 * rules allow 127.0.0.1 only in this test's policy; the default policy refuses it.
 */

const CALLBACK = "https://console.example/auth/api/v1/auth/oauth/callback";
const settings = Object.fromEntries(
  [
    "GITHUB",
    "GOOGLE",
    "MICROSOFT",
    "GITLAB",
    "BITBUCKET",
    "DISCORD",
    "FACEBOOK",
    "LINKEDIN",
    "SPOTIFY",
    "TWITCH",
    "X",
  ].flatMap((p) => [
    [`${p}_CLIENT_ID`, `${p.toLowerCase()}-client`],
    [`${p}_CLIENT_SECRET`, `${p.toLowerCase()} secret/+=`],
  ]),
);

/** What each provider's API answers for the signed-in account: `host/path?query` → JSON. */
const API: Record<string, Record<string, unknown>> = {
  github: {
    "api.github.com/user": {
      id: 583231,
      login: "octocat",
      name: null,
      email: "public@example.com",
      avatar_url: "https://gh.example/o.png",
    },
    "api.github.com/user/emails": [
      { email: "other@example.com", primary: false, verified: true },
      { email: "octo@example.com", primary: true, verified: true },
    ],
  },
  google: {
    "openidconnect.googleapis.com/v1/userinfo": {
      sub: "110169484474386276334",
      name: "Alan Turing",
      email: "alan@example.com",
      email_verified: true,
      picture: "https://g.example/a.png",
    },
  },
  microsoft: {
    "graph.microsoft.com/v1.0/me": {
      id: "ms-1",
      displayName: "Ada Lovelace",
      mail: null,
      userPrincipalName: "ada@contoso.example",
    },
  },
  gitlab: {
    "gitlab.com/api/v4/user": {
      id: 42,
      name: "Grace Hopper",
      username: "grace",
      email: "grace@example.com",
      avatar_url: "https://gitlab.example/a.png",
    },
    "gitlab.com/api/v4/user/emails": [
      { id: 1, email: "other@example.com", confirmed_at: null },
      { id: 2, email: "grace@example.com", confirmed_at: "2024-01-01T00:00:00Z" },
    ],
  },
  bitbucket: {
    "api.bitbucket.org/2.0/user": {
      account_id: "bb-7",
      display_name: "Linus",
      links: { avatar: { href: "https://bb.example/l.png" } },
    },
    "api.bitbucket.org/2.0/user/emails": {
      values: [
        { email: "old@example.com", is_primary: false, is_confirmed: true },
        { email: "linus@example.com", is_primary: true, is_confirmed: false },
      ],
    },
  },
  discord: {
    "discord.com/api/users/@me": {
      id: "80351110224678912",
      username: "nelly",
      global_name: "Nelly",
      avatar: "a_8342729096ea3675442027381ff50dfe",
      email: "nelly@example.com",
      verified: true,
    },
  },
  facebook: {
    "graph.facebook.com/v3.2/me?fields=id,name,email": { id: "fb-5", name: "Mark", email: "mark@example.com" },
    "graph.facebook.com/fb-5?fields=picture.type(small)": { picture: { data: { url: "https://fb.example/p.jpg" } } },
  },
  linkedin: {
    "api.linkedin.com/v2/userinfo": {
      sub: "li-9",
      name: "Reid",
      email: "reid@example.com",
      email_verified: true,
      picture: "https://li.example/r.jpg",
    },
  },
  spotify: {
    "api.spotify.com/v1/me": {
      id: "sp-3",
      display_name: "Daniel",
      email: "daniel@example.com",
      images: [{ url: "https://sp.example/d.jpg" }],
    },
  },
  twitch: {
    "api.twitch.tv/helix/users": {
      data: [
        {
          id: "141981764",
          login: "twitchdev",
          display_name: "TwitchDev",
          email: "dev@example.com",
          profile_image_url: "https://tw.example/t.png",
        },
      ],
    },
  },
  x: {
    "api.x.com/2/users/me?user.fields=id,name,profile_image_url": {
      data: {
        id: "2244994945",
        name: "X Developers",
        username: "XDevelopers",
        profile_image_url: "https://x.example/x.jpg",
      },
    },
  },
};

const EXPECTED: Record<string, Omit<ProviderIdentity, "tokens">> = {
  github: {
    accountId: "583231",
    email: "octo@example.com",
    emailVerified: true,
    displayName: "octocat",
    profileImageUrl: "https://gh.example/o.png",
  },
  google: {
    accountId: "110169484474386276334",
    email: "alan@example.com",
    emailVerified: true,
    displayName: "Alan Turing",
    profileImageUrl: "https://g.example/a.png",
  },
  microsoft: {
    accountId: "ms-1",
    email: "ada@contoso.example",
    emailVerified: false,
    displayName: "Ada Lovelace",
    profileImageUrl: null,
  },
  gitlab: {
    accountId: "42",
    email: "grace@example.com",
    emailVerified: true,
    displayName: "Grace Hopper",
    profileImageUrl: "https://gitlab.example/a.png",
  },
  bitbucket: {
    accountId: "bb-7",
    email: "linus@example.com",
    emailVerified: false,
    displayName: "Linus",
    profileImageUrl: "https://bb.example/l.png",
  },
  discord: {
    accountId: "80351110224678912",
    email: "nelly@example.com",
    emailVerified: true,
    displayName: "Nelly",
    profileImageUrl: "https://cdn.discordapp.com/avatars/80351110224678912/a_8342729096ea3675442027381ff50dfe.gif",
  },
  facebook: {
    accountId: "fb-5",
    email: "mark@example.com",
    emailVerified: false,
    displayName: "Mark",
    profileImageUrl: "https://fb.example/p.jpg",
  },
  linkedin: {
    accountId: "li-9",
    email: "reid@example.com",
    emailVerified: true,
    displayName: "Reid",
    profileImageUrl: "https://li.example/r.jpg",
  },
  spotify: {
    accountId: "sp-3",
    email: "daniel@example.com",
    emailVerified: false,
    displayName: "Daniel",
    profileImageUrl: "https://sp.example/d.jpg",
  },
  twitch: {
    accountId: "141981764",
    email: "dev@example.com",
    emailVerified: true,
    displayName: "TwitchDev",
    profileImageUrl: "https://tw.example/t.png",
  },
  x: {
    accountId: "2244994945",
    email: null,
    emailVerified: false,
    displayName: "X Developers",
    profileImageUrl: "https://x.example/x.jpg",
  },
};

let server: Server;
let base = "";
const at: At = (url) => {
  const u = new URL(url);
  return `${base}/${u.host}${u.pathname}${u.search}`;
};
let specs: BuiltInSpec[] = [];
/** Codes the stand-in handed out at its authorization endpoint, with what the request carried. */
const issued = new Map<string, { provider: string; challenge: string | null; redirectUri: string }>();
/** How many calls reached a token endpoint of the stand-in. */
let tokenCalls = 0;

const creds = (id: string) => ({
  id: settings[`${id.toUpperCase()}_CLIENT_ID`] as string,
  secret: settings[`${id.toUpperCase()}_CLIENT_SECRET`] as string,
});

async function answer(req: IncomingMessage, res: ServerResponse) {
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const url = new URL(req.url ?? "/", base);
  const real = url.pathname.slice(1) + url.search;
  // The specs were made with `at`, so their endpoints are this server's URLs already.
  const spec = specs.find((s) => s.authorizationEndpoint === `${base}${url.pathname}`);
  if (spec && req.method === "GET") {
    const code = `code-${issued.size + 1}`;
    const redirectUri = url.searchParams.get("redirect_uri") ?? "";
    issued.set(code, { provider: spec.id, challenge: url.searchParams.get("code_challenge"), redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    back.searchParams.set("state", url.searchParams.get("state") ?? "");
    res.writeHead(302, { location: back.toString() });
    return res.end();
  }
  const tokenSpec = specs.find((s) => s.tokenEndpoint === `${base}${url.pathname}`);
  if (tokenSpec && req.method === "POST") {
    let text = "";
    for await (const chunk of req) text += chunk;
    const form = new URLSearchParams(text);
    tokenCalls++;
    const { id, secret } = creds(tokenSpec.id);
    const enc = (v: string) => encodeURIComponent(v).replace(/%20/g, "+");
    const authOk =
      tokenSpec.tokenAuth === "basic"
        ? req.headers.authorization === `Basic ${Buffer.from(`${enc(id)}:${enc(secret)}`).toString("base64")}` &&
          !form.has("client_secret")
        : form.get("client_id") === id && form.get("client_secret") === secret && !req.headers.authorization;
    if (!authOk) return json(401, { error: "invalid_client" });
    if (form.get("grant_type") === "refresh_token") {
      return form.get("refresh_token") === `rt-${tokenSpec.id}`
        ? json(200, { access_token: `at2-${tokenSpec.id}`, token_type: "bearer", expires_in: 60 })
        : json(400, { error: "invalid_grant" });
    }
    const grant = issued.get(form.get("code") ?? "");
    const verifier = form.get("code_verifier");
    const pkceOk = grant?.challenge
      ? verifier !== null && createHash("sha256").update(verifier).digest("base64url") === grant.challenge
      : verifier === null;
    if (!grant || grant.provider !== tokenSpec.id || grant.redirectUri !== form.get("redirect_uri") || !pkceOk) {
      return json(400, { error: "invalid_grant" });
    }
    issued.delete(form.get("code") ?? "");
    // Twitch answers its scopes as a JSON array, the others as a string or not at all.
    const scope =
      tokenSpec.id === "twitch" ? ["user:read:email"] : tokenSpec.id === "x" ? "users.read tweet.read" : undefined;
    return json(200, {
      access_token: `at-${tokenSpec.id}`,
      token_type: "bearer",
      expires_in: 3600,
      refresh_token: `rt-${tokenSpec.id}`,
      scope,
    });
  }
  for (const [provider, routes] of Object.entries(API)) {
    if (!(real in routes)) continue;
    if (req.headers.authorization !== `Bearer at-${provider}`) return json(401, { error: "invalid_token" });
    // GitHub refuses API calls without a user agent.
    if (provider === "github" && !req.headers["user-agent"]) return json(403, { error: "user agent" });
    if (provider === "twitch" && req.headers["client-id"] !== creds("twitch").id)
      return json(401, { error: "client id" });
    return json(200, routes[real]);
  }
  json(404, { error: "not found" });
}

beforeAll(async () => {
  server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  specs = builtInSpecs({ ...settings, MICROSOFT_TENANT_ID: "organizations", FACEBOOK_CONFIG_ID: "cfg-1" }, at).map(
    ([s]) => s,
  );
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const testFetch = () => outboundFetch(createOutboundPolicy(parseOutboundAllow("127.0.0.1")));
const flowFor = (verifier: string, providerScopes: string[] = []) =>
  ({ innerCodeVerifier: verifier, providerScopes }) as unknown as OAuthFlowState;

async function signIn(spec: BuiltInSpec, fetch = testFetch()) {
  const { id, secret } = creds(spec.id);
  const provider = builtInProvider(
    spec,
    { clientId: id, clientSecret: secret, callbackUrl: () => `${CALLBACK}/${spec.id}` },
    fetch,
  );
  const verifier = `verifier-${spec.id}-0123456789012345678901234567890123456789`;
  const authorize = new URL(await provider.authorizationUrl("inner-state", verifier, []));
  const redirect = await globalThis.fetch(authorize, { redirect: "manual" });
  const back = new URL(redirect.headers.get("location") ?? "");
  expect(back.searchParams.get("state")).toBe("inner-state");
  return {
    provider,
    authorize,
    identity: await provider.exchange(back.searchParams.get("code") ?? "", flowFor(verifier)),
  };
}

describe("Stack's built-in OAuth providers", () => {
  it("configures all eleven from <ID>_CLIENT_ID/_SECRET, with Stack's scopes, PKCE and client authentication", () => {
    expect(specs.map((s) => [s.id, s.scopes.join(" "), s.pkce, s.tokenAuth])).toEqual([
      ["github", "read:user user:email", false, "basic"],
      ["google", "openid email profile", true, "basic"],
      ["microsoft", "User.Read openid", true, "basic"],
      ["gitlab", "read_user", true, "basic"],
      ["bitbucket", "account email", true, "basic"],
      ["discord", "identify email", true, "basic"],
      ["facebook", "openid public_profile email", true, "basic"],
      ["linkedin", "openid profile email", false, "post"],
      ["spotify", "user-read-email user-read-private", true, "basic"],
      ["twitch", "user:read:email", true, "post"],
      ["x", "users.read offline.access tweet.read", true, "basic"],
    ]);
  });

  for (const id of Object.keys(EXPECTED)) {
    it(`${id}: signs in through the stand-in and maps the account as Stack does`, async () => {
      const spec = specs.find((s) => s.id === id) as BuiltInSpec;
      const { authorize, identity } = await signIn(spec);
      expect(authorize.searchParams.get("client_id")).toBe(creds(id).id);
      expect(authorize.searchParams.get("redirect_uri")).toBe(`${CALLBACK}/${id}`);
      expect(authorize.searchParams.get("scope")).toBe(spec.scopes.join(" "));
      expect(authorize.searchParams.get("code_challenge_method")).toBe(spec.pkce ? "S256" : null);
      const { tokens, ...mapped } = identity;
      expect(mapped).toEqual(EXPECTED[id]);
      expect(tokens?.accessToken).toBe(`at-${id}`);
      expect(tokens?.refreshToken).toBe(`rt-${id}`);
    });
  }

  it("keeps each provider's quirks: Microsoft's tenant, Facebook's config id, scopes as granted", async () => {
    const ms = specs.find((s) => s.id === "microsoft") as BuiltInSpec;
    expect(ms.authorizationEndpoint).toContain("/login.microsoftonline.com/organizations/oauth2/v2.0/authorize");
    expect(builtInSpecs(settings).find(([s]) => s.id === "microsoft")?.[0].tokenEndpoint).toBe(
      "https://login.microsoftonline.com/consumers/oauth2/v2.0/token",
    );
    const fb = await signIn(specs.find((s) => s.id === "facebook") as BuiltInSpec);
    expect(fb.authorize.searchParams.get("config_id")).toBe("cfg-1");
    const twitch = await signIn(specs.find((s) => s.id === "twitch") as BuiltInSpec);
    expect(twitch.identity.tokens?.scopes).toEqual(["user:read:email"]);
    const x = await signIn(specs.find((s) => s.id === "x") as BuiltInSpec);
    expect(x.identity.tokens?.scopes).toEqual(["users.read", "tweet.read"]);
    const spotify = await signIn(specs.find((s) => s.id === "spotify") as BuiltInSpec);
    expect(spotify.identity.tokens?.scopes).toEqual(["user-read-email", "user-read-private"]);
    // Refresh with the provider's refresh token; the old one stays when none is rotated in.
    const refreshed = await spotify.provider.refresh?.("rt-spotify");
    expect(refreshed).toMatchObject({ accessToken: "at2-spotify", refreshToken: "rt-spotify" });
  });

  // Stack asks each provider's account API whether a stored token still holds before handing it out.
  for (const id of Object.keys(EXPECTED)) {
    it(`${id}: a token its API refuses (401) is no longer taken; a refused refresh is RefreshRefused`, async () => {
      const spec = specs.find((s) => s.id === id) as BuiltInSpec;
      const provider = builtInProvider(
        spec,
        { clientId: creds(id).id, clientSecret: creds(id).secret, callbackUrl: () => `${CALLBACK}/${id}` },
        testFetch(),
      );
      expect(await provider.checkAccessToken?.(`at-${id}`)).toBe(true);
      expect(await provider.checkAccessToken?.(`revoked-${id}`)).toBe(false);
      await expect(provider.refresh?.("rt-revoked")).rejects.toBeInstanceOf(RefreshRefused);
      // A provider that cannot be reached refuses nothing: the stored token is not thrown away.
      const strict = outboundFetch(createOutboundPolicy(parseOutboundAllow("")));
      const unreachable = builtInProvider(
        spec,
        { clientId: creds(id).id, clientSecret: creds(id).secret, callbackUrl: () => `${CALLBACK}/${id}` },
        strict,
      );
      expect(await unreachable.checkAccessToken?.(`revoked-${id}`)).toBe(true);
      await expect(unreachable.refresh?.("rt-revoked")).rejects.not.toBeInstanceOf(RefreshRefused);
    });
  }

  it("refuses a wrong code or verifier with INVALID_AUTHORIZATION_CODE, sending no secret in any URL", async () => {
    const spec = specs.find((s) => s.id === "discord") as BuiltInSpec;
    const { id, secret } = creds("discord");
    const provider = builtInProvider(
      spec,
      { clientId: id, clientSecret: secret, callbackUrl: () => `${CALLBACK}/discord` },
      testFetch(),
    );
    const authorize = new URL(
      await provider.authorizationUrl("s", "right-verifier-0123456789012345678901234567890123", []),
    );
    expect(authorize.toString()).not.toContain(encodeURIComponent(secret));
    const back = new URL((await globalThis.fetch(authorize, { redirect: "manual" })).headers.get("location") ?? "");
    const wrongVerifier = provider.exchange(
      back.searchParams.get("code") ?? "",
      flowFor("another-verifier-012345678901234567890123456789"),
    );
    await expect(wrongVerifier).rejects.toMatchObject({ code: "INVALID_AUTHORIZATION_CODE" });
    await expect(provider.exchange("code-unknown", flowFor("v"))).rejects.toBeInstanceOf(HttpError);
  });

  // GitHub and Google included: they once called out with plain fetch (arctic), past the rules.
  for (const id of ["gitlab", "github", "google"]) {
    it(`${id}: calls out only where the outbound rules allow (the default rules refuse the stand-in on 127.0.0.1)`, async () => {
      const spec = specs.find((s) => s.id === id) as BuiltInSpec;
      const strict = outboundFetch(createOutboundPolicy(parseOutboundAllow("")));
      const before = tokenCalls;
      await expect(signIn(spec, strict)).rejects.toMatchObject({ code: "OUTBOUND_ADDRESS_NOT_ALLOWED" });
      expect(tokenCalls).toBe(before);
      const refresh = builtInProvider(
        spec,
        { clientId: creds(id).id, clientSecret: creds(id).secret, callbackUrl: () => `${CALLBACK}/${id}` },
        strict,
      ).refresh?.(`rt-${id}`);
      await expect(refresh).rejects.toMatchObject({ code: "OUTBOUND_ADDRESS_NOT_ALLOWED" });
      expect(tokenCalls).toBe(before);
    });
  }
});
