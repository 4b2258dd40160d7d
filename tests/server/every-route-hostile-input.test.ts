import { writeFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { apiErrors } from "../../server/contract/api-errors.ts";
import { routeSchemas } from "../../server/http/route-schemas.ts";
import { api, deleteAllDatabases } from "../api/api-client.ts";
import { encodeText, hostileText, hostileValue, RawJson, toJsonText } from "../helpers/hostile/hostile-values.ts";
import { type Plausible, queryFor, valueFor } from "../helpers/hostile/zod-arbitraries.ts";
import { appProjectOf, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { type StackRequest, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * The property over every route of both services: whatever arrives (wrong types, NUL, lone
 * surrogates, huge and deeply nested values, extreme numbers, traversal in path ids), the answer is
 * never a 5xx, and every 4xx carries a code (the app API's pair with a code from its registry; the
 * auth service's known-error envelope with both header families). Routes come from the server's
 * own route table, so routes added later are covered without touching this file; values come from
 * the zod schema each route validated its input with (learnt by a first plain request).
 *
 * HOSTILE_RUNS (requests per route, default 10) and HOSTILE_SEED (fast-check's seed, printed on
 * every run) reproduce or widen a run.
 */

const RUNS = Number(process.env.HOSTILE_RUNS ?? 10);
const SEED = Number(process.env.HOSTILE_SEED ?? Date.now() % 2_147_483_647);
/** Routes that create something heavy per request (a managed database) run fewer times. */
const RUNS_FOR: Record<string, number> = { "POST /api/v1/db": 3 };
const CONCURRENCY = 4;
const REQUEST_TIMEOUT_MS = 20_000;
const SENTINEL = "zq-hostile-sentinel";
const OPERATOR_EMAIL = `operator-${Date.now()}@example.com`;

type Access = "client" | "server" | "admin" | "none";
type BodyKind = "json" | "form" | "text" | "untyped";

interface Route {
  method: string;
  path: string;
  /** For wildcard routes: suffixes to send below the prefix. */
  wildcard?: boolean;
}

interface Sample {
  method: string;
  access: Access;
  withToken: boolean;
  params: Record<string, string>;
  suffix: string;
  query: Record<string, unknown> | null;
  body: unknown;
  bodyKind: BodyKind;
}

let server: TestServer;
let keys: AppProjectKeys;
let caller: TestUser;
let victim: TestUser;
let plausible: Plausible;
const paramValues = new Map<string, string[]>();
let sent = 0;
const failures: string[] = [];

/** The admin proxy answers the auth service's envelope, or the app API's pair for what it refuses itself. */
const answersPairs = (path: string, body: unknown) =>
  path.startsWith("/api/v1") && (!path.startsWith("/api/v1/admin/auth") || Array.isArray(body));

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false", ADMIN_EMAILS: OPERATOR_EMAIL } });
  keys = await appProjectOf(server);
  caller = await createTestUser(server, { email: OPERATOR_EMAIL, verified: true });
  victim = await createTestUser(server, { verified: true });
  await fixtures();
}, 240_000);

afterAll(async () => {
  if (server && caller) await deleteAllDatabases(server, caller.accessToken).catch(() => undefined);
  await server?.close();
});

const as = (access: "client" | "server" | "admin", path: string, request: StackRequest = {}) =>
  stackFetch(server, path, {
    keys,
    access,
    accessToken: access === "client" ? caller.accessToken : undefined,
    ...request,
  });

async function must<T>(what: string, res: Promise<{ status: number; body?: unknown; data?: unknown; text: string }>) {
  const answer = await res;
  if (answer.status >= 300) throw new Error(`fixture ${what}: ${answer.status} ${answer.text}`);
  return ((answer as { data?: unknown }).data ?? answer.body) as T;
}

/** One of everything a path can name, so that plausible requests reach the code behind the ids. */
async function fixtures(): Promise<void> {
  await must(
    "project config",
    as("admin", "/internal/projects/current", {
      method: "PATCH",
      body: {
        config: { allow_user_api_keys: true, allow_team_api_keys: true, client_team_creation_enabled: true },
      },
    }),
  );
  const team = await must<{ id: string }>(
    "team",
    as("server", "/teams", { body: { display_name: "Hostile", creator_user_id: caller.userId } }),
  );
  await as("server", `/team-memberships/${team.id}/${victim.userId}`, { body: {} });
  const userKey = await must<{ id: string }>(
    "user key",
    as("client", "/user-api-keys", { body: { user_id: "me", description: "k", expires_at_millis: null } }),
  );
  const teamKey = await must<{ id: string }>(
    "team key",
    as("server", "/team-api-keys", { body: { team_id: team.id, description: "k", expires_at_millis: null } }),
  );
  const endpoint = await must<{ id: string }>(
    "webhook endpoint",
    as("admin", "/internal/webhooks/endpoints", { body: { url: "http://127.0.0.1:9/hook" } }),
  );
  const keySet = await must<{ id: string }>(
    "internal key set",
    as("admin", "/internal/api-keys", {
      body: { description: "k", expires_at_millis: Date.now() + 86_400_000, has_secret_server_key: true },
    }),
  );
  const invitation = await must<{ id: string }>(
    "invitation",
    as("server", "/team-invitations/send-code", {
      body: { team_id: team.id, email: `invitee-${Date.now()}@example.com`, callback_url: `${server.url}/handler/x` },
    }),
  );
  await must("permission definition", as("admin", "/team-permission-definitions", { body: { id: "hostile_perm" } }));
  const channels = await must<{ items: Array<{ id: string }> }>(
    "channels",
    as("client", "/contact-channels?user_id=me"),
  );
  const sessions = await must<{ items: Array<{ id: string }> }>("sessions", as("client", "/auth/sessions?user_id=me"));
  const app = await must<{ id: string }>("app", api(server, caller.accessToken, "POST", "/apps", { title: "Hostile" }));
  await must(
    "secret",
    api(server, caller.accessToken, "POST", `/apps/${app.id}/secrets`, { key: "API_KEY", value: "v" }),
  );
  const db = await must<{ id: string }>(
    "database",
    api(server, caller.accessToken, "POST", "/db", { kind: "managed", name: "hostile" }),
  );
  await must(
    "table",
    api(server, caller.accessToken, "POST", `/db/${db.id}/execute`, {
      sql: "create table items (id int primary key, name text, data jsonb); insert into items values (1, 'a', '{}')",
    }),
  );

  const users = [caller.userId, victim.userId];
  const ids = [
    team.id,
    userKey.id,
    teamKey.id,
    endpoint.id,
    keySet.id,
    invitation.id,
    app.id,
    db.id,
    ...users,
    ...channels.items.map((c) => c.id),
    ...sessions.items.map((s) => s.id),
  ];
  plausible = {
    uuids: ids,
    emails: [caller.email, victim.email],
    urls: [`${server.url}/handler/x`, `${server.url}/`, "http://127.0.0.1:9/hook"],
    sentinel: SENTINEL,
  };
  const byName: Record<string, string[]> = {
    userId: ["me", ...users],
    user_id: ["me", ...users],
    team_id: [team.id],
    channelId: channels.items.map((c) => c.id),
    api_key_id: [userKey.id, teamKey.id],
    permission_id: ["$read_members", "hostile_perm", "$update_team"],
    provider: ["github", "google"],
    provider_account_id: ["x"],
    type: ["email_verification", "password_reset", "magic_link", "team_invitation"],
    projectId: [keys.projectId, "internal"],
    appId: [app.id],
    key: ["API_KEY"],
    dbId: [db.id],
    tableName: ["items"],
    id: ids,
  };
  for (const [name, values] of Object.entries(byName)) paramValues.set(name, values);
}

/** Every route of both services, from the server's route table; middleware entries left out. */
function apiRoutes(): Route[] {
  const seen = new Set<string>();
  const routes: Route[] = [];
  for (const { method, path } of server.routes) {
    if (!path.startsWith("/api/v1") && !path.startsWith("/auth/api/v1")) continue;
    const wildcard = path.endsWith("/*");
    // `ALL …/*` entries are middleware (or a catch-all); one per prefix is sent unknown paths.
    if (method === "ALL" && !wildcard) continue;
    if (wildcard && /:\w+/.test(path)) continue;
    const key = `${method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method, path, wildcard });
  }
  return routes;
}

const paramNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

function paramArb(name: string): fc.Arbitrary<string> {
  const known = paramValues.get(name) ?? ["x"];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: hostileText },
  );
}

function sampleArb(route: Route, concrete: Route[]): fc.Arbitrary<Sample> {
  const method = route.method === "ALL" ? fc.constantFrom("GET", "POST", "PATCH", "DELETE") : fc.constant(route.method);
  const names = paramNames(route.path);
  const params = fc
    .tuple(...names.map(paramArb))
    .map((values) => Object.fromEntries(names.map((n, i) => [n, values[i] as string])));
  const schemas = routeSchemas(route.method, route.path);
  const bodySchemas = schemas.body;
  const body: fc.Arbitrary<unknown> =
    bodySchemas.length > 0
      ? fc.oneof(
          { weight: 4, arbitrary: fc.oneof(...bodySchemas.map((s) => valueFor(s, "", plausible))) },
          { weight: 1, arbitrary: hostileValue },
        )
      : fc.oneof(fc.constant(undefined), fc.constant({}), hostileValue);
  const query: fc.Arbitrary<Record<string, unknown> | null> =
    schemas.query.length > 0
      ? fc.oneof(...schemas.query.map((s) => queryFor(s, plausible)), fc.constant(null))
      : fc.oneof(
          fc.constant(null),
          fc.dictionary(fc.constantFrom("user_id", "team_id", "q", "a\u0000"), hostileText, { maxKeys: 2 }),
        );
  const suffix = route.wildcard ? suffixArb(route, concrete) : fc.constant("");
  return fc.record({
    method,
    access: fc.constantFrom<Access>("client", "client", "server", "admin", "none"),
    withToken: fc.boolean(),
    params,
    suffix,
    query,
    body,
    bodyKind: fc.constantFrom<BodyKind>("json", "json", "json", "json", "form", "text", "untyped"),
  });
}

/** Below the admin proxy, the auth service's own routes; below a catch-all, unknown paths. */
function suffixArb(route: Route, concrete: Route[]): fc.Arbitrary<string> {
  const hostile = fc.tuple(hostileText, fc.option(hostileText)).map(([a, b]) =>
    [a, b]
      .filter((s) => s !== null)
      .map((s) => encodeText(s as string))
      .join("/"),
  );
  if (route.path !== "/api/v1/admin/auth/*") return hostile;
  const auth = concrete.filter((r) => r.path.startsWith("/auth/api/v1/"));
  return fc.oneof(
    { weight: 1, arbitrary: hostile },
    {
      weight: 3,
      arbitrary: fc.constantFrom(...auth).chain((r) => {
        const names = paramNames(r.path);
        return fc.tuple(...names.map(paramArb)).map((values) => {
          let path = r.path.slice("/auth/api/v1/".length);
          names.forEach((n, i) => {
            path = path.replace(`:${n}`, encodeText(values[i] as string));
          });
          return path;
        });
      }),
    },
  );
}

function urlOf(route: Route, sample: Sample): string {
  let path = route.wildcard ? `${route.path.slice(0, -1)}${sample.suffix}` : route.path;
  for (const [name, value] of Object.entries(sample.params)) path = path.replace(`:${name}`, encodeText(value));
  if (!sample.query) return path;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(sample.query)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      const full = typeof one === "string" ? one : toJsonText(one);
      // Node refuses request heads over 16 KiB itself (431, before any route): stay below.
      const text = full.length > 4_000 ? full.slice(0, 4_000) : full;
      parts.push(`${encodeText(key)}=${encodeText(text)}`);
    }
  }
  const search = parts
    .join("&")
    .slice(0, 8_000)
    .replace(/%[0-9A-F]?$/i, "");
  return search ? `${path}?${search}` : path;
}

function formOf(body: unknown): string {
  if (!body || typeof body !== "object" || Array.isArray(body) || body instanceof RawJson) {
    return `value=${encodeText(toJsonText(body))}`;
  }
  return Object.entries(body)
    .map(([k, v]) => `${encodeText(k)}=${encodeText(typeof v === "string" ? v : toJsonText(v))}`)
    .join("&");
}

function headersFor(route: Route, sample: Sample): Record<string, string> {
  const headers: Record<string, string> = {};
  if (route.path.startsWith("/auth/api/v1")) {
    if (sample.access !== "none") {
      headers["x-stack-access-type"] = sample.access;
      headers["x-stack-project-id"] = keys.projectId;
      if (sample.access === "client") headers["x-stack-publishable-client-key"] = keys.publishableClientKey;
      if (sample.access === "server") headers["x-stack-secret-server-key"] = keys.secretServerKey;
      if (sample.access === "admin") headers["x-stack-super-secret-admin-key"] = keys.superSecretAdminKey;
    }
    if (sample.access === "client" || sample.withToken) headers["x-stack-access-token"] = caller.accessToken;
  } else if (sample.access !== "none") {
    headers.authorization = `Bearer ${caller.accessToken}`;
  }
  return headers;
}

async function send(route: Route, sample: Sample): Promise<{ status: number; headers: Headers; text: string }> {
  const headers = headersFor(route, sample);
  let body: string | undefined;
  if (sample.body !== undefined && sample.method !== "GET" && sample.method !== "HEAD") {
    if (sample.bodyKind === "form") {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = formOf(sample.body);
    } else {
      if (sample.bodyKind === "json") headers["content-type"] = "application/json";
      if (sample.bodyKind === "text") headers["content-type"] = "text/plain";
      body = toJsonText(sample.body);
    }
  }
  const res = await server.request(urlOf(route, sample), {
    method: sample.method,
    headers,
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  sent++;
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** What is wrong with an answer, or null: a 5xx, or a 4xx without a code in the service's envelope. */
function problemWith(url: string, res: { status: number; headers: Headers; text: string }): string | null {
  if (res.status >= 500) return `${res.status}: ${res.text.slice(0, 300)}`;
  if (res.status < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    return `${res.status} without a code (not JSON): ${res.text.slice(0, 200)}`;
  }
  if (answersPairs(url, body)) {
    const error = Array.isArray(body) ? (body[1] as { code?: string } | null) : null;
    const code = error?.code;
    if (!code || !(code in apiErrors)) return `${res.status} without a registered code: ${res.text.slice(0, 200)}`;
    if (apiErrors[code as keyof typeof apiErrors].status !== res.status) {
      return `${res.status} with ${code}, registered as ${apiErrors[code as keyof typeof apiErrors].status}`;
    }
    return null;
  }
  const code = (body as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !/^[A-Z][A-Z0-9_]+$/.test(code)) {
    return `${res.status} without a code: ${res.text.slice(0, 200)}`;
  }
  const header = res.headers.get("x-stack-known-error");
  if (header !== null && (header !== code || res.headers.get("x-hexclave-known-error") !== code)) {
    return `${res.status}: known-error headers ${header} / ${res.headers.get("x-hexclave-known-error")} differ from ${code}`;
  }
  return null;
}

function describeSample(route: Route, sample: Sample): string {
  const body = sample.body === undefined ? "" : ` ${sample.bodyKind} ${toJsonText(sample.body).slice(0, 200)}`;
  return `${sample.method} ${urlOf(route, sample).slice(0, 300)} as ${sample.access}${body}`;
}

async function probe(route: Route): Promise<void> {
  // A plain request per access type teaches the route table each route's schemas.
  for (const access of ["client", "server", "admin"] as const) {
    const sample: Sample = {
      method: route.method === "ALL" ? "GET" : route.method,
      access,
      withToken: true,
      params: Object.fromEntries(paramNames(route.path).map((n) => [n, paramValues.get(n)?.[0] ?? "x"])),
      suffix: "x",
      query: null,
      body: ["GET", "HEAD", "DELETE"].includes(route.method) ? undefined : {},
      bodyKind: "json",
    };
    await check(route, sample);
  }
}

async function check(route: Route, sample: Sample): Promise<void> {
  const url = urlOf(route, sample);
  let problem: string | null;
  try {
    problem = problemWith(url, await send(route, sample));
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    problem = `no answer: ${(error as Error).message}${cause ? ` (${cause.code ?? ""} ${cause.message ?? ""})` : ""}`;
  }
  if (problem) failures.push(`${route.method} ${route.path}\n    ${describeSample(route, sample)}\n    -> ${problem}`);
}

async function fuzz(route: Route, concrete: Route[]): Promise<void> {
  await probe(route);
  const runs = RUNS_FOR[`${route.method} ${route.path}`] ?? RUNS;
  await fc.assert(
    fc.asyncProperty(sampleArb(route, concrete), async (sample) => {
      await check(route, sample);
    }),
    { numRuns: runs, seed: SEED, endOnFailure: true },
  );
}

async function inPool<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: size }, async () => {
      for (let item = queue.shift(); item; item = queue.shift()) await work(item);
    }),
  );
}

describe("every route of the app API and the auth service", () => {
  it("answers hostile input without a 5xx, and every 4xx with a code", async () => {
    const started = performance.now();
    const routes = apiRoutes();
    const concrete = routes.filter((r) => !r.wildcard);
    expect(concrete.length).toBeGreaterThan(100);
    // Reads first, then writes, deletions last: a deleted fixture would hide the code behind it.
    const order = (r: Route) => (r.method === "GET" ? 0 : r.method === "DELETE" ? 2 : 1);
    for (const phase of [0, 1, 2]) {
      await inPool(
        routes.filter((r) => order(r) === phase),
        CONCURRENCY,
        (route) => fuzz(route, concrete),
      );
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `hostile input: sent ${sent} requests to ${routes.length} routes (${RUNS} per route, seed ${SEED}) in ${seconds} s`,
    );
    if (process.env.HOSTILE_REPORT) writeFileSync(process.env.HOSTILE_REPORT, failures.join("\n"));
    const leaked = server.logs.filter((line) => line.includes(SENTINEL));
    expect(leaked, "request values in log lines").toEqual([]);
    expect(failures, `seed ${SEED}:\n${failures.slice(0, 40).join("\n")}`).toEqual([]);
  }, 600_000);
});
