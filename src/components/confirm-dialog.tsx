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
import { Spinner } from "@/components/ui/spinner";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Names the action; the confirm button says the same unless `confirmLabel` differs. */
  title: string;
  /** What is lost, in the user's words (announced as the dialog's description). */
  description: ReactNode;
  confirmLabel?: string;
  /** "default" for an action that replaces rather than destroys (the button is not red). */
  confirmVariant?: "destructive" | "default";
  /**
   * While the action runs: both buttons are disabled so it cannot fire twice nor be abandoned
   * halfway, and the confirm button spins (and says `pendingLabel` if given).
   */
  pending?: boolean;
  pendingLabel?: string;
  /** A condition the confirm button waits for, such as a typed name (TypedNameConfirmDialog). */
  confirmDisabled?: boolean;
  /** What follows the description: a list of what is affected, a field, an error. */
  children?: ReactNode;
  onConfirm: () => void;
}

/**
 * The one confirmation for a destructive action (delete, revoke, reset): an alert dialog whose
 * focus starts on Cancel, so Enter never destroys by accident, and whose title and description are
 * what a screen reader announces. The buttons sit in a form so that Enter in a field of `children`
 * confirms — but only once the confirm button is enabled (a disabled default button submits nothing).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  confirmVariant = "destructive",
  pending = false,
  pendingLabel,
  confirmDisabled = false,
  children,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  const blocked = pending || confirmDisabled;
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!blocked) onConfirm();
          }}
        >
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel asChild>
              <Button variant="outline" disabled={pending}>
                {t`Cancel`}
              </Button>
            </AlertDialogCancel>
            <Button type="submit" variant={confirmVariant} disabled={blocked}>
              {pending && <Spinner />}
              {pending && pendingLabel ? pendingLabel : (confirmLabel ?? title)}
            </Button>
          </div>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
