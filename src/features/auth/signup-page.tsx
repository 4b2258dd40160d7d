import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { MailCheck } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { loadErrorTexts, loadedErrorTexts } from "@/lib/errors/load-error-texts";
import { getRuntimeConfig } from "@/lib/runtime-config";
import { AuthCard, FormError } from "../../components/auth-card";
import { NewCredentialsFields, readNewCredentials } from "../../components/new-credentials-fields";
import { getStackApp, preloadStackApp, withoutSdkRedirects } from "../../lib/session/stack";
import { ResendVerification } from "./resend-verification";
import { OrDivider, SocialButtons, SocialUnavailableNote, useSocialSignIn } from "./social-buttons";

const SIGN_UP_FAILED = msg`An error occurred while signing up`;

export function SignupPage() {
  const { t, i18n } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [signedUpAs, setSignedUpAs] = useState<string | null>(null);
  const config = useQuery(runtimeConfigQuery).data;
  const mail = config?.mail;
  // The instance waits for its first operator: the server refuses sign-ups (SIGN_UP_NOT_ENABLED).
  const subject = config?.setupPending ? "first-run" : undefined;
  const social = useSocialSignIn();
  const hasSocial = social.providers.length > 0;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const credentials = await readNewCredentials(i18n, event.currentTarget);
    if (credentials.problem !== null) {
      setError(credentials.problem);
      return;
    }
    const { email, password } = credentials;
    setError(null);
    setBusy(true);
    try {
      const app = await getStackApp();
      const result = await withoutSdkRedirects(() =>
        app.signUpWithCredential({
          email,
          password,
          noRedirect: true,
          verificationCallbackUrl: new URL("/verify-email", window.location.origin).href,
        }),
      );
      if (result.status === "error") {
        setError(errorText(i18n, result.error, SIGN_UP_FAILED, subject));
        return;
      }
      setSignedUpAs(email);
    } catch (e) {
      setError(errorText(i18n, e, SIGN_UP_FAILED, subject));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t`Create an account`}>
      {signedUpAs ? (
        <div className="grid gap-4 text-center text-slate-200">
          <div role="status" className="flex flex-col items-center gap-3">
            <MailCheck className="size-10 text-indigo-300" aria-hidden="true" />
            <p>{t`Please check your email for verification`}</p>
            <p className="text-sm text-slate-300 break-words" data-testid="signup-mail-note">
              {mail === "outbox" ? (
                // No mail server: nothing was sent, so the card says where the mail is instead.
                <Trans>
                  No mail leaves this instance: it has no mail server. The link for{" "}
                  <strong className="text-white">{signedUpAs}</strong> waits in the outbox, where its operators read it
                  under Admin → E-mails; ask them for it.
                </Trans>
              ) : (
                <Trans>
                  We sent a link to <strong className="text-white">{signedUpAs}</strong>. Open it to verify your
                  address.
                </Trans>
              )}
            </p>
          </div>
          <ResendVerification email={signedUpAs} />
          {mail !== "outbox" && (
            <p className="text-xs text-slate-400">
              {t`No mail? Look in your spam folder. On an instance without a mail server, its operators find the mail in the admin area under E-mails.`}
            </p>
          )}
          <Button asChild variant="link">
            <Link to="/">{t`Continue to the console`}</Link>
          </Button>
        </div>
      ) : (
        <>
          {subject && <SetupPendingNotice />}
          {hasSocial && (
            <>
              <SocialButtons social={social} />
              <OrDivider />
            </>
          )}
          <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} onFocus={preloadStackApp}>
            <NewCredentialsFields idPrefix="signup" />
            <FormError message={error} />
            <Button type="submit" disabled={busy}>
              {busy && <Spinner />}
              {t`Sign up`}
            </Button>
            <TermsNotice />
          </form>
          {social.known && !hasSocial && <SocialUnavailableNote />}
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

const runtimeConfigQuery = {
  queryKey: ["runtime-config"],
  queryFn: getRuntimeConfig,
  staleTime: Number.POSITIVE_INFINITY,
} as const;

/** What the server would answer a sign-up, said before anyone fills in the form. */
const SETUP_PENDING = { errorCode: "SIGN_UP_NOT_ENABLED" };

/**
 * The sentence is the error's (its text comes with the error texts' catalog, loaded here rather
 * than in the first paint, which most visits need without it).
 */
function SetupPendingNotice() {
  const { i18n } = useLingui();
  const [ready, setReady] = useState(() => loadedErrorTexts() !== undefined);
  useEffect(() => {
    if (!ready) void loadErrorTexts().then(() => setReady(true));
  }, [ready]);
  if (!ready) return null;
  return (
    <p
      role="status"
      data-testid="setup-pending"
      className="mb-4 rounded-md border border-amber-400/40 bg-amber-950/40 px-3 py-2 text-sm text-amber-100"
    >
      {errorText(i18n, SETUP_PENDING, undefined, "first-run")}
    </p>
  );
}

const linkClass = "text-indigo-300 underline underline-offset-2 hover:text-indigo-200";

/** The operator's terms and privacy policy as links (TERMS_URL, PRIVACY_URL); nothing without them. */
function TermsNotice() {
  const config = useQuery(runtimeConfigQuery).data;
  const terms = config?.termsUrl;
  const privacy = config?.privacyUrl;
  if (!terms && !privacy) return null;
  const termsLink = (
    <a href={terms} className={linkClass} target="_blank" rel="noreferrer">
      <Trans>Terms of Service</Trans>
    </a>
  );
  const privacyLink = (
    <a href={privacy} className={linkClass} target="_blank" rel="noreferrer">
      <Trans>Privacy Policy</Trans>
    </a>
  );
  return (
    <p className="text-xs text-slate-400">
      {terms && privacy ? (
        <Trans>
          By signing up, you agree to our {termsLink} and {privacyLink}.
        </Trans>
      ) : terms ? (
        <Trans>By signing up, you agree to our {termsLink}.</Trans>
      ) : (
        <Trans>By signing up, you agree to our {privacyLink}.</Trans>
      )}
    </p>
  );
}
