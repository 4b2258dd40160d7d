import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { FormError } from "../../components/auth-card";
import { getStackApp, withoutSdkRedirects } from "../../lib/session/stack";
import { useSignInAnswer } from "./finish-sign-in";

type Step = { kind: "email" } | { kind: "code"; email: string; nonce: string };

/**
 * "Sign in with a code": the service mails a link and a six-character code; the code typed here
 * only works together with the nonce this page received when it asked (so a code read over
 * someone's shoulder is useless elsewhere).
 */
export function CodeSignInForm() {
  const { t, i18n } = useLingui();
  const answerSignIn = useSignInAnswer();
  const [step, setStep] = useState<Step>({ kind: "email" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setError(null);
    setBusy(true);
    try {
      const app = await getStackApp();
      const result = await app.sendMagicLinkEmail(email);
      if (result.status === "error") {
        setError(errorText(i18n, result.error, msg`An error occurred`));
        return;
      }
      setStep({ kind: "code", email, nonce: result.data.nonce });
    } catch {
      setError(t`An error occurred`);
    } finally {
      setBusy(false);
    }
  }

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step.kind !== "code") return;
    const typed = String(new FormData(event.currentTarget).get("code") ?? "")
      .trim()
      .toLowerCase();
    setError(null);
    setBusy(true);
    try {
      const app = await getStackApp();
      const result = await withoutSdkRedirects(() => app.signInWithMagicLink(typed + step.nonce, { noRedirect: true }));
      setError(await answerSignIn(result));
    } catch {
      setError(t`An error occurred during login`);
    } finally {
      setBusy(false);
    }
  }

  if (step.kind === "email") {
    return (
      <form className="grid gap-4" onSubmit={(e) => void sendCode(e)}>
        <div className="grid gap-2">
          <Label htmlFor="code-email">{t`Email`}</Label>
          <Input id="code-email" name="email" type="email" autoComplete="email" required />
        </div>
        <FormError message={error} />
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          {t`Send me a code`}
        </Button>
      </form>
    );
  }
  const email = step.email;
  return (
    <form className="grid gap-4" onSubmit={(e) => void signIn(e)}>
      <p role="status" className="text-sm text-slate-200">
        {t`We sent a code to ${email}. Enter it here, or follow the link in the e-mail.`}
      </p>
      <div className="grid gap-2">
        <Label htmlFor="code-value">{t`Code from the e-mail`}</Label>
        <Input
          id="code-value"
          name="code"
          autoComplete="one-time-code"
          required
          minLength={6}
          maxLength={6}
          autoFocus
          className="font-mono tracking-widest uppercase"
        />
      </div>
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {busy && <Spinner />}
        {t`Sign in`}
      </Button>
      <Button type="button" variant="link" onClick={() => setStep({ kind: "email" })}>
        {t`Use another e-mail address`}
      </Button>
    </form>
  );
}
