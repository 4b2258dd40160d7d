import { readFileSync } from "node:fs";
import type { StackAdminApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { adminApp, appProjectOf, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { type StackResponse, stackFetch, statusErrorText } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * The recorded user and team API key exchanges of the real Stack Auth server, first with the
 * project's API keys switched off, then on (the recording used a project created for it), with
 * the recorded ids and key values mapped to ours; compared in status, known-error code and
 * message (or plain text) and the keys of each body.
 */
interface Exchange {
  name: string;
  request: { method: string; path: string; access: "client" | "server"; body: Record<string, unknown> | null };
  response: { status: number; body: unknown };
}
const samplesPath = new URL("./fixtures/stack-wire-samples-extended.json", import.meta.url);
const all = (JSON.parse(readFileSync(samplesPath, "utf8")) as { exchanges: Exchange[] }).exchanges;
const byName = (name: string) => {
  const found = all.find((e) => e.name === name);
  if (!found) throw new Error(`no recorded exchange "${name}"`);
  return found;
};

const SAMPLE_A = "cfb1ec2c-83a7-4160-92b2-09a86d829121";
const SAMPLE_P = "728a64db-dc9e-41c6-956a-de3c3a17a4e8";
const SAMPLE_TEAM = "d5c32972-f159-469e-86ab-cf4356980b91";
const CLIENT_KEY = "952ba9c6-f770-44d4-a3a2-c84a3eb50f86";
const TEAM_KEY = "37004f9c-6701-4dfe-a08e-22178ed7a7ac";

function keysOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [keysOf(value[0])] : "list";
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([x], [y]) => x.localeCompare(y))
        .map(([k, v]) => [k, v === null ? null : keysOf(v)]),
    );
  }
  return typeof value;
}

let server: TestServer;
let keys: AppProjectKeys;
let admin: StackAdminApp;
let p: TestUser;
const ids = new Map<string, string>();
/** The whole key values ours answered, by the recorded key id. */
const values = new Map<string, string>();
const problems: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  keys = await appProjectOf(server);
  admin = await adminApp(server);
  p = await createTestUser(server);
  const team = await stackFetch(server, "/teams", {
    method: "POST",
    access: "server",
    keys,
    body: { display_name: "Recorded", creator_user_id: p.userId },
  });
  ids.set(SAMPLE_A, p.userId);
  ids.set(SAMPLE_P, p.userId);
  ids.set(SAMPLE_TEAM, (team.body as { id: string }).id);
});
afterAll(async () => {
  await server?.close();
});

const toOurs = (text: string) => [...ids].reduce((s, [sample, ours]) => s.replaceAll(sample, ours), text);
const toSample = (text: string) => [...ids].reduce((s, [sample, ours]) => s.replaceAll(ours, sample), text);

async function play(name: string, apiKey?: string): Promise<StackResponse> {
  const { request, response } = byName(name);
  let body =
    request.body === null ? undefined : (JSON.parse(toOurs(JSON.stringify(request.body))) as Record<string, unknown>);
  if (body && "api_key" in body) body = { ...body, api_key: apiKey ?? "console_user_sk_unknown" };
  const res = await stackFetch(server, toOurs(request.path), {
    method: request.method,
    access: request.access,
    keys,
    accessToken: request.access === "client" ? p.accessToken : undefined,
    body,
  });
  const sample = response.body as Record<string, unknown> | string;
  if (res.status !== response.status) problems.push(`${name}: status ${res.status}, recorded ${response.status}`);
  if (typeof sample === "string") {
    if (statusErrorText(res) !== sample) problems.push(`${name}: text ${JSON.stringify(res.body)}`);
  } else if (typeof sample.code === "string") {
    const ours = res.body as Record<string, unknown>;
    const error = toSample(String(ours.error));
    if (ours.code !== sample.code || error !== sample.error) problems.push(`${name}: ${ours.code} "${error}"`);
  } else if (JSON.stringify(keysOf(res.body)) !== JSON.stringify(keysOf(sample))) {
    problems.push(`${name}: body ${JSON.stringify(keysOf(res.body))} vs ${JSON.stringify(keysOf(sample))}`);
  }
  // A creation (its answer carries the whole key): map the recorded id to ours and keep the value.
  if (
    res.status === 200 &&
    typeof sample === "object" &&
    typeof sample.id === "string" &&
    typeof sample.value === "string"
  ) {
    const ours = res.body as { id: string; value: string };
    ids.set(sample.id, ours.id);
    values.set(sample.id, ours.value);
  }
  return res;
}

describe("the recorded user and team API key exchanges, replayed", () => {
  it("match in status, error code and message, and body keys", async () => {
    const project = await admin.getProject();
    await project.update({ config: { allowUserApiKeys: false, allowTeamApiKeys: false } });
    await play("user-api-keys: create for me (client, this project)");
    await play("user-api-keys: create (server, this project)");
    await play("user-api-keys: list (client, this project)");
    await play("user-api-keys: check unknown key (server, this project)");
    await play("team-api-keys: create (client, this project)");
    await play("team-api-keys: list (client, this project)");

    await project.update({ config: { allowUserApiKeys: true, allowTeamApiKeys: true } });
    await play("owned: user-api-keys create for me (client)");
    await play("owned: user-api-keys create (server)");
    await play("owned: user-api-keys list (client)");
    await play("owned: user-api-keys list (server)");
    await play("owned: user-api-keys get (client)");
    await play("owned: user-api-keys check valid (server)", values.get(CLIENT_KEY));
    await play("owned: user-api-keys update description (client)");
    await play("owned: user-api-keys revoke (client)");
    await play("owned: user-api-keys check revoked (server)", values.get(CLIENT_KEY));
    await play("owned: user-api-keys check unknown (server)");
    await play("owned: user key used as team key (server)", values.get(CLIENT_KEY));

    // The recording's team was made by a client in its own project; here the server made it, and
    // the creator holds $manage_api_keys as the recording's owner did.
    ids.set("77370604-ccad-475a-b6c8-7ee4f65337e5", ids.get(SAMPLE_TEAM) ?? "");
    await stackFetch(server, `/team-permissions/${ids.get(SAMPLE_TEAM)}/${p.userId}/$manage_api_keys`, {
      method: "POST",
      access: "server",
      keys,
      body: {},
    });
    await play("owned: team-api-keys create (client)");
    await play("owned: team-api-keys create (server)");
    await play("owned: team-api-keys list (client)");
    await play("owned: team-api-keys get (client)");
    await play("owned: team-api-keys get without team_id (client)");
    await play("owned: team-api-keys check valid (server)", values.get(TEAM_KEY));
    await play("owned: team-api-keys revoke (server)");
    await play("owned: team-api-keys check revoked (server)", values.get(TEAM_KEY));

    expect(values.get(CLIENT_KEY)).toMatch(/^sk_[0-9a-z]{45}[0-9a-f]{32}user1574ck4u7h[0-9a-f]{8}$/);
    expect(problems).toEqual([]);
  });
});
