import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  VerifiedAuthenticationResponse,
  VerifiedRegistrationResponse,
} from "@simplewebauthn/server";
import { z } from "zod";
import { projectAuth, requireUser } from "../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { ceremonyOrigin, RP_ID_SENTINEL, requirePasskeysEnabled } from "../../../policy/passkey-ceremony.ts";
import { LIMITS } from "../../../policy/rate-limit.ts";
import { sessionOrigin } from "../../../sign-in/session-origin.ts";
import { issueSessionAfterFirstFactor } from "../../../sign-in/totp.ts";
import { readBody } from "../../../wire/headers.ts";

// The browser's WebAuthn JSON is checked by SimpleWebAuthn itself; here only its outer shape.
const credentialJson = z
  .object({ id: z.string().min(1).max(1024), response: z.object({}).passthrough() })
  .passthrough();
const registerBody = z.object({ credential: credentialJson, code: z.string().min(1).max(100) }).strict();
const signInBody = z.object({ authentication_response: credentialJson, code: z.string().min(1).max(100) }).strict();
const challengeData = z.object({ challenge: z.string() });

/** How long the browser's prompt stays open (the options' `timeout`, as Stack sends it). */
const CEREMONY_TIMEOUT_MS = 60_000;

/**
 * SimpleWebAuthn adds `hints: []` to registration options; Stack's answer has no `hints` unless
 * there are some, so an empty list is left out.
 */
function withoutEmptyHints<T extends { hints?: unknown[] }>(options: T): Omit<T, "hints"> | T {
  if (!Array.isArray(options.hints) || options.hints.length > 0) return options;
  const { hints: _empty, ...rest } = options;
  return rest;
}

/** SimpleWebAuthn (with its ASN.1 and X.509 code) loads on the first ceremony, not at start-up. */
const webauthn = () => import("@simplewebauthn/server");

/**
 * Passkeys as the SDK drives them: the server makes a random challenge per ceremony (kept as a
 * single-use code), the SDK puts the page's hostname where the sentinel relying-party id stands,
 * and the answer is verified with SimpleWebAuthn against that challenge, a trusted origin of the
 * project and the stored public key.
 */
export function registerPasskeyRoutes(app: AuthApp, deps: AuthDeps): void {
  const own = () => deps.ctx.publicUrl();

  app.post("/auth/passkey/initiate-passkey-registration", projectAuth(deps), async (c) => {
    const { project } = c.get("auth");
    requirePasskeysEnabled(project);
    const { user } = requireUser(c);
    const existing = await deps.passkeys.listOfUser(project.id, user.id);
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: project.displayName,
      rpID: RP_ID_SENTINEL,
      userName: user.primaryEmail ?? user.id,
      userDisplayName: user.displayName ?? user.primaryEmail ?? user.id,
      userID: new TextEncoder().encode(user.id),
      attestationType: "none",
      excludeCredentials: existing.map((p) => ({ id: p.credentialId })),
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      timeout: CEREMONY_TIMEOUT_MS,
    });
    const code = await deps.codes.create(project.id, "passkey_registration", user.id, { challenge: options.challenge });
    return c.json({ options_json: withoutEmptyHints(options), code });
  });

  app.post("/auth/passkey/register", projectAuth(deps), async (c) => {
    const { project } = c.get("auth");
    requirePasskeysEnabled(project);
    const { user } = requireUser(c);
    const input = await readBody(c, registerBody);
    const row = await deps.codes.redeem(project.id, "passkey_registration", input.code);
    if (row.userId !== user.id)
      throw KnownErrors.passkeyRegistrationFailed("The registration was started by another user.");
    const { challenge } = challengeData.parse(row.data);
    const response = input.credential as unknown as RegistrationResponseJSON;
    const { origin, rpId } = ceremonyOrigin(project, response.response.clientDataJSON, own(), (m) =>
      KnownErrors.passkeyRegistrationFailed(m),
    );
    const { verifyRegistrationResponse } = await webauthn();
    let verified: VerifiedRegistrationResponse;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpId,
        requireUserVerification: false,
      });
    } catch (error) {
      throw KnownErrors.passkeyRegistrationFailed(`The passkey could not be verified: ${(error as Error).message}`);
    }
    if (!verified.verified) throw KnownErrors.passkeyRegistrationFailed("The passkey could not be verified.");
    const { credential } = verified.registrationInfo;
    await deps.passkeys.add({
      projectId: project.id,
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
    });
    await deps.users.update(project.id, user.id, { passkeyAuthEnabled: true });
    return c.json({ user_handle: user.id });
  });

  app.post("/auth/passkey/initiate-passkey-authentication", projectAuth(deps), async (c) => {
    const { project } = c.get("auth");
    requirePasskeysEnabled(project);
    const { generateAuthenticationOptions } = await webauthn();
    // Discoverable credentials only: the browser offers every passkey it holds for the site, and
    // the empty list is spelt out as Stack's options carry it.
    const options = await generateAuthenticationOptions({
      rpID: RP_ID_SENTINEL,
      userVerification: "preferred",
      allowCredentials: [],
      timeout: CEREMONY_TIMEOUT_MS,
    });
    const code = await deps.codes.create(project.id, "passkey_authentication", null, { challenge: options.challenge });
    return c.json({ options_json: options, code });
  });

  app.post("/auth/passkey/sign-in", projectAuth(deps), async (c) => {
    const { project } = c.get("auth");
    requirePasskeysEnabled(project);
    await deps.limits.perIp(c, "code-check", LIMITS.codeCheckPerIp);
    const input = await readBody(c, signInBody);
    const row = await deps.codes.redeem(project.id, "passkey_authentication", input.code);
    const { challenge } = challengeData.parse(row.data);
    const response = input.authentication_response as unknown as AuthenticationResponseJSON;
    const failed = (message: string) => KnownErrors.passkeyAuthenticationFailed(message);
    const passkey = await deps.passkeys.find(project.id, response.id);
    if (!passkey) throw failed("This passkey is not registered with this project.");
    const user = await deps.users.get(project.id, passkey.userId);
    if (!user?.passkeyAuthEnabled) throw failed("Passkey sign-in is turned off for this account.");
    const { origin, rpId } = ceremonyOrigin(project, response.response.clientDataJSON, own(), failed);
    const { verifyAuthenticationResponse } = await webauthn();
    let verified: VerifiedAuthenticationResponse;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: Uint8Array.from(Buffer.from(passkey.publicKey, "base64url")),
          counter: passkey.counter,
          transports: passkey.transports as never,
        },
        requireUserVerification: false,
      });
    } catch (error) {
      throw failed(`The passkey could not be verified: ${(error as Error).message}`);
    }
    if (!verified.verified) throw failed("The passkey could not be verified.");
    if (!(await deps.passkeys.used(passkey.id, passkey.counter, verified.authenticationInfo.newCounter))) {
      throw failed("The passkey was used by another sign-in at the same time.");
    }
    return c.json({
      ...(await issueSessionAfterFirstFactor(deps, user, sessionOrigin(c, deps.config))),
      is_new_user: false,
    });
  });
}
