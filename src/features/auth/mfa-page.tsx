import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { AuthCard, AuthCardFailure, FormError } from "../../components/auth-card";
import { getStackApp, withoutSdkRedirects } from "../../lib/session/stack";
import { useFinishSignIn } from "./finish-sign-in";

/** Where the SDK (2.8.108; 2.8.102 used the stack_ prefix) leaves the attempt code of a sign-in that needs TOTP. */
const ATTEMPT_CODE_KEYS = ["hexclave_mfa_attempt_code", "stack_mfa_attempt_code"];

function attemptCode(): string | null {
  for (const key of ATTEMPT_CODE_KEYS) {
    const value = window.sessionStorage.getItem(key);
    if (value) return value;
  }
  return null;
}

/**
 * /handler/mfa: the second step of a sign-in (password, code or social) for a user with TOTP. The
 * SDK brings the visitor here with the attempt code in session storage; six digits finish it.
 */
export function MfaPage() {
  const { t } = useLingui();
  const finishSignIn = useFinishSignIn();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A recovery code goes in the same field of Stack's MFA step as the six digits (docs/stack-compat.md).
  const [recovery, setRecovery] = useState(false);
  const code = attemptCode();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code) return;
    const typed = String(new FormData(event.currentTarget).get("totp") ?? "");
    const totp = recovery ? typed.trim() : typed.replace(/\s/g, "");
    const refused = recovery
      ? t`This recovery code is not valid or has been used. Please try another one.`
      : t`Invalid TOTP code. Please try signing in again.`;
    setError(null);
    setBusy(true);
    try {
      const app = await getStackApp();
      const result = await withoutSdkRedirects(() => app.signInWithMfa(totp, code, { noRedirect: true }));
      if (result.status === "error") {
        setError(refused);
        return;
      }
      for (const key of ATTEMPT_CODE_KEYS) window.sessionStorage.removeItem(key);
      if (!(await finishSignIn())) setError(t`An error occurred during login`);
    } catch {
      setError(refused);
    } finally {
      setBusy(false);
    }
  }

  if (!code) {
    return (
      <AuthCardFailure
        title={t`Multi-factor authentication`}
        message={t`This sign-in has expired. Please sign in again.`}
        action={
          <Link to="/login" className="text-indigo-300 hover:underline">
            {t`Back to login`}
          </Link>
        }
      />
    );
  }
  return (
    <AuthCard
      title={t`Multi-factor authentication`}
      description={
        recovery
          ? t`Enter one of the recovery codes you saved. Each one works once.`
          : t`Enter the six-digit code from your authenticator app.`
      }
    >
      <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)}>
        {recovery ? (
          <div className="grid gap-2">
            <Label htmlFor="mfa-recovery-code">{t`Recovery code`}</Label>
            <Input
              key="recovery"
              id="mfa-recovery-code"
              name="totp"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={16}
              required
              autoFocus
            />
          </div>
        ) : (
          <div className="grid gap-2">
            <Label htmlFor="mfa-code">{t`Six-digit code`}</Label>
            <Input
              key="totp"
              id="mfa-code"
              name="totp"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\s*\d{3}\s*\d{3}\s*"
              maxLength={7}
              required
              autoFocus
            />
          </div>
        )}
        <FormError message={error} />
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          {t`Verify`}
        </Button>
        <Button
          type="button"
          variant="link"
          onClick={() => {
            setRecovery(!recovery);
            setError(null);
          }}
        >
          {recovery ? t`Use a code from your authenticator app` : t`Lost your device? Use a recovery code`}
        </Button>
        <Link to="/login" className="text-center text-sm text-indigo-300 hover:underline">
          {t`Back to login`}
        </Link>
      </form>
    </AuthCard>
  );
}
