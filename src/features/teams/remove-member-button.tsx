import type { TeamRole } from "@contract/teams";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UserMinus } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { apiRequest } from "@/lib/api-client";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { teamKeys } from "@/lib/teams-sdk";
import { atLeast } from "@/lib/workspace/workspace";
import { workspaceKeys } from "@/lib/workspace/workspaces-api";

/**
 * Removes a member from the team, after a confirmation naming them and the team. Offered to admins
 * for anyone but themselves (they leave through Leave team) and, for an owner, only to owners; the
 * server decides the same and keeps the last owner.
 */
export function RemoveMemberButton({
  teamId,
  teamName,
  member,
  callerRole,
  isCaller,
}: {
  teamId: string;
  teamName: string;
  member: { id: string; label: string; role: TeamRole | null };
  callerRole: TeamRole | null;
  isCaller: boolean;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () =>
      apiRequest<{ userId: string; removed: true }>(
        `/teams/${encodeURIComponent(teamId)}/members/${encodeURIComponent(member.id)}`,
        { method: "DELETE" },
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
      ]),
  });

  const mayRemove = !isCaller && atLeast(callerRole, "admin") && (member.role !== "owner" || callerRole === "owner");
  if (!mayRemove) return null;
  const label = member.label;

  async function confirm() {
    setError(null);
    try {
      await remove.mutateAsync();
      setOpen(false);
      notify.success(t`${label} was removed from ${teamName}.`);
    } catch (e) {
      setError(errorText(i18n, e, msg`The member could not be removed.`));
    }
  }

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t`Remove ${label} from the team`}
        title={t`Remove ${label} from the team`}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        <UserMinus aria-hidden="true" />
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!remove.isPending) setOpen(next);
        }}
        title={t`Remove ${label}?`}
        description={t`${label} loses access to the apps, secrets and databases of ${teamName} at once. Their own apps and databases stay theirs.`}
        confirmLabel={t`Remove from team`}
        pending={remove.isPending}
        onConfirm={() => void confirm()}
      >
        {error && (
          <p role="alert" className="text-sm text-red-300">
            {error}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
