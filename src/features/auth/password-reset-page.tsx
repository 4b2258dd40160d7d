import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { AuthCard, AuthCardFailure, FormError } from "../../components/auth-card";
import { checkNewPassword } from "../../lib/password-rules";
import { getStackApp, preloadStackApp } from "../../lib/session/stack";

export function PasswordResetPage({ code }: { code: string | undefined }) {
  const { t, i18n } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  if (!code) {
    return (
      <AuthCardFailure
        title={t`Reset your password`}
        message={t`Invalid or missing reset code`}
        action={
          <Link to="/recover" className="text-indigo-300 hover:underline">
            {t`Request a new password reset`}
          </Link>
        }
      />
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>, resetCode: string) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password"));
    const problem = checkNewPassword(password, String(form.get("confirm")));
    if (problem === "mismatch") return setError(t`Passwords do not match`);
    if (problem === "too-short") return setError(t`Password must be at least 8 characters`);
    setError(null);
    setBusy(true);
    try {
      const app = await getStackApp();
      const result = await app.resetPassword({ code: resetCode, password });
      if (result.status === "error") {
        setError(errorText(i18n, result.error, msg`Error resetting password`));
        return;
      }
      setDone(true);
    } catch (e) {
      setError(errorText(i18n, e, msg`Error resetting password`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t`Reset your password`}>
      {done ? (
        <div className="grid gap-4 text-center">
          <p role="status" className="text-slate-200">
            {t`Your password has been reset.`}
          </p>
          <Button asChild>
            <Link to="/login">{t`Go to Login`}</Link>
          </Button>
        </div>
      ) : (
        <form className="grid gap-4" onSubmit={(e) => void onSubmit(e, code)} onFocus={preloadStackApp}>
          <div className="grid gap-2">
            <Label htmlFor="reset-password">{t`New password`}</Label>
            <Input id="reset-password" name="password" type="password" autoComplete="new-password" required />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="reset-confirm">{t`Confirm password`}</Label>
            <Input id="reset-confirm" name="confirm" type="password" autoComplete="new-password" required />
          </div>
          <FormError message={error} />
          <Button type="submit" disabled={busy}>
            {busy && <Spinner />}
            {t`Reset password`}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
