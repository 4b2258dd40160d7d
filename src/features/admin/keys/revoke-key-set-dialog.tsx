import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { ConfirmDialog } from "@/components/confirm-dialog";
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
    <ConfirmDialog
      open={keySet !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Revoke keys`}
      description={t`Revoke "${name}"? Every server and tool using these keys stops working at once. This cannot be undone.`}
      pending={revoke.isPending}
      onConfirm={() => keySet && void onRevoke(keySet)}
    />
  );
}
