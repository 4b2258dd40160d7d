import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appProjectOf, clientApp } from "../helpers/stack-apps.ts";
import { stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

// No SMTP server: every mail stays in the outbox ("logged"), whole, for the operators to read.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function asAdmin(path: string, request: { method?: string; body?: unknown } = {}) {
  return stackFetch(server, path, { ...request, access: "admin", keys: await appProjectOf(server) });
}

type Listed = { id: string; to: string[]; subject: string; status: string; body_kept: boolean };
type Opened = Listed & { text: string | null; html: string | null; link: string | null };

async function signUp(): Promise<{ email: string; mail: Listed }> {
  const email = `outbox-${randomUUID()}@example.com`;
  await (await clientApp(server)).signUpWithCredential({
    email,
    password: "correct-horse-1",
    noRedirect: true,
    verificationCallbackUrl: `${server.url}/handler/email-verification`,
  });
  // The auth service queues the mail in the outbox before it answers the sign-up.
  const list = (await asAdmin("/internal/emails?include_status=true")).body as { items: Listed[] };
  const mail = list.items.find((m) => m.to[0] === email);
  if (!mail) throw new Error(`no mail to ${email} in the outbox`);
  return { email, mail };
}

describe("the admin outbox", () => {
  it("opens a kept mail with its text, HTML and link, and sends it again as a new entry", async () => {
    const { email, mail } = await signUp();
    expect(mail).toMatchObject({ status: "logged", body_kept: true });

    const opened = await asAdmin(`/internal/emails/${mail.id}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toBe("no-store");
    const body = opened.body as Opened;
    expect(body.to).toEqual([email]);
    expect(body.link).toMatch(/^http:\/\/[^/]+\/handler\/email-verification\?code=[a-z0-9]{45}$/);
    expect(body.text).toContain(body.link);
    expect(body.html).toContain(`href="${body.link}"`);

    const resent = await asAdmin(`/internal/emails/${mail.id}/resend`, { method: "POST", body: {} });
    expect(resent.status).toBe(200);
    const copyId = (resent.body as { id: string }).id;
    expect(copyId).not.toBe(mail.id);
    const copy = (await asAdmin(`/internal/emails/${copyId}`)).body as Opened;
    expect(copy).toMatchObject({
      to: [email],
      subject: body.subject,
      text: body.text,
      html: body.html,
      link: body.link,
    });
  });

  it("answers EMAIL_NOT_FOUND for an unknown or malformed id, and only to the project's admins", async () => {
    for (const id of [randomUUID(), "not-a-uuid"]) {
      const missing = await asAdmin(`/internal/emails/${id}`);
      expect([missing.status, (missing.body as { code?: string }).code]).toEqual([404, "EMAIL_NOT_FOUND"]);
      const resend = await asAdmin(`/internal/emails/${id}/resend`, { method: "POST", body: {} });
      expect([resend.status, (resend.body as { code?: string }).code]).toEqual([404, "EMAIL_NOT_FOUND"]);
    }
    const { mail } = await signUp();
    const keys = await appProjectOf(server);
    const asServer = await stackFetch(server, `/internal/emails/${mail.id}`, { access: "server", keys });
    expect(asServer.status).toBe(401);
  });

  it("limits how often one recipient is sent a mail again", async () => {
    const { mail } = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await asAdmin(`/internal/emails/${mail.id}/resend`, { method: "POST", body: {} })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
