import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { FieldError } from "@/components/field-error";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";

/**
 * The end of a dialog's form (create an app, a team, keys, a database; rename a database): the
 * server's refusal, if any, then Cancel and the submit button (a spinner in it while the request runs).
 */
export function DialogFormEnd({
  error,
  pending,
  disabled,
  children,
}: {
  error: string | null;
  pending: boolean;
  disabled: boolean;
  /** The submit button's text. */
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      <FieldError message={error} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t`Cancel`}</Button>
        </DialogClose>
        <Button type="submit" disabled={disabled}>
          {pending && <Spinner />}
          {children}
        </Button>
      </DialogFooter>
    </>
  );
}
