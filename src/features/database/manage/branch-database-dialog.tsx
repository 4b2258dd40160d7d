import type { Database } from "@contract/databases";
import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useState } from "react";
import { DialogFormEnd } from "@/components/dialog-form-end";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { useBranchDatabase } from "./database-mutations";
import { DatabaseNameField } from "./database-name-field";

/**
 * Branches a managed database into a new one of the same owner, with its rows or its schema alone
 * (to try a migration and throw it away); `onBranched` gets the new database (the menu opens it).
 */
export function BranchDatabaseDialog({
  database,
  onClose,
  onBranched,
}: {
  database: Database | null;
  onClose(): void;
  onBranched(branch: Database): void;
}) {
  const { t, i18n } = useLingui();
  const branch = useBranchDatabase();
  const [name, setName] = useState("");
  const [withData, setWithData] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // Each database opened here starts from a name that says where it came from.
  useEffect(() => {
    setName(database ? `${database.name}-branch` : "");
    setWithData(true);
    setError(null);
  }, [database]);

  function changeOpen(open: boolean) {
    if (open) return;
    branch.reset();
    onClose();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!database) return;
    setError(null);
    const trimmed = name.trim();
    try {
      const made = await branch.mutateAsync({ id: database.id, name: trimmed, withData });
      notify.success(t`Branch "${trimmed}" created.`);
      changeOpen(false);
      onBranched(made);
    } catch (failure) {
      setError(errorText(i18n, failure));
    }
  }

  const source = database?.name ?? "";
  return (
    <Dialog open={database !== null} onOpenChange={changeOpen}>
      <DialogContent closeLabel={t`Close`}>
        <DialogHeader>
          <DialogTitle>{t`Create branch`}</DialogTitle>
          <DialogDescription>
            {t`A new database made from "${source}", to try a change and throw it away. The original stays as it is.`}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
          <DatabaseNameField value={name} onChange={setName} />
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t`Contents`}</legend>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="contents"
                checked={withData}
                onChange={() => setWithData(true)}
                className="mt-1"
              />
              <span>
                {t`Schema and data`}
                <span className="block text-xs text-slate-400">{t`Every table with its rows.`}</span>
              </span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="contents"
                checked={!withData}
                onChange={() => setWithData(false)}
                className="mt-1"
              />
              <span>
                {t`Schema only`}
                <span className="block text-xs text-slate-400">{t`The tables, empty.`}</span>
              </span>
            </label>
          </fieldset>
          {branch.isPending && (
            <p role="status" className="text-sm text-slate-300">
              {withData ? t`Copying the schema and the rows…` : t`Copying the schema…`}
            </p>
          )}
          <DialogFormEnd error={error} pending={branch.isPending} disabled={branch.isPending || name.trim() === ""}>
            {branch.isPending ? t`Branching…` : t`Create branch`}
          </DialogFormEnd>
        </form>
      </DialogContent>
    </Dialog>
  );
}
