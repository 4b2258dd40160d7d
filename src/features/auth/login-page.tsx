import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { AuthCard, FormError } from "../../components/auth-card";
import { RETURN_TO_PARAM, rememberReturnTo } from "../../lib/session/return-to";
import { getStackApp, preloadStackApp, withoutSdkRedirects } from "../../lib/session/stack";
import { CodeSignInForm } from "./code-sign-in-form";
import { useSignInAnswer } from "./finish-sign-in";
import { PasskeySignInButton } from "./passkey-sign-in-button";
import { signInOptionsQuery } from "./project-sign-in-options";
import { OrDivider, SocialButtons, SocialUnavailableNote, useSocialSignIn } from "./social-buttons";

export function LoginPage() {
  const { t } = useLingui();
  const answerSignIn = useSignInAnswer();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [withCode, setWithCode] = useState(false);
  const signInOptions = useQuery(signInOptionsQuery()).data;
  const codeSignIn = signInOptions?.magicLinkEnabled === true;
  const social = useSocialSignIn();
  const hasSocial = social.providers.length > 0 || social.sso.length > 0;
  // Off when the project requires single sign-on; unknown (still loading) shows the form.
  const passwordSignIn = signInOptions?.credentialEnabled !== false;

  // `/login?after_auth_return_to=…` (a page that needs a signed-in visitor sent them here): kept
  // for the tab, so a sign-in that leaves this page (social, MFA, sign-up) still comes back.
  useEffect(() => {
    rememberReturnTo(new URLSearchParams(window.location.search).get(RETURN_TO_PARAM) ?? undefined);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    setBusy(true);
    try {
      const app = await getStackApp();
      const result = await withoutSdkRedirects(() =>
        app.signInWithCredential({
          email: String(form.get("email")),
          password: String(form.get("password")),
          noRedirect: true,
        }),
      );
      setError(await answerSignIn(result));
    } catch {
      setError(t`An error occurred during login`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t`Log in`} description={t`Welcome back. Sign in to manage your apps.`}>
      {hasSocial && <SocialButtons social={social} />}
      {signInOptions?.passkeyEnabled && (
        <div className={hasSocial ? "mt-2" : undefined}>
          <PasskeySignInButton />
        </div>
      )}
      {(hasSocial || signInOptions?.passkeyEnabled) && (passwordSignIn || codeSignIn) && <OrDivider />}
      {withCode || (!passwordSignIn && codeSignIn) ? (
        <CodeSignInForm />
      ) : !passwordSignIn ? null : (
        <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} onFocus={preloadStackApp}>
          <div className="grid gap-2">
            <Label htmlFor="login-email">{t`Email`}</Label>
            <Input id="login-email" name="email" type="email" autoComplete="email" required />
          </div>
          <div className="grid gap-2">
            <div className="flex items-center justify-between">
              <Label htmlFor="login-password">{t`Password`}</Label>
              <Link to="/recover" className="text-xs text-indigo-300 hover:underline">
                {t`Forgot password?`}
              </Link>
            </div>
            <Input id="login-password" name="password" type="password" autoComplete="current-password" required />
          </div>
          <FormError message={error} />
          <Button type="submit" disabled={busy}>
            {busy && <Spinner />}
            {t`Log in`}
          </Button>
        </form>
      )}
      {codeSignIn && passwordSignIn && (
        <Button type="button" variant="link" className="mt-2 w-full" onClick={() => setWithCode(!withCode)}>
          {withCode ? t`Sign in with a password instead` : t`Sign in with a code instead`}
        </Button>
      )}
      {social.known && !hasSocial && <SocialUnavailableNote />}
      <p className="mt-6 text-center text-sm text-slate-300">
        {t`Don't have an account?`}{" "}
        <Link to="/signup" className="text-indigo-300 hover:underline">
          {t`Sign up`}
        </Link>
      </p>
    </AuthCard>
  );
}
