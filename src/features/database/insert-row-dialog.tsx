import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import type { GridColumn } from "./result-grid";

/**
 * A new row's values; a field left empty takes the column's default. Columns that have none and
 * refuse NULL are marked, and the form names the ones left empty instead of sending a row the
 * database would refuse.
 */
export function InsertRowDialog({
  open,
  columns,
  onOpenChange,
  onAdd,
}: {
  open: boolean;
  columns: GridColumn[];
  onOpenChange: (open: boolean) => void;
  onAdd: (values: Record<string, string>) => void;
}) {
  const { t } = useLingui();
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const id = useId();
  const anyRequired = columns.some((column) => column.required);
  const close = () => {
    setValues({});
    setMissing([]);
    onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
        else onOpenChange(next);
      }}
    >
      <DialogContent closeLabel={t`Close`}>
        <DialogHeader>
          <DialogTitle>
            <Trans>Insert a row</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Fields left empty take the column's default.</Trans>{" "}
            {anyRequired && <Trans>Fields marked * have no default and need a value.</Trans>}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const empty = columns.filter((c) => c.required && (values[c.name] ?? "") === "").map((c) => c.name);
            setMissing(empty);
            if (empty.length > 0) {
              document.getElementById(`${id}-${columns.findIndex((c) => c.name === empty[0])}`)?.focus();
              return;
            }
            onAdd(Object.fromEntries(Object.entries(values).filter(([, value]) => value !== "")));
            close();
          }}
        >
          {columns.map((column, index) => {
            const field = `${id}-${index}`;
            const name = column.name;
            const isMissing = missing.includes(column.name);
            return (
              <div key={column.name} className="grid gap-1 text-sm text-slate-300">
                <label htmlFor={field}>
                  {column.name}
                  {column.required && (
                    <span aria-hidden="true" className="text-amber-300">
                      {" "}
                      *
                    </span>
                  )}{" "}
                  <span className="font-mono text-xs text-slate-400">{column.type}</span>
                </label>
                <Input
                  id={field}
                  value={values[column.name] ?? ""}
                  placeholder={column.required ? t`Required` : t`DEFAULT`}
                  aria-required={column.required || undefined}
                  aria-invalid={isMissing || undefined}
                  aria-describedby={isMissing ? `${field}-missing` : undefined}
                  onChange={(event) => {
                    const value = event.target.value;
                    setValues((previous) => ({ ...previous, [column.name]: value }));
                    if (value !== "") setMissing((previous) => previous.filter((name) => name !== column.name));
                  }}
                />
                {isMissing && (
                  <p id={`${field}-missing`} className="text-xs text-red-300">
                    <Trans>{name} needs a value: it has no default and cannot be empty.</Trans>
                  </p>
                )}
              </div>
            );
          })}
          <DialogFooter>
            <Button type="submit">
              <Trans>Add to changes</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
