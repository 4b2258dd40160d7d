import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { FlaskConical, Info, KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { BUILT_IN_PROVIDERS, type BuiltInProviderId, providerName } from "@/lib/social-providers";
import { getStackApp } from "../../lib/session/stack";
import { BrandIcon } from "./brand-icon";
import { type SsoProvider, signInOptionsQuery } from "./project-sign-in-options";

type Provider = BuiltInProviderId;
const PROVIDERS: Provider[] = BUILT_IN_PROVIDERS.map((p) => p.id);

export interface SocialSignIn {
  /** False until the project's sign-in options arrived: offer nothing and say nothing yet. */
  known: boolean;
  providers: Provider[];
  /** Those served by the server's development stand-in (DEV_OAUTH_PROVIDER). */
  development: Provider[];
  /** The project's own OpenID Connect providers (single sign-on). */
  sso: SsoProvider[];
}

/** The social providers the project offers, as its client view and /config.json say. */
export function useSocialSignIn(): SocialSignIn {
  const options = useQuery(signInOptionsQuery()).data;
  const providers = PROVIDERS.filter((p) => options?.oauthProviders.includes(p));
  return {
    known: options !== undefined,
    providers,
    development: providers.filter((p) => options?.developmentOAuthProviders.includes(p)),
    sso: options?.ssoProviders ?? [],
  };
}

/** Social sign-in: the SDK sends the browser to the provider, which comes back to /handler/oauth-callback. */
export function SocialButtons({ social }: { social: SocialSignIn }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState<string | null>(null);

  async function signIn(provider: string) {
    setBusy(provider);
    try {
      const app = await getStackApp();
      await app.signInWithOAuth(provider);
    } catch (error) {
      notify.error(errorText(i18n, error, msg`An error occurred during login`));
      setBusy(null);
    }
  }

  // GitHub and Google keep their own messages (the browser specs look for them); the others share
  // the single sign-on buttons' "Continue with {0}".
  const label = (provider: Provider) => {
    if (provider === "github") return t`Continue with GitHub`;
    if (provider === "google") return t`Continue with Google`;
    return t`Continue with ${providerName(provider)}`;
  };
  const standIns = new Intl.ListFormat(i18n.locale, { type: "conjunction" }).format(
    social.development.map(providerName),
  );
  return (
    <div className="grid gap-2">
      {social.sso.map((provider) => (
        <Button key={provider.id} variant="outline" disabled={busy !== null} onClick={() => void signIn(provider.id)}>
          {busy === provider.id ? (
            <Spinner />
          ) : provider.iconUrl ? (
            <img src={provider.iconUrl} alt="" className="size-4" />
          ) : (
            <KeyRound aria-hidden="true" />
          )}
          <span className="truncate">{t`Continue with ${provider.displayName}`}</span>
        </Button>
      ))}
      {social.providers.map((provider) => {
        return (
          <Button key={provider} variant="outline" disabled={busy !== null} onClick={() => void signIn(provider)}>
            {busy === provider ? <Spinner /> : <BrandIcon provider={provider} />}
            {label(provider)}
          </Button>
        );
      })}
      {social.development.length > 0 && (
        <p className="flex items-start gap-2 text-xs text-amber-200">
          <FlaskConical className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span>{t`Development sign-in: this server stands in for ${standIns} and checks no password.`}</span>
        </p>
      )}
    </div>
  );
}

/** Said instead of buttons when the server offers no social sign-in at all. */
export function SocialUnavailableNote() {
  const { t } = useLingui();
  return (
    <p className="mt-4 flex items-start gap-2 text-xs text-slate-400">
      <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span>{t`Sign-in with GitHub or Google is not set up on this server.`}</span>
    </p>
  );
}

export function OrDivider() {
  const { t } = useLingui();
  return (
    <div className="my-4 flex items-center gap-3 text-xs text-slate-400 uppercase">
      <span className="h-px flex-1 bg-white/10" />
      {t`or`}
      <span className="h-px flex-1 bg-white/10" />
    </div>
  );
}
