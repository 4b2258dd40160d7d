import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { TypedNameConfirmDialog } from "@/components/typed-name-confirm-dialog";
import { apiRequest } from "@/lib/api-client";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { teamKeys } from "@/lib/teams-sdk";
import { workspaceKeys } from "@/lib/workspace/workspaces-api";

/**
 * Hands the team to `member` (POST /teams/{id}/transfer) once the team's name is typed: they become
 * owner and the caller an admin, which only the new owner can undo. A refusal stays in the dialog.
 */
export function TransferOwnershipDialog({
  teamId,
  teamName,
  member,
  onClose,
}: {
  teamId: string;
  teamName: string;
  /** The member to hand over to; null keeps the dialog closed. */
  member: { id: string; label: string } | null;
  onClose(): void;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another member starts without the last failure
  useEffect(() => setError(null), [member]);
  const transfer = useMutation({
    mutationFn: (userId: string) =>
      apiRequest(`/teams/${encodeURIComponent(teamId)}/transfer`, { method: "POST", json: { userId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.team(teamId) }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
      ]),
  });
  const label = member?.label ?? "";

  async function confirm() {
    if (!member) return;
    setError(null);
    try {
      await transfer.mutateAsync(member.id);
      notify.success(t`${label} now owns ${teamName}. You are an admin.`);
      onClose();
    } catch (e) {
      setError(errorText(i18n, e, msg`The ownership could not be transferred.`));
    }
  }

  return (
    <TypedNameConfirmDialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Transfer ownership to ${label}?`}
      description={t`${label} becomes the owner of ${teamName}, and you become an admin. Only the new owner can give the ownership back.`}
      confirmLabel={t`Transfer ownership`}
      name={teamName}
      error={error}
      pending={transfer.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
