import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SetupLinks } from "../../server/api/lib/operators/setup-link.ts";
import { clientApp, createTestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ firstOperator: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const operatorEmail = `first-${randomUUID()}@example.com`;
const password = `pw-${randomUUID()}`;

describe("the first start's setup link", () => {
  it("is printed for an empty store, as a link to /setup with a token, and never logged", () => {
    expect(server.setupUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/setup\?token=[A-Za-z0-9_-]{43}$/);
    token = new URL(server.setupUrl ?? "").searchParams.get("token") ?? "";
    expect(server.logs.some((line) => line.includes(token))).toBe(false);
    expect(server.logs.some((line) => line.includes("setup link"))).toBe(true);
  });

  it("is checked without a session; a wrong or malformed token is refused", async () => {
    const good = await api<{ valid: boolean; expiresAt: string }>(server, null, "POST", "/setup/check", { token });
    expect(good.status).toBe(200);
    expect(good.data.valid).toBe(true);
    const expiresIn = Date.parse(good.data.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(55 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);

    const wrong = await api(server, null, "POST", "/setup/check", { token: `${token.slice(0, -2)}xx` });
    expect([wrong.status, wrong.error?.code]).toEqual([403, "SETUP_LINK_INVALID"]);
    const malformed = await api(server, null, "POST", "/setup/check", { token: "not a token" });
    expect([malformed.status, malformed.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
  });

  it("refuses a short password and a taken address, and stays good for another try", async () => {
    const short = await api(server, null, "POST", "/setup", { token, email: operatorEmail, password: "short" });
    expect([short.status, short.error?.code]).toEqual([400, "SCHEMA_ERROR"]);

    const taken = await createTestUser(server, { verified: false });
    const clash = await api(server, null, "POST", "/setup", { token, email: taken.email, password });
    expect([clash.status, clash.error?.code]).toEqual([409, "SETUP_EMAIL_TAKEN"]);

    const still = await api(server, null, "POST", "/setup/check", { token });
    expect(still.status).toBe(200);
  });

  it("makes one verified operator, once, even when two requests race", async () => {
    const body = { token, email: operatorEmail, password, displayName: "First Operator" };
    const answers = await Promise.all([
      api<{ userId: string; email: string }>(server, null, "POST", "/setup", body),
      api<{ userId: string; email: string }>(server, null, "POST", "/setup", body),
    ]);
    const made = answers.filter((a) => a.status === 200);
    expect(made).toHaveLength(1);
    expect(answers.find((a) => a.status !== 200)?.error?.code).toBe("SETUP_LINK_INVALID");
    expect(made[0]?.data.email).toBe(operatorEmail);

    // The new account signs in with its password and is an operator with a verified address.
    const app = await clientApp(server);
    const signIn = await app.signInWithCredential({ email: operatorEmail, password, noRedirect: true });
    expect(signIn.status).toBe("ok");
    const user = await app.getUser({ or: "throw" });
    expect(user.primaryEmailVerified).toBe(true);
    expect(user.displayName).toBe("First Operator");
    const { accessToken } = await user.getAuthJson();
    // No SMTP_URL and no SMTP server of the project: the operator is told mail stays in the outbox.
    expect((await api(server, accessToken, "GET", "/admin/me")).data).toEqual({ isAdmin: true, mail: "outbox" });

    // Someone else is no operator; the used link is refused from now on.
    const other = await createTestUser(server, { verified: true });
    expect((await api(server, other.accessToken, "GET", "/admin/me")).data).toEqual({ isAdmin: false });
    const again = await api(server, null, "POST", "/setup/check", { token });
    expect(again.error?.code).toBe("SETUP_LINK_INVALID");
  });

  it("expires after an hour", async () => {
    const links = new SetupLinks(server.store.db);
    const hourAgo = new Date(Date.now() - 60 * 60_000 - 1_000);
    const old = await links.issue(hourAgo);
    expect(await links.find(old, new Date(hourAgo.getTime() + 59 * 60_000))).not.toBeNull();
    expect(await links.find(old)).toBeNull();
    const answer = await api(server, null, "POST", "/setup/check", { token: old });
    expect(answer.error?.code).toBe("SETUP_LINK_INVALID");
  });

  it("limits failed tries per address", async () => {
    const codes: string[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await api(server, null, "POST", "/setup/check", { token: randomUUID().replaceAll("-", "") });
      codes.push(answer.error?.code ?? "ok");
    }
    // The earlier tests' refusals count too: the limit (10 an hour) is reached within these twelve.
    const first = codes.indexOf("RATE_LIMITED");
    expect(first).toBeGreaterThan(0);
    expect(codes.slice(0, first).every((code) => code === "SETUP_LINK_INVALID")).toBe(true);
    expect(codes.slice(first).every((code) => code === "RATE_LIMITED")).toBe(true);
  });
});
