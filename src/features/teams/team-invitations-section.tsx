import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { AccountSection } from "@/components/account-section";
import { FormError } from "@/components/auth-card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { type SdkSentInvitation, type SdkTeam, teamInvitationsQuery, useRefreshTeams } from "../../lib/teams-sdk";

/** Where the mailed invitation link leads: this app's accept page, with the code added by the service. */
export const TEAM_INVITATION_PATH = "/handler/team-invitation";

/**
 * Invite by e-mail (members holding $invite_members), and the invitations still open (listing
 * needs $read_members too); withdrawing one needs $remove_members.
 */
export function TeamInvitationsSection({
  team,
  canRevoke,
  canList,
}: {
  team: SdkTeam;
  canRevoke: boolean;
  canList: boolean;
}) {
  const { t, i18n } = useLingui();
  const refresh = useRefreshTeams();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const invitations = useQuery({ ...teamInvitationsQuery(team), enabled: canList });

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setError(null);
    setBusy(true);
    try {
      await team.inviteUser({ email, callbackUrl: new URL(TEAM_INVITATION_PATH, window.location.origin).href });
      formRef.current?.reset();
      await refresh();
      notify.success(t`Invitation sent to ${email}`);
    } catch (e) {
      setError(errorText(i18n, e, msg`An error occurred`));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(invitation: SdkSentInvitation) {
    try {
      await invitation.revoke();
      await refresh();
      notify.success(t`Invitation withdrawn`);
    } catch (e) {
      notify.error(errorText(i18n, e, msg`An error occurred`));
    }
  }

  return (
    <AccountSection id="team-invitations" title={t`Invitations`}>
      <form ref={formRef} className="flex max-w-lg flex-wrap items-end gap-2" onSubmit={(e) => void invite(e)}>
        <div className="grid flex-1 gap-1">
          <Label htmlFor="team-invite-email">{t`Invite by e-mail`}</Label>
          <Input id="team-invite-email" name="email" type="email" required autoComplete="off" />
        </div>
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          {t`Send invitation`}
        </Button>
      </form>
      <FormError message={error} />
      {canList && (
        <>
          <h3 className="text-sm font-medium text-slate-200">{t`Pending invitations`}</h3>
          {invitations.isPending && <Spinner />}
          {invitations.isError && (
            <p role="alert" className="text-red-300">
              {errorText(i18n, invitations.error, msg`An error occurred`)}
            </p>
          )}
          {invitations.data?.length === 0 && <p className="text-sm text-slate-300">{t`No pending invitations.`}</p>}
          {invitations.data && invitations.data.length > 0 && (
            <ul className="grid gap-1" aria-label={t`Pending invitations`}>
              {invitations.data.map((invitation) => {
                const recipient = invitation.recipientEmail ?? "—";
                const expires = i18n.date(invitation.expiresAt, { dateStyle: "medium", timeStyle: "short" });
                return (
                  <li
                    key={invitation.id}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-black/20 px-3 py-1.5 text-sm"
                  >
                    <span className="text-slate-100">
                      {recipient}
                      <span className="ml-3 text-xs text-slate-400">{t`Expires ${expires}`}</span>
                    </span>
                    {canRevoke && (
                      <Button variant="outline" size="sm" onClick={() => void revoke(invitation)}>
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
      )}
    </AccountSection>
  );
}
