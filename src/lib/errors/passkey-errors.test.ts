// @vitest-environment happy-dom
import { i18n } from "@lingui/core";
import { KnownErrors } from "@stackframe/stack-shared";
import { describe, expect, it } from "vitest";
import { useLang as loadLang } from "@/test-support/render-signed-in";
import { passkeyErrorMessage } from "./passkey-errors";

// The SDK's PASSKEY_WEBAUTHN_ERROR carries the browser's DOMException name as details.code (the
// real error class); a DOMException may also arrive as it is.
const fromSdk = (name: string) => new KnownErrors.PasskeyWebAuthnError("browser's own English", name);

describe("passkey errors by the browser's cause", () => {
  it("names each cause in English", async () => {
    await loadLang("en");
    expect(await passkeyErrorMessage(i18n, fromSdk("NotAllowedError"))).toBe(
      "The passkey prompt was cancelled or timed out. Try again when you are ready.",
    );
    expect(await passkeyErrorMessage(i18n, fromSdk("InvalidStateError"), "register")).toBe(
      "This device already holds a passkey for your account.",
    );
    expect(await passkeyErrorMessage(i18n, fromSdk("SecurityError"))).toBe(
      "This address cannot use passkeys: it needs HTTPS (or localhost) and the domain the passkey belongs to.",
    );
    expect(await passkeyErrorMessage(i18n, fromSdk("NotSupportedError"))).toBe(
      "This browser or device does not support the kind of passkey this site asks for.",
    );
    expect(await passkeyErrorMessage(i18n, new DOMException("aborted", "AbortError"))).toBe(
      "The passkey prompt was closed before it finished.",
    );
    // At sign-in an InvalidStateError is no duplicate registration.
    expect(await passkeyErrorMessage(i18n, fromSdk("InvalidStateError"), "sign-in")).toBe(
      "The passkey prompt could not start. Try again.",
    );
  });

  it("names each cause in German, never the browser's English", async () => {
    await loadLang("de");
    const texts = await Promise.all(
      ["NotAllowedError", "InvalidStateError", "SecurityError", "NotSupportedError", "AbortError"].map((name) =>
        passkeyErrorMessage(i18n, fromSdk(name), "register"),
      ),
    );
    expect(texts).toEqual([
      "Die Passkey-Abfrage wurde abgebrochen oder ist abgelaufen. Versuchen Sie es erneut, wenn Sie bereit sind.",
      "Dieses Gerät hat bereits einen Passkey für Ihr Konto.",
      "Diese Adresse kann keine Passkeys verwenden: Sie braucht HTTPS (oder localhost) und die Domain, zu der der Passkey gehört.",
      "Dieser Browser oder dieses Gerät unterstützt die Art von Passkey nicht, die diese Seite verlangt.",
      "Die Passkey-Abfrage wurde geschlossen, bevor sie fertig war.",
    ]);
  });

  it("falls back to the ceremony's own sentence for an unknown cause or no error code", async () => {
    await loadLang("de");
    expect(await passkeyErrorMessage(i18n, fromSdk("SomethingNew"), "register")).toBe(
      "Der Passkey konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.",
    );
    expect(await passkeyErrorMessage(i18n, new Error("x"), "sign-in")).toBe(
      "Die Anmeldung mit Passkey ist fehlgeschlagen.",
    );
  });
});
