import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { AuthCard, AuthCardFailure, AuthCardWaiting, FormError } from "@/components/auth-card";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { accountKeys } from "@/lib/session/account-user";
import { sessionUserQuery } from "@/lib/session/current-user";
import { loginHref, rememberReturnTo } from "@/lib/session/return-to";
import { getStackApp } from "@/lib/session/stack";
import { useRoleName } from "@/lib/workspace/role-names";
import { refetchMyTeamsNow } from "@/lib/workspace/workspaces-api";
import { listTeams } from "../../lib/teams-sdk";
import { claimInvitationRole, markInvitationsAccepting } from "./invitations-api";

/** A refused invitation code in the words of an invitation; anything else as the one error map says it. */
const invitationErrorText = (i18n: I18n, error: unknown) =>
  errorText(i18n, error, msg`An error occurred`, "invitation");

type Details = { ok: true; teamName: string } | { ok: false; message: string };

/**
 * /handler/team-invitation?code=…, the link of an invitation mail. A visitor who is signed out
 * signs in first and comes back here; a signed-in one sees the team and joins it or not.
 */
export function TeamInvitationPage({ code }: { code: string | undefined }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const session = useQuery(sessionUserQuery());

  useEffect(() => {
    if (session.data !== null) return;
    const here = `${window.location.pathname}${window.location.search}`;
    rememberReturnTo(here);
    void navigate({ href: loginHref(here), replace: true });
  }, [session.data, navigate]);

  if (!code) {
    return (
      <AuthCard title={t`Team invitation`}>
        <p role="alert" className="text-center text-red-200">
          {t`This link has no invitation code. Open the link from the invitation e-mail again.`}
        </p>
      </AuthCard>
    );
  }
  if (session.isError) {
    return (
      <AuthCardFailure
        title={t`Team invitation`}
        message={t`An error occurred`}
        action={<Button onClick={() => void session.refetch()}>{t`Try again`}</Button>}
      />
    );
  }
  if (!session.data) {
    return <AuthCardWaiting title={t`Team invitation`} />;
  }
  return <InvitationChoice code={code} />;
}

function InvitationChoice({ code }: { code: string }) {
  const { t, i18n } = useLingui();
  const roleName = useRoleName();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Every look at a code counts against its tries: asked once, never retried on its own.
  const details = useQuery({
    queryKey: [...accountKeys.all, "team-invitation", code],
    queryFn: async (): Promise<Details> => {
      const result = await (await getStackApp()).getTeamInvitationDetails(code);
      if (result.status === "error") return { ok: false, message: invitationErrorText(i18n, result.error) };
      return { ok: true, teamName: result.data.teamDisplayName };
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  async function join(teamName: string) {
    setError(null);
    setBusy(true);
    try {
      const before = new Set((await listTeams()).map((team) => team.id));
      // Without the mark the invitee still joins, with the project's default role.
      await markInvitationsAccepting().catch(() => undefined);
      const result = await (await getStackApp()).acceptTeamInvitation(code);
      if (result.status === "error") {
        setError(invitationErrorText(i18n, result.error));
        return;
      }
      // The SDK answers no team id: the new one is the team that was not there before (or, for
      // someone who already was a member, the one of that name).
      const after = await listTeams();
      const joined = after.find((team) => !before.has(team.id)) ?? after.find((team) => team.displayName === teamName);
      // The role the invitation carries is the console's: applied now that the service let us in.
      const role = joined
        ? await claimInvitationRole(joined.id).then(
            (answer) => answer.role,
            (e: unknown) => {
              notify.error(errorText(i18n, e, msg`Your role in the team could not be set. Ask a team admin.`));
              return null;
            },
          )
        : null;
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      // Joined through the auth service: the app API's cached list of the user's teams is asked past.
      await refetchMyTeamsNow(queryClient);
      const roleLabel = role ? roleName(role) : null;
      notify.success(roleLabel ? t`You joined ${teamName} as ${roleLabel}` : t`You joined ${teamName}`);
      if (joined) await navigate({ to: "/teams/$teamId", params: { teamId: joined.id } });
      else await navigate({ to: "/" });
    } catch (e) {
      setError(invitationErrorText(i18n, e));
    } finally {
      setBusy(false);
    }
  }

  if (details.isPending) {
    return <AuthCardWaiting title={t`Team invitation`} />;
  }
  if (details.isError || !details.data.ok) {
    return (
      <AuthCardFailure
        title={t`Team invitation`}
        message={details.data && !details.data.ok ? details.data.message : invitationErrorText(i18n, details.error)}
        action={
          <Link to="/" className="text-indigo-300 hover:underline">
            {t`Back to your apps`}
          </Link>
        }
      />
    );
  }
  const teamName = details.data.teamName;
  return (
    <AuthCard title={t`Team invitation`} description={t`You are invited to join the team ${teamName}.`}>
      <div className="grid gap-3">
        <FormError message={error} />
        <Button disabled={busy} onClick={() => void join(teamName)}>
          {busy && <Spinner />}
          {t`Join ${teamName}`}
        </Button>
        <Button variant="outline" disabled={busy} onClick={() => void navigate({ to: "/" })}>
          {t`Ignore`}
        </Button>
      </div>
    </AuthCard>
  );
}
