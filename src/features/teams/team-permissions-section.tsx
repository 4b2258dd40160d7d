import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { UseQueryResult } from "@tanstack/react-query";
import { AccountSection } from "@/components/account-section";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { systemPermissionText } from "@/lib/system-permissions";

/** What the signed-in user may do in the team (contained permissions included). */
export function TeamPermissionsSection({ permissions }: { permissions: UseQueryResult<Set<string>> }) {
  const { t, i18n } = useLingui();
  const ids = [...(permissions.data ?? [])].sort();

  return (
    <AccountSection id="team-permissions" title={t`Your permissions`}>
      {permissions.isPending && <Spinner />}
      {permissions.isError && (
        <p role="alert" className="text-red-300">
          {errorText(i18n, permissions.error, msg`An error occurred`)}
        </p>
      )}
      {permissions.data?.size === 0 && (
        <p className="text-sm text-slate-300">{t`You hold no permissions in this team.`}</p>
      )}
      <ul className="grid grid-cols-1 gap-1">
        {ids.map((id) => {
          const description = systemPermissionText(id);
          return (
            <li key={id} className="flex flex-wrap items-center gap-2 rounded-md bg-black/20 px-3 py-1.5 text-sm">
              <code className="font-mono text-xs text-slate-300">{id}</code>
              {description && <span className="text-slate-100">{i18n._(description)}</span>}
            </li>
          );
        })}
      </ul>
    </AccountSection>
  );
}
