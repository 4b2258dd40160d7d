import type { InvitationRole } from "@contract/teams";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { useRoleName } from "@/lib/workspace/role-names";

/** An open invitation as the list shows it; `role` undefined: roles are not shown to this reader. */
export interface PendingInvitation {
  id: string;
  email: string | null;
  expiresAt: Date;
  role?: InvitationRole | null;
}

/** The open invitations, each with the role it grants (for admins) and a Withdraw button where allowed. */
export function PendingInvitationsList({
  invitations,
  error,
  onWithdraw,
}: {
  invitations: PendingInvitation[] | undefined;
  error: unknown;
  onWithdraw: ((invitation: PendingInvitation) => void) | null;
}) {
  const { t, i18n } = useLingui();
  const roleName = useRoleName();
  return (
    <>
      <h3 className="text-sm font-medium text-slate-200">{t`Pending invitations`}</h3>
      {!invitations && !error && <Spinner />}
      {error != null && (
        <p role="alert" className="text-red-300">
          {errorText(i18n, error, msg`An error occurred`)}
        </p>
      )}
      {invitations?.length === 0 && <p className="text-sm text-slate-300">{t`No pending invitations.`}</p>}
      {invitations && invitations.length > 0 && (
        <ul className="grid grid-cols-1 gap-1" aria-label={t`Pending invitations`}>
          {invitations.map((invitation) => {
            const recipient = invitation.email || "—";
            const expires = i18n.date(invitation.expiresAt, { dateStyle: "medium", timeStyle: "short" });
            return (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-black/20 px-3 py-1.5 text-sm"
              >
                <span className="min-w-0 break-words text-slate-100">
                  {recipient}
                  {invitation.role !== undefined && (
                    <span className="ml-3 text-xs text-indigo-200">
                      {invitation.role ? roleName(invitation.role) : t`Default role`}
                    </span>
                  )}
                  <span className="ml-3 text-xs text-slate-400">{t`Expires ${expires}`}</span>
                </span>
                {onWithdraw && (
                  <Button variant="outline" size="sm" onClick={() => onWithdraw(invitation)}>
                    {t`Withdraw`}
                    <span className="sr-only"> {recipient}</span>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
