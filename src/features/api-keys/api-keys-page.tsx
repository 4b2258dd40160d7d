import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { bothQueries, QueryState } from "@/components/query-state";
import { type AccountUser, accountKeys, accountProjectQuery, accountUserQuery } from "@/lib/session/account-user";
import { type ApiKeyOwner, ApiKeysSection } from "./api-keys-section";

/** The signed-in user's own keys (the SDK reads them fresh each time). */
function userKeyOwner(user: AccountUser): ApiKeyOwner {
  return {
    queryKey: [...accountKeys.all, "api-keys"],
    list: () => user.listApiKeys(),
    create: (options) => user.createApiKey(options),
  };
}

/** /api-keys: the user's personal API keys, where the project allows them. */
export function ApiKeysPage() {
  const { t } = useLingui();
  const user = useQuery(accountUserQuery());
  const project = useQuery(accountProjectQuery());

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 p-4 md:p-8">
      <h1 className="text-2xl font-semibold text-white">{t`API keys`}</h1>
      <QueryState query={bothQueries(user, project)} errorFallback={msg`An error occurred`}>
        {([signedIn, settings]) =>
          settings.config.allowUserApiKeys ? (
            <>
              <p className="text-sm text-slate-300">
                {t`An API key lets a script or another service act as you. Keep it secret like a password.`}
              </p>
              <ApiKeysSection id="user-api-keys" title={t`Your API keys`} owner={userKeyOwner(signedIn)} />
            </>
          ) : (
            <p className="text-slate-300">{t`API keys are not enabled for this project.`}</p>
          )
        }
      </QueryState>
    </div>
  );
}
