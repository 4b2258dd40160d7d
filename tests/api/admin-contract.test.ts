import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createdKeySetSchema, keySetListSchema, keySetSchema } from "../../server/contract/auth-api-keys.ts";
import {
  emailTemplateListSchema,
  emailTemplateSchema,
  openedEmailSchema,
  renderedEmailSchema,
  resentEmailSchema,
  sentEmailWithStatusListSchema,
  testEmailResultSchema,
} from "../../server/contract/auth-emails.ts";
import { metricsSchema } from "../../server/contract/auth-metrics.ts";
import { permissionDefinitionListSchema } from "../../server/contract/auth-permissions.ts";
import { adminProjectSchema } from "../../server/contract/auth-project.ts";
import { sessionListSchema } from "../../server/contract/auth-sessions.ts";
import { serverTeamListSchema, serverTeamSchema } from "../../server/contract/auth-teams.ts";
import { contactChannelListSchema, serverUserPageSchema, serverUserSchema } from "../../server/contract/auth-users.ts";
import {
  createdWebhookEndpointSchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookPortalTokenSchema,
} from "../../server/contract/auth-webhooks.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

// Every answer the admin area reads, from the real auth service through the operator proxy, read
// with the schema the admin client reads it with (server/contract/auth-*.ts). The renderers are
// typed by the same schemas; this holds the parts types cannot see (what a driver returns, nulls).

const operatorEmail = `ops-${randomUUID()}@example.com`;

let server: TestServer;
let operator: TestUser;
let member: TestUser;

/** One admin call as the admin area makes it; fails the test on any status but a success. */
async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await server.request(`/api/v1/admin/auth${path}`, {
    method,
    headers: {
      authorization: `Bearer ${operator.accessToken}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.ok, `${method} ${path} answered ${response.status}: ${text}`).toBe(true);
  return JSON.parse(text);
}

/** The answer read with the contract's schema; a mismatch names every field that differs. */
function read<S extends z.ZodType>(schema: S, answer: unknown): z.infer<S> {
  const parsed = schema.safeParse(answer);
  expect(parsed.error?.issues ?? []).toEqual([]);
  return parsed.data as z.infer<S>;
}

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: operatorEmail } });
  [operator, member] = await Promise.all([
    createTestUser(server, { email: operatorEmail, verified: true }),
    createTestUser(server, { verified: true, displayName: "Member Mia" }),
  ]);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("the auth service's answers to the admin area", () => {
  it("users, their sessions, e-mails and teams", async () => {
    const page = read(serverUserPageSchema, await admin("GET", "/users?limit=50&order_by=signed_up_at&desc=true"));
    expect(page.items.map((user) => user.id)).toContain(member.userId);
    const user = read(serverUserSchema, await admin("GET", `/users/${member.userId}`));
    expect(user.display_name).toBe("Member Mia");
    const patched = read(
      serverUserSchema,
      await admin("PATCH", `/users/${member.userId}`, { server_metadata: { plan: "pro" } }),
    );
    expect(patched.server_metadata).toEqual({ plan: "pro" });
    const sessions = read(
      sessionListSchema,
      await admin("GET", `/auth/sessions?user_id=${member.userId}&include_origin=true`),
    );
    expect(sessions.items.length).toBeGreaterThan(0);
    const channels = read(contactChannelListSchema, await admin("GET", `/contact-channels?user_id=${member.userId}`));
    expect(channels.items.find((channel) => channel.is_primary)?.value).toBe(member.email);

    const team = read(serverTeamSchema, await admin("POST", "/teams", { display_name: "Contract team" }));
    await admin("POST", `/team-memberships/${team.id}/${member.userId}`, {});
    const renamed = read(serverTeamSchema, await admin("PATCH", `/teams/${team.id}`, { display_name: "Renamed" }));
    expect(renamed.display_name).toBe("Renamed");
    expect(read(serverTeamSchema, await admin("GET", `/teams/${team.id}`)).id).toBe(team.id);
    expect(read(serverTeamListSchema, await admin("GET", "/teams")).items.map((t) => t.id)).toContain(team.id);
    const own = read(serverTeamListSchema, await admin("GET", `/teams?user_id=${member.userId}`));
    expect(own.items.map((t) => t.id)).toContain(team.id);
    const members = read(serverUserPageSchema, await admin("GET", `/users?team_id=${team.id}&limit=200`));
    expect(members.items.map((m) => m.id)).toEqual([member.userId]);
    // A user with a selected team carries it whole.
    const selected = read(
      serverUserSchema,
      await admin("PATCH", `/users/${member.userId}`, { selected_team_id: team.id }),
    );
    expect(selected.selected_team?.id).toBe(team.id);
  });

  it("API key sets, created, listed and revoked", async () => {
    const created = read(
      createdKeySetSchema,
      await admin("POST", "/internal/api-keys", {
        description: "contract",
        expires_at_millis: Date.now() + 86_400_000,
        has_publishable_client_key: true,
        has_secret_server_key: true,
        has_super_secret_admin_key: false,
      }),
    );
    expect(created.secret_server_key).toMatch(/^ssk_/);
    const listed = read(keySetListSchema, await admin("GET", "/internal/api-keys"));
    expect(listed.items.find((set) => set.id === created.id)?.secret_server_key?.last_four).toBe(
      created.secret_server_key?.slice(-4),
    );
    const revoked = read(keySetSchema, await admin("PATCH", `/internal/api-keys/${created.id}`, { revoked: true }));
    expect(revoked.manually_revoked_at_millis).toBeTypeOf("number");
  });

  it("e-mail templates, the SMTP test, the sent mails and one opened", async () => {
    const templates = read(emailTemplateListSchema, await admin("GET", "/email-templates"));
    expect(templates.items.map((template) => template.type)).toContain("password_reset");
    const saved = read(
      emailTemplateSchema,
      await admin("PATCH", "/email-templates/password_reset", { subject: "Reset", content: "Go to {{link}}" }),
    );
    expect(saved.is_default).toBe(false);
    const preview = read(
      renderedEmailSchema,
      await admin("POST", "/internal/email-templates/preview", { type: "password_reset" }),
    );
    expect(preview.subject).toBe("Reset");

    // No SMTP server listens on port 1: the attempt fails and the outbox keeps it with its text.
    const smtp = {
      host: "127.0.0.1",
      port: 1,
      username: "",
      password: "",
      sender_name: "Ops",
      sender_email: "ops@example.com",
    };
    const tried = read(
      testEmailResultSchema,
      await admin("POST", "/internal/send-test-email", { recipient_email: "to@example.com", email_config: smtp }),
    );
    expect(tried.success).toBe(false);
    const sent = read(sentEmailWithStatusListSchema, await admin("GET", "/internal/emails?include_status=true"));
    const failed = sent.items.find((mail) => mail.to.includes("to@example.com"));
    expect(failed?.status).toBe("failed");
    const opened = read(openedEmailSchema, await admin("GET", `/internal/emails/${failed?.id}`));
    expect(opened.text).toContain("SMTP");
    read(resentEmailSchema, await admin("POST", `/internal/emails/${failed?.id}/resend`, {}));
  });

  it("webhook endpoints, the portal token and the portal's reads", async () => {
    const created = read(
      createdWebhookEndpointSchema,
      await admin("POST", "/internal/webhooks/endpoints", { url: "https://example.com/hook", description: "contract" }),
    );
    expect(created.secret.length).toBeGreaterThan(4);
    const disabled = read(
      webhookEndpointSchema,
      await admin("PATCH", `/internal/webhooks/endpoints/${created.id}`, { enabled: false }),
    );
    expect([disabled.enabled, disabled.secret_last_four]).toEqual([false, created.secret.slice(-4)]);
    const { token } = read(webhookPortalTokenSchema, await admin("POST", "/webhooks/svix-token", {}));
    const portal = async (path: string) =>
      (
        await server.request(`/auth/api/v1/webhooks/portal${path}`, { headers: { authorization: `Bearer ${token}` } })
      ).json();
    const endpoints = read(webhookEndpointListSchema, await portal("/endpoints"));
    expect(endpoints.items.map((endpoint) => endpoint.id)).toContain(created.id);
    read(webhookDeliveryListSchema, await portal("/deliveries"));
  });

  it("the project with its own SMTP server, the metrics and the permission definitions", async () => {
    const smtp = {
      host: "smtp.example.com",
      port: 587,
      username: "u",
      password: "secret",
      sender_name: "Ops",
      sender_email: "ops@example.com",
    };
    const project = read(
      adminProjectSchema,
      await admin("PATCH", "/internal/projects/current", {
        config: {
          email_config: { type: "standard", ...smtp },
          oauth_providers: [{ id: "github", type: "standard", client_id: "id", client_secret: "s" }],
          domains: [{ domain: "https://console.example.com", handler_path: "/handler" }],
        },
      }),
    );
    expect(project.config.email_config).toEqual({ type: "standard", ...smtp, password: "********" });
    read(adminProjectSchema, await admin("GET", "/internal/projects/current"));
    const metrics = read(metricsSchema, await admin("GET", "/internal/metrics"));
    expect(metrics.recently_registered.map((user) => user.id)).toContain(member.userId);
    for (const scope of ["team", "project"]) {
      await admin("POST", `/${scope}-permission-definitions`, { id: `contract_${scope}` });
      const definitions = read(permissionDefinitionListSchema, await admin("GET", `/${scope}-permission-definitions`));
      expect(definitions.items.map((definition) => definition.id)).toContain(`contract_${scope}`);
    }
  });
});
