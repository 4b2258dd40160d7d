import type { Database } from "@contract/databases";
import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { notify } from "@/lib/notify";
import { databaseErrorText } from "../database-errors";
import { DATABASE_NAME_MAX_LENGTH, useRenameDatabase } from "./database-mutations";

/** Renames a database (its name only: a managed database's storage and an external URL stay). */
export function RenameDatabaseDialog({ database, onClose }: { database: Database | null; onClose(): void }) {
  const { t, i18n } = useLingui();
  const rename = useRenameDatabase();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  // A new database to rename starts from its name.
  useEffect(() => {
    setName(database?.name ?? "");
    setError(null);
  }, [database]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!database) return;
    setError(null);
    const trimmed = name.trim();
    try {
      await rename.mutateAsync({ id: database.id, name: trimmed });
      notify.success(t`Database renamed to "${trimmed}".`);
      onClose();
    } catch (failure) {
      setError(databaseErrorText(i18n, failure));
    }
  }

  return (
    <Dialog open={database !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t`Close`} aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>{t`Rename database`}</DialogTitle>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>{t`Name`}</Label>
            <Input
              id={`${id}-name`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              maxLength={DATABASE_NAME_MAX_LENGTH}
              autoComplete="off"
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-300">
              {error}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t`Cancel`}</Button>
            </DialogClose>
            <Button type="submit" disabled={rename.isPending || name.trim() === "" || name.trim() === database?.name}>
              {rename.isPending && <Spinner />}
              {t`Rename`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
