import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf, createTestUser, serverHeaders, type TestUser } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let keys: AppProjectKeys;
let user: TestUser;

async function setPasskeys(enabled: boolean) {
  const res = await server.request("/auth/api/v1/internal/projects/current", {
    method: "PATCH",
    headers: {
      ...serverHeaders(keys),
      "x-stack-access-type": "admin",
      "x-stack-super-secret-admin-key": keys.superSecretAdminKey,
    },
    body: JSON.stringify({ config: { passkey_enabled: enabled } }),
  });
  expect(res.status).toBe(200);
}

const client = (path: string, body: unknown, accessToken?: string) =>
  stackFetch(server, path, { method: "POST", access: "client", keys, accessToken, body });

/** clientDataJSON as a browser would encode it, for an origin of our choosing. */
const clientData = (origin: string, type: string) =>
  Buffer.from(JSON.stringify({ type, challenge: "AAAA", origin })).toString("base64url");

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  keys = await appProjectOf(server);
  user = await createTestUser(server);
});
afterAll(async () => {
  await server?.close();
});

describe("passkey errors", () => {
  it("answers PASSKEY_AUTHENTICATION_NOT_ENABLED while the project has passkeys off (as recorded)", async () => {
    await setPasskeys(false);
    for (const path of [
      "/auth/passkey/initiate-passkey-registration",
      "/auth/passkey/initiate-passkey-authentication",
    ]) {
      const res = await client(path, {}, user.accessToken);
      expect([res.status, knownError(res).code]).toEqual([400, "PASSKEY_AUTHENTICATION_NOT_ENABLED"]);
      expect(knownError(res).error).toBe("Passkey authentication is not enabled for this project.");
    }
  });

  it("hands out fresh challenges with the sentinel relying-party id, single use", async () => {
    await setPasskeys(true);
    const first = await client("/auth/passkey/initiate-passkey-registration", {}, user.accessToken);
    const second = await client("/auth/passkey/initiate-passkey-registration", {}, user.accessToken);
    const a = first.body as { options_json: { challenge: string; rp: { id: string } }; code: string };
    const b = second.body as typeof a;
    expect(a.options_json.rp.id).toBe("THIS_VALUE_WILL_BE_REPLACED.example.com");
    expect(a.options_json.challenge).not.toBe(b.options_json.challenge);
    // Stack's keys exactly (its e2e snapshot of initiate-passkey-registration): no empty `hints`.
    expect(Object.keys(a.options_json).sort()).toEqual([
      "attestation",
      "authenticatorSelection",
      "challenge",
      "excludeCredentials",
      "extensions",
      "pubKeyCredParams",
      "rp",
      "timeout",
      "user",
    ]);
    expect(a.options_json).toMatchObject({
      attestation: "none",
      authenticatorSelection: { requireResidentKey: true, residentKey: "required", userVerification: "preferred" },
      extensions: { credProps: true },
      timeout: 60000,
    });
    const signedOut = await client("/auth/passkey/initiate-passkey-registration", {});
    expect(knownError(signedOut).code).toBe("CANNOT_GET_OWN_USER_WITHOUT_USER");

    // A response made on an untrusted origin is refused, and the challenge is then used up.
    const credential = {
      id: "abc",
      rawId: "abc",
      type: "public-key",
      response: { clientDataJSON: clientData("https://evil.example", "webauthn.create"), attestationObject: "AAAA" },
      clientExtensionResults: {},
    };
    const foreign = await client("/auth/passkey/register", { credential, code: a.code }, user.accessToken);
    expect([foreign.status, knownError(foreign).code]).toEqual([400, "PASSKEY_REGISTRATION_FAILED"]);
    expect(knownError(foreign).error).toContain("not a trusted domain");
    const replay = await client("/auth/passkey/register", { credential, code: a.code }, user.accessToken);
    expect(knownError(replay).code).toBe("VERIFICATION_CODE_ALREADY_USED");
  });

  it("refuses a sign-in with a credential nobody registered, and malformed bodies", async () => {
    await setPasskeys(true);
    const start = await client("/auth/passkey/initiate-passkey-authentication", {});
    const { code, options_json } = start.body as { code: string; options_json: { rpId: string } };
    expect(options_json.rpId).toBe("THIS_VALUE_WILL_BE_REPLACED.example.com");
    // As Stack's snapshot of initiate-passkey-authentication has it: an explicit empty allow list.
    expect({ ...options_json, challenge: "<challenge>" }).toEqual({
      allowCredentials: [],
      challenge: "<challenge>",
      rpId: "THIS_VALUE_WILL_BE_REPLACED.example.com",
      timeout: 60000,
      userVerification: "preferred",
    });
    const unknown = await client("/auth/passkey/sign-in", {
      code,
      authentication_response: {
        id: "nobody",
        rawId: "nobody",
        type: "public-key",
        response: { clientDataJSON: clientData(server.url, "webauthn.get") },
        clientExtensionResults: {},
      },
    });
    expect([unknown.status, knownError(unknown).code]).toEqual([400, "PASSKEY_AUTHENTICATION_FAILED"]);
    const malformed = await client("/auth/passkey/sign-in", { code: "x" });
    expect(knownError(malformed).code).toBe("SCHEMA_ERROR");
  });
});
