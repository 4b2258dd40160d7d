import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import {
  type AdminTeam,
  teamMembersQuery,
  teamQuery,
  useDeleteTeam,
  useRemoveMember,
  useRenameTeam,
} from "./teams-api";

/** /admin/teams/{id}: rename, members (each removable), and deletion. */
export function TeamDetailPage({ teamId }: { teamId: string }) {
  const { t } = useLingui();
  const team = useQuery(teamQuery(teamId));
  return (
    <div className="grid gap-4">
      <Link to="/admin/teams" className="flex items-center gap-1 text-sm text-indigo-300 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t`All teams`}
      </Link>
      <QueryState query={team}>{(data) => <TeamDetails key={data.display_name} team={data} />}</QueryState>
    </div>
  );
}

function TeamDetails({ team }: { team: AdminTeam }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const members = useQuery(teamMembersQuery(team.id));
  const rename = useRenameTeam(team.id);
  const remove = useDeleteTeam();
  const removeMember = useRemoveMember(team.id);
  const [name, setName] = useState(team.display_name);
  const [deleting, setDeleting] = useState(false);
  const teamName = team.display_name;
  const fail = (e: unknown) => notify.error(errorText(i18n, e, msg`An error occurred`));

  async function onRename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await rename.mutateAsync(name.trim());
      notify.success(t`Team renamed`);
    } catch (e) {
      fail(e);
    }
  }

  async function onDelete() {
    setDeleting(false);
    try {
      await remove.mutateAsync(team.id);
      notify.success(t`Team deleted`);
      await navigate({ to: "/admin/teams" });
    } catch (e) {
      fail(e);
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 className="text-2xl font-semibold text-white">{teamName}</h2>
        <Button variant="destructive" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden="true" />
          {t`Delete team`}
        </Button>
      </div>
      <form className="flex max-w-lg flex-wrap items-end gap-2" onSubmit={(e) => void onRename(e)}>
        <div className="grid flex-1 gap-1">
          <Label htmlFor="team-name">{t`Team name`}</Label>
          <Input id="team-name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
        </div>
        <Button type="submit" disabled={rename.isPending || name.trim() === team.display_name || !name.trim()}>
          {rename.isPending && <Spinner />}
          {t`Rename`}
        </Button>
      </form>
      <section className="grid gap-2" aria-labelledby="team-members">
        <h3 id="team-members" className="font-medium text-white">
          {t`Members`}
        </h3>
        {members.isPending && <Spinner />}
        {members.data?.length === 0 && <p className="text-sm text-slate-300">{t`No members.`}</p>}
        <ul className="grid gap-1">
          {members.data?.map((member) => {
            const memberName = member.primary_email ?? member.display_name ?? member.id;
            return (
              <li key={member.id} className="flex items-center justify-between gap-2 rounded-md bg-white/5 px-3 py-1.5">
                <Link
                  to="/admin/users/$userId"
                  params={{ userId: member.id }}
                  className="truncate text-sm text-indigo-300 hover:underline"
                >
                  {memberName}
                </Link>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={removeMember.isPending}
                  onClick={() =>
                    removeMember
                      .mutateAsync(member.id)
                      .then(() => notify.success(t`Member removed`))
                      .catch(fail)
                  }
                >
                  {t`Remove from team`}
                  <span className="sr-only"> {memberName}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      </section>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t`Delete team`}
        description={t`Delete the team "${teamName}" with its memberships and permissions? Its members keep their accounts. This cannot be undone.`}
        pending={remove.isPending}
        onConfirm={() => void onDelete()}
      />
    </>
  );
}
