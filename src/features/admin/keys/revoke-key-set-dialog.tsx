import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
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
import { type KeySet, useRevokeKeySet } from "./keys-api";

/** Revocation is immediate on every instance and cannot be undone: it asks first. */
export function RevokeKeySetDialog({ keySet, onClose }: { keySet: KeySet | null; onClose(): void }) {
  const { t, i18n } = useLingui();
  const revoke = useRevokeKeySet();
  const name = keySet?.description || keySet?.id || "";

  async function onRevoke(target: KeySet) {
    try {
      await revoke.mutateAsync(target.id);
      notify.success(t`Keys revoked`);
    } catch (e) {
      notify.error(errorText(i18n, e, msg`An error occurred`));
    } finally {
      onClose();
    }
  }

  return (
    <AlertDialog open={keySet !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogTitle>{t`Revoke keys`}</AlertDialogTitle>
        <AlertDialogDescription>
          {t`Revoke "${name}"? Every server and tool using these keys stops working at once. This cannot be undone.`}
        </AlertDialogDescription>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={revoke.isPending}>
              {t`Cancel`}
            </Button>
          </AlertDialogCancel>
          <Button variant="destructive" disabled={revoke.isPending} onClick={() => keySet && void onRevoke(keySet)}>
            {revoke.isPending && <Spinner />}
            {t`Revoke keys`}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
