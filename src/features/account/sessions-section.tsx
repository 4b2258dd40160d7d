import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { countryName, deviceLabel } from "@/lib/session-place";
import { AccountSection } from "../../components/account-section";
import { type AccountUser, accountKeys, useRefreshAccount } from "../../lib/session/account-user";
import { listSessions } from "./sessions-api";

/** Where the account is signed in; any session but this one can be signed out. */
export function SessionsSection({ user }: { user: AccountUser }) {
  const { t, i18n } = useLingui();
  const refresh = useRefreshAccount();
  const sessions = useQuery({
    queryKey: accountKeys.sessions(),
    queryFn: () => listSessions(async () => (await user.getAuthJson()).accessToken),
  });
  const others = sessions.data?.filter((s) => !s.isCurrentSession) ?? [];
  const date = (d: Date | undefined) => (d ? i18n.date(d, { dateStyle: "medium", timeStyle: "short" }) : "—");

  async function revoke(ids: string[]) {
    try {
      for (const id of ids) await user.revokeSession(id);
      await refresh();
      notify.success(t`Signed out`);
    } catch (e) {
      notify.error(errorText(i18n, e, msg`An error occurred`));
    }
  }

  return (
    <AccountSection id="account-sessions" title={t`Sessions`}>
      {sessions.isPending && <Spinner />}
      {sessions.isError && (
        <p role="alert" className="text-red-300">
          {errorText(i18n, sessions.error)}
        </p>
      )}
      <ul className="grid gap-1">
        {sessions.data?.map((session) => {
          const lastUsed = date(session.lastUsedAt);
          const created = date(session.createdAt);
          return (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-black/20 px-3 py-1.5 text-sm"
            >
              <span className="text-slate-200">
                {session.isCurrentSession ? (
                  <strong className="text-emerald-200">{t`This device`}</strong>
                ) : (
                  t`Signed in ${created}`
                )}
                <span className="ml-3">{deviceLabel(i18n, session.device)}</span>
                {session.countryCode && (
                  <span className="ml-3 text-slate-300">{countryName(i18n.locale, session.countryCode)}</span>
                )}
                <span className="ml-3 text-slate-400">{t`Last used ${lastUsed}`}</span>
                {session.isImpersonation && <span className="ml-3 text-amber-200">{t`Impersonation`}</span>}
              </span>
              {!session.isCurrentSession && (
                <Button variant="outline" size="sm" onClick={() => void revoke([session.id])}>
                  {t`Sign out`}
                  <span className="sr-only"> {t`Signed in ${created}`}</span>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 && (
        <div>
          <Button variant="outline" onClick={() => void revoke(others.map((s) => s.id))}>
            {t`Sign out all other sessions`}
          </Button>
        </div>
      )}
    </AccountSection>
  );
}
