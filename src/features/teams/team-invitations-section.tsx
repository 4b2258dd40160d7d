import { INVITATION_ROLES, type InvitationRole, type TeamRole } from "@contract/teams";
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
import { useRoleName } from "@/lib/workspace/role-names";
import { atLeast } from "@/lib/workspace/workspace";
import { type SdkTeam, teamInvitationsQuery, useRefreshTeams } from "../../lib/teams-sdk";
import { invitationsWithRolesQuery, inviteWithRole, withdrawInvitation } from "./invitations-api";
import { type PendingInvitation, PendingInvitationsList } from "./pending-invitations-list";

/** Where the mailed invitation link leads: this app's accept page, with the code added by the service. */
export const TEAM_INVITATION_PATH = "/handler/team-invitation";

/**
 * Invite by e-mail (members holding $invite_members), and the invitations still open. Admins and
 * owners choose the role the invitation grants (never owner: that is handed over by transfer) and
 * see it in the list, which they read and withdraw through the console so the role goes with it.
 * Other inviters invite with the project's default role, as the auth service alone allows (listing
 * needs $read_members too, withdrawing $remove_members).
 */
export function TeamInvitationsSection({
  team,
  callerRole,
  canRevoke,
  canList,
}: {
  team: SdkTeam;
  callerRole: TeamRole | null;
  canRevoke: boolean;
  canList: boolean;
}) {
  const { t, i18n } = useLingui();
  const roleName = useRoleName();
  const refresh = useRefreshTeams();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [role, setRole] = useState<InvitationRole>("viewer");
  const withRoles = atLeast(callerRole, "admin");
  const choices = INVITATION_ROLES.filter((candidate) => atLeast(callerRole, candidate));
  const withRolesList = useQuery({ ...invitationsWithRolesQuery(team.id), enabled: withRoles });
  const sdkList = useQuery({ ...teamInvitationsQuery(team), enabled: !withRoles && canList });
  const list = withRoles ? withRolesList : sdkList;
  const invitations: PendingInvitation[] | undefined = withRoles
    ? withRolesList.data?.map((invitation) => ({ ...invitation, expiresAt: new Date(invitation.expiresAt) }))
    : sdkList.data?.map((invitation) => ({
        id: invitation.id,
        email: invitation.recipientEmail,
        expiresAt: invitation.expiresAt,
      }));

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    const callbackUrl = new URL(TEAM_INVITATION_PATH, window.location.origin).href;
    setError(null);
    setBusy(true);
    try {
      if (withRoles) await inviteWithRole(team, email, role, callbackUrl);
      else await team.inviteUser({ email, callbackUrl });
      formRef.current?.reset();
      await refresh();
      const granted = roleName(role);
      notify.success(withRoles ? t`Invitation sent to ${email} as ${granted}` : t`Invitation sent to ${email}`);
    } catch (e) {
      setError(errorText(i18n, e, msg`An error occurred`));
    } finally {
      setBusy(false);
    }
  }

  async function withdraw(invitation: PendingInvitation) {
    try {
      if (withRoles) await withdrawInvitation(team.id, invitation.id);
      else await sdkList.data?.find((sent) => sent.id === invitation.id)?.revoke();
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
        {withRoles && (
          <div className="grid gap-1">
            <Label htmlFor="team-invite-role">{t`Role`}</Label>
            <select
              id="team-invite-role"
              name="role"
              value={role}
              onChange={(event) => setRole(event.target.value as InvitationRole)}
              className="h-9 rounded-md border border-white/15 bg-slate-900 px-2 text-sm text-slate-100"
            >
              {choices.map((choice) => (
                <option key={choice} value={choice}>
                  {roleName(choice)}
                </option>
              ))}
            </select>
          </div>
        )}
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          {t`Send invitation`}
        </Button>
      </form>
      {withRoles && (
        <p className="text-xs text-slate-400">{t`Ownership is not given by invitation: the owner transfers it to a member.`}</p>
      )}
      <FormError message={error} />
      {(withRoles || canList) && (
        <PendingInvitationsList
          invitations={invitations}
          error={list.error}
          onWithdraw={withRoles || canRevoke ? (invitation) => void withdraw(invitation) : null}
        />
      )}
    </AccountSection>
  );
}
