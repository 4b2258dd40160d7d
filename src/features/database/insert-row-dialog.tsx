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

/** A new row's values; a field left empty takes the column's default. */
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
  const id = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setValues({});
        onOpenChange(next);
      }}
    >
      <DialogContent closeLabel={t`Close`}>
        <DialogHeader>
          <DialogTitle>
            <Trans>Insert a row</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Fields left empty take the column's default.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            onAdd(Object.fromEntries(Object.entries(values).filter(([, value]) => value !== "")));
            setValues({});
            onOpenChange(false);
          }}
        >
          {columns.map((column, index) => (
            <div key={column.name} className="grid gap-1 text-sm text-slate-300">
              <label htmlFor={`${id}-${index}`}>
                {column.name} <span className="font-mono text-xs text-slate-400">{column.type}</span>
              </label>
              <Input
                id={`${id}-${index}`}
                value={values[column.name] ?? ""}
                placeholder={t`DEFAULT`}
                onChange={(event) => setValues((previous) => ({ ...previous, [column.name]: event.target.value }))}
              />
            </div>
          ))}
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
