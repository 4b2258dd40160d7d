import { TEAM_ROLES, type TeamRole } from "@contract/teams";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { apiRequest } from "@/lib/api-client";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { teamKeys } from "@/lib/teams-sdk";
import { useRoleName } from "@/lib/workspace/role-names";
import { atLeast } from "@/lib/workspace/workspace";
import { workspaceKeys } from "@/lib/workspace/workspaces-api";

/**
 * A member's role on the team page: a select for callers who may change it (admins change
 * viewers, developers and admins; only an owner makes or unmakes an owner, as the server decides),
 * the role's name for everyone else. A refusal (TEAM_NEEDS_OWNER, TEAM_ROLE_REQUIRED, …) is said
 * under the select in the user's language.
 */
export function MemberRoleSelect({
  teamId,
  member,
  callerRole,
}: {
  teamId: string;
  member: { id: string; label: string; role: TeamRole | null };
  callerRole: TeamRole | null;
}) {
  const { t, i18n } = useLingui();
  const roleName = useRoleName();
  const queryClient = useQueryClient();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (role: TeamRole) =>
      apiRequest<{ userId: string; role: TeamRole }>(
        `/teams/${encodeURIComponent(teamId)}/members/${encodeURIComponent(member.id)}/role`,
        { method: "PUT", json: { role } },
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
      ]),
  });

  const mayChange = atLeast(callerRole, "admin") && (member.role !== "owner" || callerRole === "owner");
  const label = member.label;
  if (!mayChange) {
    return <span className="shrink-0 text-xs text-slate-300">{member.role ? roleName(member.role) : t`No role`}</span>;
  }
  // Only an owner hands out the owner role.
  const choices = TEAM_ROLES.filter((role) => role !== "owner" || callerRole === "owner");

  async function choose(role: TeamRole) {
    setError(null);
    try {
      await change.mutateAsync(role);
      const name = roleName(role);
      notify.success(t`${label} is now ${name}.`);
    } catch (e) {
      setError(errorText(i18n, e, msg`The role could not be changed.`));
    }
  }

  return (
    <span className="grid shrink-0 justify-items-end gap-1">
      <span className="flex items-center gap-2">
        {change.isPending && <Spinner />}
        <label htmlFor={id} className="sr-only">{t`Role of ${label}`}</label>
        <select
          id={id}
          value={member.role ?? ""}
          disabled={change.isPending}
          onChange={(event) => void choose(event.target.value as TeamRole)}
          className="rounded-md border border-white/15 bg-slate-900 px-2 py-1 text-xs text-slate-100"
        >
          {member.role === null && <option value="">{t`No role`}</option>}
          {choices.map((role) => (
            <option key={role} value={role}>
              {roleName(role)}
            </option>
          ))}
        </select>
      </span>
      {error && (
        <span role="alert" className="max-w-64 text-right text-xs text-red-300">
          {error}
        </span>
      )}
    </span>
  );
}
