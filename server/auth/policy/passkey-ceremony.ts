import { KnownErrors } from "../errors/known-errors.ts";
import type { Project } from "../stores/projects.ts";
import { isTrustedUrl } from "./trusted-domains.ts";

/** The SDK replaces this relying-party id with the page's hostname before calling WebAuthn. */
export const RP_ID_SENTINEL = "THIS_VALUE_WILL_BE_REPLACED.example.com";

/**
 * The origin a WebAuthn response was made on (from its clientDataJSON), accepted only when it is a
 * trusted origin of the project; its hostname is then the relying-party id the browser used.
 */
export function ceremonyOrigin(
  project: Project,
  clientDataJSON: unknown,
  ownOrigin: string,
  fail: (message: string) => Error,
): { origin: string; rpId: string } {
  let origin: string;
  try {
    const data = JSON.parse(Buffer.from(String(clientDataJSON), "base64url").toString("utf8")) as { origin?: unknown };
    origin = typeof data.origin === "string" ? data.origin : "";
  } catch {
    throw fail("The WebAuthn response is malformed.");
  }
  if (!origin || !isTrustedUrl(project, origin, ownOrigin)) {
    throw fail(`The passkey's origin is not allowed: ${origin || "an unknown origin"}, which is not a trusted domain.`);
  }
  return { origin, rpId: new URL(origin).hostname };
}

export function requirePasskeysEnabled(project: Project): void {
  if (!project.config.passkey_enabled) throw KnownErrors.passkeyAuthenticationNotEnabled();
}
