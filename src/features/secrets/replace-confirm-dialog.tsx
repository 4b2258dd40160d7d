import { Trans, useLingui } from "@lingui/react/macro";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

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
    <AlertDialog open={secretKey !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogTitle>{t`Replace value?`}</AlertDialogTitle>
        <AlertDialogDescription>
          <Trans>
            <code className="font-mono text-slate-100 break-all">{key}</code> exists. Replace its value?
          </Trans>
        </AlertDialogDescription>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={pending}>
              {t`Cancel`}
            </Button>
          </AlertDialogCancel>
          <Button disabled={pending} onClick={onReplace}>
            {pending && <Spinner />}
            {t`Replace`}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
