import type { ResourceOwner } from "@contract/teams";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FieldError } from "@/components/field-error";
import { apiRequest } from "@/lib/api-client";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { atLeast, inWorkspace, type Workspace, workspaceKey } from "@/lib/workspace/workspace";
import { myTeamsQuery } from "@/lib/workspace/workspaces-api";

export interface MovableResource {
  kind: "app" | "database";
  id: string;
  name: string;
  owner: ResourceOwner;
}

/**
 * Moves an app or a database between the user's personal workspace and a team they administer
 * (POST /apps/{id}/move, /db/{id}/move). The destinations are those the server would accept: the
 * personal workspace, and every team where the user is admin or owner, never where it is now.
 * Both sides' members see the move live (the server sends each side a `store` event).
 */
export function MoveResourceDialog({
  resource,
  onClose,
  onMoved,
}: {
  resource: MovableResource | null;
  onClose(): void;
  /** After the move, with where the resource is now (the page follows it there). */
  onMoved?(to: Workspace): void;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const teams = useQuery(myTeamsQuery()).data ?? [];
  const [target, setTarget] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const destinations: Array<{ workspace: Workspace; label: string }> = [
    { workspace: { type: "personal" } as Workspace, label: t`Personal` },
    ...teams
      .filter((team) => atLeast(team.role, "admin"))
      .map((team) => ({ workspace: { type: "team", id: team.id } as Workspace, label: team.displayName })),
  ].filter((destination) => !resource || !inWorkspace(resource.owner, destination.workspace));
  const chosen = destinations.find((destination) => workspaceKey(destination.workspace) === target);

  function close() {
    setTarget(null);
    setError(null);
    onClose();
  }

  async function move(what: MovableResource, to: Workspace) {
    setPending(true);
    setError(null);
    try {
      const path =
        what.kind === "app" ? `/apps/${encodeURIComponent(what.id)}/move` : `/db/${encodeURIComponent(what.id)}/move`;
      await apiRequest(path, { method: "POST", json: { team_id: to.type === "team" ? to.id : null } });
      await queryClient.invalidateQueries({ queryKey: what.kind === "app" ? ["apps"] : ["databases"] });
      const name = what.name;
      const place = chosen?.label ?? "";
      notify.success(t`"${name}" moved to ${place}.`);
      onMoved?.(to);
      close();
    } catch (e) {
      setError(errorText(i18n, e, msg`The move failed.`));
    } finally {
      setPending(false);
    }
  }

  const name = resource?.name ?? "";
  return (
    <ConfirmDialog
      open={resource !== null}
      onOpenChange={(open) => !open && close()}
      title={resource?.kind === "database" ? t`Move database` : t`Move app`}
      description={t`Move "${name}" to another workspace. Its members can use it there; the members of the workspace it leaves no longer can.`}
      confirmLabel={t`Move`}
      confirmVariant="default"
      pending={pending}
      pendingLabel={t`Moving...`}
      confirmDisabled={!chosen}
      onConfirm={() => resource && chosen && void move(resource, chosen.workspace)}
    >
      {destinations.length === 0 ? (
        <p className="text-sm text-slate-300">{t`You administer no other workspace to move it to.`}</p>
      ) : (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t`Move to`}</legend>
          {destinations.map((destination) => {
            const key = workspaceKey(destination.workspace);
            return (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="move-target"
                  value={key}
                  checked={target === key}
                  onChange={() => setTarget(key)}
                />
                <span className="min-w-0 truncate">{destination.label}</span>
              </label>
            );
          })}
        </fieldset>
      )}
      <FieldError message={error} />
    </ConfirmDialog>
  );
}
