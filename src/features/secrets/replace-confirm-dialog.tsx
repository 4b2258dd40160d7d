import { Trans, useLingui } from "@lingui/react/macro";
import { ConfirmDialog } from "@/components/confirm-dialog";

interface ReplaceConfirmDialogProps {
  /** The key that exists; null when closed. */
  secretKey: string | null;
  pending: boolean;
  onReplace(): void;
  onCancel(): void;
}

/** Asked before Add New would replace an existing value; Cancel leaves the stored value as it was. */
export function ReplaceConfirmDialog({ secretKey, pending, onReplace, onCancel }: ReplaceConfirmDialogProps) {
  const { t } = useLingui();
  const key = secretKey ?? "";
  return (
    <ConfirmDialog
      open={secretKey !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={t`Replace value?`}
      description={
        <Trans>
          <code className="font-mono text-slate-100 break-all">{key}</code> exists. Replace its value?
        </Trans>
      }
      confirmLabel={t`Replace`}
      confirmVariant="default"
      pending={pending}
      onConfirm={onReplace}
    />
  );
}
