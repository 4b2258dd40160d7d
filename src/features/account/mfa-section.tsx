import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Secret, TOTP } from "otpauth";
import { type FormEvent, useEffect, useState } from "react";
import { FormError } from "@/components/auth-card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { AccountSection } from "../../components/account-section";
import { type AccountUser, useRefreshAccount } from "../../lib/session/account-user";
import { newRecoveryCodes } from "./recovery-codes-api";
import { RecoveryCodesPanel } from "./recovery-codes-panel";

const ISSUER = "App Console";

/** A fresh secret and the otpauth:// address authenticator apps read from the QR code. */
function newEnrolment(label: string) {
  const secret = new Secret({ size: 20 });
  const totp = new TOTP({ issuer: ISSUER, label, secret });
  return { secret, totp, uri: totp.toString() };
}

/**
 * TOTP multi-factor: the secret is shown as a QR code and as text, and saved only once the
 * authenticator has produced a first valid code (so nobody locks themselves out by a typo).
 */
export function MfaSection({ user }: { user: AccountUser }) {
  const { t, i18n } = useLingui();
  const refresh = useRefreshAccount();
  const [enrolment, setEnrolment] = useState<ReturnType<typeof newEnrolment> | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The first set of recovery codes, made right after TOTP is turned on and shown once.
  const [firstCodes, setFirstCodes] = useState<string[] | null>(null);
  const accessToken = async () => (await user.getAuthJson()).accessToken;

  useEffect(() => {
    if (!enrolment) return;
    let active = true;
    // The QR encoder loads only when someone sets up MFA.
    void import("qrcode").then((qrcode) =>
      qrcode.toString(enrolment.uri, { type: "svg", margin: 1 }).then((svg) => active && setQr(svg)),
    );
    return () => {
      active = false;
    };
  }, [enrolment]);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enrolment) return;
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");
    if (enrolment.totp.validate({ token: code, window: 1 }) === null) {
      setError(t`That code does not match. Check the time on your device and try the next code.`);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await user.update({ totpMultiFactorSecret: new Uint8Array(enrolment.secret.bytes) });
      setEnrolment(null);
      setQr(null);
      notify.success(t`Multi-factor authentication is on`);
      // TOTP is on either way; without codes the panel offers to make them.
      await newRecoveryCodes(accessToken).then(
        (made) => setFirstCodes(made.codes),
        (e: unknown) => notify.error(errorText(i18n, e, msg`An error occurred`)),
      );
      await refresh();
    } catch (e) {
      setError(errorText(i18n, e, msg`An error occurred`));
    } finally {
      setBusy(false);
    }
  }

  async function disable() {
    setBusy(true);
    try {
      await user.update({ totpMultiFactorSecret: null });
      setFirstCodes(null);
      await refresh();
      notify.success(t`Multi-factor authentication is off`);
    } catch (e) {
      notify.error(errorText(i18n, e, msg`An error occurred`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountSection id="account-mfa" title={t`Multi-factor authentication`}>
      {user.isMultiFactorRequired ? (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-emerald-200">{t`On: signing in asks for a code from your authenticator app.`}</p>
            <Button variant="outline" disabled={busy} onClick={() => void disable()}>
              {t`Turn off`}
            </Button>
          </div>
          <RecoveryCodesPanel key={firstCodes?.[0] ?? "kept"} accessToken={accessToken} initialCodes={firstCodes} />
        </>
      ) : enrolment ? (
        <form className="grid gap-3 sm:max-w-md" onSubmit={(e) => void confirm(e)}>
          <p className="text-sm text-slate-200">
            {t`Scan this code with your authenticator app, or enter the key by hand. Then type the six-digit code it shows.`}
          </p>
          {qr ? (
            // The SVG is generated here from our own otpauth address, not taken from anyone else.
            <div
              role="img"
              aria-label={t`QR code of the authenticator key`}
              className="size-48 rounded bg-white p-2"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG produced locally by the qrcode library
              dangerouslySetInnerHTML={{ __html: qr }}
            />
          ) : (
            <Spinner />
          )}
          <p className="text-sm text-slate-300">
            {t`Key:`}{" "}
            <code data-testid="totp-key" className="break-all font-mono text-slate-100">
              {enrolment.secret.base32}
            </code>
          </p>
          <div className="grid gap-1">
            <Label htmlFor="mfa-first-code">{t`Six-digit code`}</Label>
            <Input
              id="mfa-first-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={7}
            />
          </div>
          <FormError message={error} />
          <div className="flex gap-2">
            <Button type="submit" disabled={busy}>
              {busy && <Spinner />}
              {t`Turn on`}
            </Button>
            <Button type="button" variant="outline" onClick={() => setEnrolment(null)}>
              {t`Cancel`}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-300">{t`Off: a password or code alone signs you in.`}</p>
          <Button onClick={() => setEnrolment(newEnrolment(user.primaryEmail ?? user.id))}>{t`Set up`}</Button>
        </div>
      )}
    </AccountSection>
  );
}
