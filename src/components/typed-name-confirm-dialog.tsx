import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";

export interface TypedNameConfirmDialogProps extends Omit<ConfirmDialogProps, "confirmDisabled" | "children"> {
  /** What must be typed, exactly, before the confirm button wakes up. */
  name: string;
  /** Why the last attempt failed, shown in the dialog (it stays open to try again). */
  error?: string | null;
}

/**
 * A ConfirmDialog for what cannot be undone and is easily mistaken for a neighbour: the confirm
 * button stays disabled until the name is typed, so neither a stray click nor Enter destroys the
 * wrong thing. Each opening, and each other name, starts with an empty field.
 */
export function TypedNameConfirmDialog({ name, error, open, ...confirm }: TypedNameConfirmDialogProps) {
  const { t } = useLingui();
  const [typed, setTyped] = useState("");
  const id = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new opening or another name is what resets it
  useEffect(() => setTyped(""), [open, name]);
  const matches = name !== "" && typed === name;

  return (
    <ConfirmDialog {...confirm} open={open} confirmDisabled={!matches}>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-confirm`}>{t`Type the name "${name}" to confirm`}</Label>
        <Input
          id={`${id}-confirm`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        {error && (
          <p role="alert" className="text-sm text-red-300">
            {error}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
