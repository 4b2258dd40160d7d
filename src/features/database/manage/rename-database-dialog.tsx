import type { Database } from "@contract/databases";
import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useState } from "react";
import { DialogFormEnd } from "@/components/dialog-form-end";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { useRenameDatabase } from "./database-mutations";
import { DatabaseNameField } from "./database-name-field";

/** Renames a database (its name only: a managed database's storage and an external URL stay). */
export function RenameDatabaseDialog({ database, onClose }: { database: Database | null; onClose(): void }) {
  const { t, i18n } = useLingui();
  const rename = useRenameDatabase();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
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
      setError(errorText(i18n, failure));
    }
  }

  return (
    <Dialog open={database !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t`Close`} aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>{t`Rename database`}</DialogTitle>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
          <DatabaseNameField value={name} onChange={setName} />
          <DialogFormEnd
            error={error}
            pending={rename.isPending}
            disabled={rename.isPending || name.trim() === "" || name.trim() === database?.name}
          >
            {t`Rename`}
          </DialogFormEnd>
        </form>
      </DialogContent>
    </Dialog>
  );
}
