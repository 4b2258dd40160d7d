import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { knownError, type StackResponse, stackFetch, statusErrorText } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * The refusals of /contact-channels with Stack's statuses (its contact-channels.test.ts: "cannot
 * create duplicate contact channels", "cannot delete a contact channel that doesn't exist"): Stack
 * answers them plain text, ours `{code, error}` with its words and no known-error header.
 */
let server: TestServer;
let keys: AppProjectKeys;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  keys = await appProjectOf(server);
  user = await createTestUser(server);
});
afterAll(async () => {
  await server?.close();
});

const asUser = (who: TestUser, method: string, path: string, body?: unknown) =>
  stackFetch(server, path, { access: "client", keys, accessToken: who.accessToken, method, body });

const statusError = (res: StackResponse) => [res.status, (res.body as { code?: string }).code, statusErrorText(res)];

describe("contact channel refusals, as Stack answers them", () => {
  it("refuses an address the user has already with 400, whether or not it is used for sign-in", async () => {
    for (const usedForAuth of [true, false]) {
      const value = `twice-${randomUUID()}@example.com`;
      const body = { user_id: "me", type: "email", value, used_for_auth: usedForAuth };
      expect((await asUser(user, "POST", "/contact-channels", body)).status).toBe(201);
      // Stack compares the normalized address (lower case).
      const again = await asUser(user, "POST", "/contact-channels", { ...body, value: value.toUpperCase() });
      expect(statusError(again)).toEqual([400, "CONTACT_CHANNEL_ALREADY_EXISTS", "Contact channel already exists"]);
    }
    const listed = await asUser(user, "GET", "/contact-channels?user_id=me");
    const values = (listed.body as { items: { value: string }[] }).items.map((c) => c.value);
    expect(values.length).toBe(new Set(values).size);
  });

  it("stores one of two identical adds sent at the same moment, and refuses a change to an address already there", async () => {
    for (const usedForAuth of [false, true]) {
      const value = `race-${randomUUID()}@example.com`;
      const body = { user_id: "me", type: "email", value, used_for_auth: usedForAuth };
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => asUser(user, "POST", "/contact-channels", body)),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([201, 400, 400, 400, 400, 400]);
      for (const refused of answers.filter((a) => a.status === 400)) {
        expect(statusError(refused)[1]).toBe("CONTACT_CHANNEL_ALREADY_EXISTS");
      }
      const listed = await asUser(user, "GET", "/contact-channels?user_id=me");
      const items = (listed.body as { items: { id: string; value: string }[] }).items;
      expect(items.filter((c) => c.value === value)).toHaveLength(1);
    }
    const other = `other-${randomUUID()}@example.com`;
    const made = await asUser(user, "POST", "/contact-channels", {
      user_id: "me",
      type: "email",
      value: other,
      used_for_auth: false,
    });
    const kept = `kept-${randomUUID()}@example.com`;
    const keptAnswer = await asUser(user, "POST", "/contact-channels", {
      user_id: "me",
      type: "email",
      value: kept,
      used_for_auth: false,
    });
    expect(keptAnswer.status, JSON.stringify(keptAnswer.body)).toBe(201);
    const id = (made.body as { id: string }).id;
    const changed = await asUser(user, "PATCH", `/contact-channels/me/${id}`, { value: kept });
    expect(statusError(changed)).toEqual([400, "CONTACT_CHANNEL_ALREADY_EXISTS", "Contact channel already exists"]);
  });

  it("still answers another account's sign-in address with the known error 409", async () => {
    const value = `taken-${randomUUID()}@example.com`;
    const body = { user_id: "me", type: "email", value, used_for_auth: true };
    expect((await asUser(user, "POST", "/contact-channels", body)).status).toBe(201);
    const rival = await createTestUser(server);
    const refused = await asUser(rival, "POST", "/contact-channels", body);
    expect(refused.status).toBe(409);
    expect(knownError(refused).code).toBe("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE");
  });

  it("answers an unknown channel 400 when it is to be changed or deleted, 404 when it is read", async () => {
    const unknown = `/contact-channels/me/${randomUUID()}`;
    expect(statusError(await asUser(user, "DELETE", unknown))).toEqual([
      400,
      "CONTACT_CHANNEL_TO_CHANGE_NOT_FOUND",
      "Contact channel not found",
    ]);
    expect(statusError(await asUser(user, "PATCH", unknown, { used_for_auth: false }))).toEqual([
      400,
      "CONTACT_CHANNEL_TO_CHANGE_NOT_FOUND",
      "Contact channel not found",
    ]);
    expect(statusError(await asUser(user, "GET", unknown))).toEqual([
      404,
      "CONTACT_CHANNEL_NOT_FOUND",
      "Contact channel not found.",
    ]);
    // Another user's channel is unknown to this one, by the same rule.
    const rival = await createTestUser(server);
    const created = await asUser(rival, "POST", "/contact-channels", {
      user_id: "me",
      type: "email",
      value: `rival-${randomUUID()}@example.com`,
      used_for_auth: false,
    });
    const rivalChannel = `/contact-channels/${user.userId}/${(created.body as { id: string }).id}`;
    expect((await asUser(user, "DELETE", rivalChannel)).status).toBe(400);
  });
});
