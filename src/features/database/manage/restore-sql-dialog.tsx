import type { Database } from "@contract/databases";
import { RESTORE_MAX_BYTES, type RestoreResult } from "@contract/db-dump";
import { useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { DialogFormEnd } from "@/components/dialog-form-end";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { errorText } from "@/lib/errors/error-text";
import { formatBytes } from "@/lib/format-bytes";
import { notify } from "@/lib/notify";
import { restoreSql } from "./sql-dump-api";

/**
 * Restores a plain SQL file (a download from here, or pg_dump's plain format) into the open
 * database, which must be empty: every statement in one transaction, so a failure (named by its
 * line) leaves it empty. The file streams to the server; its size is checked here first.
 */
export function RestoreSqlDialog({ database, onClose }: { database: Database | null; onClose(): void }) {
  const { t, i18n } = useLingui();
  const fileId = useId();
  const queryClient = useQueryClient();
  const restore = useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => restoreSql(id, file),
    // Everything shown of the database (its tables, its structure) changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<RestoreResult | null>(null);
  useEffect(() => {
    if (!database) return;
    setFile(null);
    setError(null);
    setResult(null);
  }, [database]);

  function changeOpen(open: boolean) {
    if (open) return;
    restore.reset();
    onClose();
  }

  const maxSize = formatBytes(RESTORE_MAX_BYTES, i18n.locale);
  const tooLarge = file !== null && file.size > RESTORE_MAX_BYTES;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!database || !file || tooLarge) return;
    setError(null);
    setResult(null);
    try {
      const done = await restore.mutateAsync({ id: database.id, file });
      setResult(done);
      notify.success(t`"${file.name}" restored into "${database.name}".`);
    } catch (failure) {
      setError(errorText(i18n, failure));
    }
  }

  const name = database?.name ?? "";
  const size = file ? formatBytes(file.size, i18n.locale) : "";
  return (
    <Dialog open={database !== null} onOpenChange={changeOpen}>
      <DialogContent closeLabel={t`Close`}>
        <DialogHeader>
          <DialogTitle>{t`Restore from SQL`}</DialogTitle>
          <DialogDescription>
            {t`Runs a plain SQL file into "${name}", which must be empty: all statements in one transaction, so if one fails, nothing is restored.`}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
          <label className="flex flex-col gap-1 text-sm" htmlFor={fileId}>
            <span className="text-slate-300">{t`SQL file (at most ${maxSize})`}</span>
            <input
              id={fileId}
              type="file"
              accept=".sql,application/sql,text/plain"
              className="text-sm text-slate-200 file:mr-2 file:rounded file:border-0 file:bg-slate-700 file:px-2 file:py-1 file:text-slate-100"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setResult(null);
                setError(null);
              }}
            />
          </label>
          {tooLarge && (
            <p role="alert" className="text-sm text-red-300">
              {t`The file is ${size}; at most ${maxSize} can be restored.`}
            </p>
          )}
          {restore.isPending && file && (
            <p role="status" className="text-sm text-slate-300">
              {t`Sending and running ${file.name} (${size})…`}
            </p>
          )}
          {result && (
            <p role="status" className="text-sm text-emerald-300">
              {t`Restored: ${result.statements} statements run, ${result.rows} rows loaded.`}
            </p>
          )}
          <DialogFormEnd
            error={error}
            pending={restore.isPending}
            disabled={restore.isPending || file === null || tooLarge || result !== null}
          >
            {restore.isPending ? t`Restoring…` : t`Restore`}
          </DialogFormEnd>
        </form>
      </DialogContent>
    </Dialog>
  );
}
