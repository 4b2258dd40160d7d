import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { onlineManager } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { TypedNameConfirmDialog } from "@/components/typed-name-confirm-dialog";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { useDeleteApp } from "./mutations";
import type { App } from "./types";

export function DeleteAppDialog({ app, onClose }: { app: App | null; onClose(): void }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const remove = useDeleteApp();
  const title = app?.title ?? "";

  async function onDelete(target: App) {
    if (!onlineManager.isOnline()) {
      // Queued: it is sent when the network returns (see registerAppMutationDefaults).
      remove.mutate(target.id);
      notify.success(t`You are offline. The app will be deleted when you are back online.`);
      onClose();
      return;
    }
    try {
      await remove.mutateAsync(target.id);
      notify.success(t`App deleted successfully`);
      await navigate({ to: "/" });
    } catch (e) {
      notify.error(errorText(i18n, e, msg`Failed to delete app`));
    } finally {
      onClose();
    }
  }

  // Typing the title, as for a database or a team: an app takes every environment's secrets with it.
  return (
    <TypedNameConfirmDialog
      name={title}
      open={app !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Delete App`}
      description={t`Are you sure you want to delete "${title}"? This action cannot be undone.`}
      pending={remove.isPending}
      pendingLabel={t`Deleting...`}
      onConfirm={() => app && void onDelete(app)}
    />
  );
}
