import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Spinner } from "@/components/ui/spinner";
import { type AccountUser, accountKeys, accountProjectQuery, accountUserQuery } from "@/features/account/account-user";
import { errorText } from "@/lib/errors/error-text";
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
  const { t, i18n } = useLingui();
  const user = useQuery(accountUserQuery());
  const project = useQuery(accountProjectQuery());
  const failure = user.error ?? project.error;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 p-4 md:p-8">
      <h1 className="text-2xl font-semibold text-white">{t`API keys`}</h1>
      {(user.isPending || project.isPending) && !failure && (
        <p role="status" className="flex items-center gap-2 text-slate-300">
          <Spinner />
          {t`Loading...`}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-red-300">
          {errorText(i18n, failure, msg`An error occurred`)}
        </p>
      )}
      {user.data && project.data && !project.data.config.allowUserApiKeys && (
        <p className="text-slate-300">{t`API keys are not enabled for this project.`}</p>
      )}
      {user.data && project.data?.config.allowUserApiKeys && (
        <>
          <p className="text-sm text-slate-300">
            {t`An API key lets a script or another service act as you. Keep it secret like a password.`}
          </p>
          <ApiKeysSection id="user-api-keys" title={t`Your API keys`} owner={userKeyOwner(user.data)} />
        </>
      )}
    </div>
  );
}
