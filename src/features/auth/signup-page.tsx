import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { MailCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { AuthCard, FormError } from "./auth-card";
import { providerMessage } from "./known-error-message";
import { OrDivider, SocialButtons } from "./social-buttons";
import { getStackApp, preloadStackApp, withoutSdkRedirects } from "./stack";

export function SignupPage() {
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    setBusy(true);
    try {
      const app = await getStackApp();
      const result = await withoutSdkRedirects(() =>
        app.signUpWithCredential({
          email: String(form.get("email")),
          password: String(form.get("password")),
          noRedirect: true,
          verificationCallbackUrl: new URL("/verify-email", window.location.origin).href,
        }),
      );
      if (result.status === "error") {
        setError(providerMessage(result.error) ?? t`An error occurred while signing up`);
        return;
      }
      setDone(true);
    } catch {
      setError(t`An error occurred while signing up`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t`Create an account`}>
      {done ? (
        <div role="status" className="flex flex-col items-center gap-3 text-center text-slate-200">
          <MailCheck className="size-10 text-indigo-300" aria-hidden="true" />
          <p>{t`Please check your email for verification`}</p>
        </div>
      ) : (
        <>
          <SocialButtons />
          <OrDivider />
          <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} onFocus={preloadStackApp}>
            <div className="grid gap-2">
              <Label htmlFor="signup-email">{t`Email`}</Label>
              <Input id="signup-email" name="email" type="email" autoComplete="email" required />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="signup-password">{t`Password`}</Label>
              <Input id="signup-password" name="password" type="password" autoComplete="new-password" required />
            </div>
            <FormError message={error} />
            <Button type="submit" disabled={busy}>
              {busy && <Spinner />}
              {t`Sign up`}
            </Button>
            <p className="text-xs text-slate-400">
              {t`By signing up, you agree to our Terms of Service and Privacy Policy.`}
            </p>
          </form>
        </>
      )}
      <p className="mt-6 text-center text-sm text-slate-300">
        {t`Already have an account?`}{" "}
        <Link to="/login" className="text-indigo-300 hover:underline">
          {t`Log in`}
        </Link>
      </p>
    </AuthCard>
  );
}
