import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Names the action; the confirm button says the same unless `confirmLabel` differs. */
  title: string;
  /** What is lost, in the user's words (announced as the dialog's description). */
  description: ReactNode;
  confirmLabel?: string;
  /** While the action runs: the confirm button is disabled so it cannot fire twice. */
  pending?: boolean;
  onConfirm: () => void;
}

/**
 * The one confirmation for a destructive action (delete, revoke, reset): an alert dialog whose
 * focus starts on Cancel, so Enter never destroys by accident, and whose title and description are
 * what a screen reader announces.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pending,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel asChild>
            <Button variant="outline">{t`Cancel`}</Button>
          </AlertDialogCancel>
          <Button variant="destructive" disabled={pending} onClick={onConfirm}>
            {confirmLabel ?? title}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
