import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { notify } from "@/lib/notify";
import { AuthCard } from "../../components/auth-card";
import { getStackApp, preloadStackApp } from "../../lib/session/stack";

export function RecoverPage() {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email"));
    setBusy(true);
    try {
      const app = await getStackApp();
      const result = await app.sendForgotPasswordEmail(email, {
        callbackUrl: new URL("/handler/password-reset", window.location.origin).href,
      });
      if (result.status === "error") throw result.error;
      notify.success(t`Password reset email sent!`);
      setSent(true);
    } catch {
      notify.error(t`Error sending recovery email`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t`Reset your password`}>
      {sent ? (
        <p role="status" className="text-center text-slate-200">
          {t`If an account exists for this email, we have sent instructions to reset your password.`}
        </p>
      ) : (
        <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} onFocus={preloadStackApp}>
          <p className="text-sm text-slate-300">{t`Enter your email and we will send you instructions to reset your password.`}</p>
          <div className="grid gap-2">
            <Label htmlFor="recover-email">{t`Email`}</Label>
            <Input id="recover-email" name="email" type="email" autoComplete="email" required />
          </div>
          <Button type="submit" disabled={busy}>
            {busy && <Spinner />}
            {t`Send reset instructions`}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="text-indigo-300 hover:underline">
          {t`Back to login`}
        </Link>
      </p>
    </AuthCard>
  );
}
