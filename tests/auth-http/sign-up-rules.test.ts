import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let keys: AppProjectKeys;
beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  keys = await appProjectOf(server);
});
afterAll(async () => {
  await server?.close();
});

const rules = (override: Record<string, unknown>) =>
  stackFetch(server, "/internal/config/override/environment", {
    method: "PATCH",
    access: "admin",
    keys,
    body: { config_override_string: JSON.stringify(override) },
  });
const signUp = (email: string) =>
  stackFetch(server, "/auth/password/sign-up", {
    access: "client",
    keys,
    body: { email, password: "correct-horse-1" },
  });

describe("sign-up rules", () => {
  it("rejects, restricts and allows by CEL conditions in priority order, never naming the rule", async () => {
    const set = await rules({
      "auth.signUpRules.block-spam": {
        enabled: true,
        displayName: "Spam domain",
        priority: 10,
        condition: 'emailDomain == "spam.example" || email.matches("^bot[0-9]+@")',
        action: { type: "reject", message: "internal note" },
      },
      "auth.signUpRules.hold-free-mail": {
        enabled: true,
        displayName: "Free mail",
        priority: 5,
        condition: 'email.endsWith("@free.example") && authMethod == "password"',
        action: { type: "restrict" },
      },
      "auth.signUpRules.broken": {
        enabled: true,
        priority: 1,
        condition: 'email.matches("(")',
        action: { type: "reject" },
      },
    });
    expect(set.status).toBe(200);

    const rejected = await signUp(`x-${randomUUID()}@spam.example`);
    expect(rejected.status).toBe(403);
    expect(knownError(rejected)).toMatchObject({
      code: "SIGN_UP_REJECTED",
      error: "Your sign up was rejected by an administrator's sign-up rule.",
    });
    expect(rejected.text).not.toContain("internal note");
    expect(knownError(await signUp(`bot42@${randomUUID()}.example`)).code).toBe("SIGN_UP_REJECTED");

    const held = await signUp(`y-${randomUUID()}@free.example`);
    expect(held.status).toBe(200);
    const heldUser = await stackFetch(server, `/users/${(held.body as { user_id: string }).user_id}`, {
      access: "server",
      keys,
    });
    expect(heldUser.body).toMatchObject({
      restricted_by_admin: true,
      restricted_by_admin_private_details: "Restricted by sign-up rule: hold-free-mail (Free mail)",
    });

    // A condition that cannot be evaluated matches nothing; the default action decides.
    expect((await signUp(`z-${randomUUID()}@fine.example`)).status).toBe(200);

    const trace = await stackFetch(server, "/internal/sign-up-rules-test", {
      access: "admin",
      keys,
      body: { email: "Someone@Free.Example", auth_method: "password", oauth_provider: null, country_code: null },
    });
    expect(trace.body).toMatchObject({
      context: { email: "someone@free.example", email_domain: "free.example", auth_method: "password" },
      evaluations: [
        { rule_id: "block-spam", status: "not_matched" },
        { rule_id: "hold-free-mail", status: "matched" },
        { rule_id: "broken", status: "error" },
      ],
      outcome: { should_allow: true, decision: "default-allow", restricted_because_of_rule_id: "hold-free-mail" },
    });
  });

  it("turns every unmatched sign-up away with a reject default, and leaves anonymous sign-up alone", async () => {
    expect((await rules({ "auth.signUpRulesDefaultAction": "reject" })).status).toBe(200);
    expect(knownError(await signUp(`d-${randomUUID()}@fine.example`)).code).toBe("SIGN_UP_REJECTED");
    expect((await stackFetch(server, "/auth/anonymous/sign-up", { access: "client", keys, body: {} })).status).toBe(
      200,
    );
    expect((await rules({ "auth.signUpRulesDefaultAction": "allow" })).status).toBe(200);
  });
});
