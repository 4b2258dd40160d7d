import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { onlineManager } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
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

  return (
    <AlertDialog open={app !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogTitle>{t`Delete App`}</AlertDialogTitle>
        <AlertDialogDescription>
          {t`Are you sure you want to delete "${title}"? This action cannot be undone.`}
        </AlertDialogDescription>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={remove.isPending}>
              {t`Cancel`}
            </Button>
          </AlertDialogCancel>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => app && void onDelete(app)}>
            {remove.isPending && <Spinner />}
            {remove.isPending ? t`Deleting...` : t`Delete App`}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
