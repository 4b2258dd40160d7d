import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { throwErr } from "../../server/lib/errors.ts";
import { appProjectOf, createTestUser } from "../helpers/stack-apps.ts";
import { type StackRequest, type StackResponse, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * Replays the exchanges recorded from the real Stack Auth server (shared/docs) against ours, in
 * order, and compares status, known-error code and message, and the shape of every body.
 */
interface Exchange {
  name: string;
  request: { method: string; path: string; access: "client" | "server" | null; body: unknown };
  response: { status: number; headers: Record<string, string>; body: unknown };
}
// A copy of shared/docs/stack-wire-samples.json, so the test runs wherever the repository does.
const samplesPath = new URL("./fixtures/stack-wire-samples.json", import.meta.url);
const exchanges = (JSON.parse(readFileSync(samplesPath, "utf8")) as { exchanges: Exchange[] }).exchanges;

const SAMPLE_USER_ID = "0ab3e7be-a3fa-43e2-8699-a645a4df47b8";
const SAMPLE_CREATED_ID = "20643d86-3114-49ec-a797-d0bddeea5984";
/** Keys our answers add on purpose: the sign-in page reads allow_localhost (the brief asks for it). */
const EXTRA_KEYS = new Set(["allow_localhost"]);
/**
 * Fields Stack's schema declares nullable: the recorded data happened to fill them (the team
 * fields because Stack gives every user a personal team; this server has no teams).
 */
const MAY_BE_NULL = new Set([
  "selected_team",
  "selected_team_id",
  "display_name",
  "primary_email",
  "profile_image_url",
  "next_cursor",
]);

function compareShape(sample: unknown, ours: unknown, path: string, problems: string[]): void {
  const key = path.split(".").at(-1) ?? "";
  if (sample === null || ours === null) {
    if (sample !== null && ours === null && !MAY_BE_NULL.has(key)) problems.push(`${path}: null instead of a value`);
    return;
  }
  if (Array.isArray(sample)) {
    if (!Array.isArray(ours)) return void problems.push(`${path}: not an array`);
    if (sample.length > 0 && ours.length > 0) compareShape(sample[0], ours[0], `${path}[0]`, problems);
    return;
  }
  if (typeof sample === "object") {
    if (typeof ours !== "object") return void problems.push(`${path}: not an object`);
    const s = sample as Record<string, unknown>;
    const o = ours as Record<string, unknown>;
    for (const k of Object.keys(s)) {
      if (!(k in o)) problems.push(`${path}.${k}: missing`);
      else compareShape(s[k], o[k], `${path}.${k}`, problems);
    }
    for (const k of Object.keys(o))
      if (!(k in s) && !EXTRA_KEYS.has(k)) problems.push(`${path}.${k}: not in Stack's answer`);
    return;
  }
  if (typeof sample !== typeof ours) problems.push(`${path}: ${typeof ours} instead of ${typeof sample}`);
}

let server: TestServer;
let keys: AppProjectKeys;
beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  keys = await appProjectOf(server);
});
afterAll(async () => {
  await server?.close();
});

describe("the recorded Stack Auth exchanges, replayed", () => {
  it("match in status, error code and message, and body shape", async () => {
    const email = `wire-${randomUUID()}@example.com`;
    const serverMadeEmail = `srv-${email}`;
    const ctx = { accessToken: "", refreshToken: "", userId: "", createdId: "" };
    const signUpSample = exchanges.find((e) => e.name === "password sign-up") ?? throwErr("no sign-up sample");
    const sampleEmail = (signUpSample.request.body as { email: string }).email;
    const substitute = (text: string) =>
      text
        .replaceAll(`srv-${sampleEmail}`, serverMadeEmail)
        .replaceAll(`x${sampleEmail}`, `x${email}`)
        .replaceAll(`y${sampleEmail}`, `y${email}`)
        .replaceAll(sampleEmail, email)
        .replaceAll("http://localhost:8142", server.url)
        .replaceAll(SAMPLE_USER_ID, ctx.userId)
        .replaceAll(SAMPLE_CREATED_ID, ctx.createdId)
        .replaceAll('"internal"', `"${keys.projectId}"`)
        .replaceAll('\\"internal\\"', `\\"${keys.projectId}\\"`)
        .replaceAll("/projects/internal/", `/projects/${keys.projectId}/`)
        .replaceAll("<refresh token, 45 chars>", ctx.refreshToken);
    const report: string[] = [];
    // Two more users than the list's limit, so that it has a next page as Stack's had.
    await createTestUser(server);
    await createTestUser(server);

    for (const exchange of exchanges) {
      const { request, response, name } = exchange;
      const req: StackRequest = {
        method: request.method,
        access: request.access ?? undefined,
        keys,
        accessToken: ctx.accessToken || undefined,
      };
      let body = request.body === null ? undefined : JSON.parse(substitute(JSON.stringify(request.body)));
      if (name === "password sign-in, malformed JSON") body = "{oops";
      if (name === "sign-in with error status override") req.headers = { "x-stack-override-error-status": "true" };
      if (name === "users/me without a user") req.accessToken = undefined;
      if (name === "users/me with a garbage token") req.accessToken = "garbage";
      if (name.startsWith("users list with a wrong secret key")) req.keys = { ...keys, secretServerKey: "wrong" };
      if (name === "key without access type")
        req.headers = { "x-stack-publishable-client-key": keys.publishableClientKey };
      if (name === "key without access type" || name === "no access type, no key") req.accessToken = undefined;
      if (name.startsWith("refresh grant")) {
        const form = body as Record<string, string>;
        if (name.includes("unknown")) form.refresh_token = "0".repeat(45);
        form.client_id = keys.projectId;
        form.client_secret = keys.publishableClientKey;
        req.headers = { "content-type": "application/x-www-form-urlencoded" };
        body = new URLSearchParams(form).toString();
        req.accessToken = undefined;
      }
      if (name === "sessions current refresh") req.refreshToken = ctx.refreshToken;
      if (name === "jwks") req.accessToken = undefined;
      if (body !== undefined) req.body = body;

      const res: StackResponse = await stackFetch(server, substitute(request.path), req);
      const problems: string[] = [];
      if (res.status !== response.status) problems.push(`status ${res.status}, Stack ${response.status}`);
      const code = response.headers["x-stack-known-error"];
      if (code) {
        if (res.headers.get("x-stack-known-error") !== code)
          problems.push(`known error ${res.headers.get("x-stack-known-error")}, Stack ${code}`);
        const actual = response.headers["x-stack-actual-status"];
        if (actual && res.headers.get("x-stack-actual-status") !== actual)
          problems.push("actual-status header differs");
        const expected = JSON.parse(substitute(JSON.stringify(response.body))) as { error: string };
        if ((res.body as { error?: string }).error !== expected.error) {
          problems.push(
            `message ${JSON.stringify((res.body as { error?: string }).error)}, Stack ${JSON.stringify(expected.error)}`,
          );
        }
      }
      compareShape(response.body, res.body, "body", problems);
      for (const header of ["cache-control", "access-control-expose-headers", "content-type"]) {
        const ours = res.headers.get(header) ?? "";
        const theirs = response.headers[header] ?? "";
        const ok =
          header === "access-control-expose-headers"
            ? theirs.split(", ").every((h) => ours.includes(h))
            : header === "content-type"
              ? ours.split(";")[0] === theirs.split(";")[0]
              : ours === theirs || name === "jwks";
        if (!ok) problems.push(`${header}: ${ours}, Stack ${theirs}`);
      }
      if (problems.length) report.push(`${name}:\n    ${problems.join("\n    ")}`);

      const answer = res.body as Record<string, string>;
      if ((name === "password sign-up" || name === "password sign-in") && res.status === 200) {
        ctx.accessToken = answer.access_token ?? "";
        ctx.refreshToken = answer.refresh_token ?? "";
        ctx.userId = answer.user_id ?? "";
      }
      if (name === "users create (server)") ctx.createdId = answer.id ?? "";
    }
    expect(report.join("\n")).toBe("");
    expect(exchanges).toHaveLength(41);
  });
});
