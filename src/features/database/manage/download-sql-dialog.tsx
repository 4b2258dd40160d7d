import type { Database } from "@contract/databases";
import type { DumpContents } from "@contract/db-dump";
import { useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { DialogFormEnd } from "@/components/dialog-form-end";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { errorText } from "@/lib/errors/error-text";
import { downloadSql } from "./sql-dump-api";

/**
 * Downloads a database as one plain SQL file (pg_dump's format, without owners or grants): its
 * schema alone, or with its rows. The file restores into an empty database here or anywhere psql runs.
 */
export function DownloadSqlDialog({ database, onClose }: { database: Database | null; onClose(): void }) {
  const { t, i18n } = useLingui();
  const download = useMutation({
    mutationFn: ({ id, contents }: { id: string; contents: DumpContents }) => downloadSql(id, contents),
  });
  const [contents, setContents] = useState<DumpContents>("data");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!database) return;
    setContents("data");
    setError(null);
  }, [database]);

  function changeOpen(open: boolean) {
    if (open) return;
    download.reset();
    onClose();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!database) return;
    setError(null);
    try {
      await download.mutateAsync({ id: database.id, contents });
      changeOpen(false);
    } catch (failure) {
      setError(errorText(i18n, failure));
    }
  }

  const name = database?.name ?? "";
  return (
    <Dialog open={database !== null} onOpenChange={changeOpen}>
      <DialogContent closeLabel={t`Close`}>
        <DialogHeader>
          <DialogTitle>{t`Download as SQL`}</DialogTitle>
          <DialogDescription>
            {t`"${name}" as one plain SQL file, without owners or privileges, to keep or to restore into an empty database.`}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t`Contents`}</legend>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="dump-contents"
                checked={contents === "data"}
                onChange={() => setContents("data")}
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
                name="dump-contents"
                checked={contents === "schema"}
                onChange={() => setContents("schema")}
                className="mt-1"
              />
              <span>
                {t`Schema only`}
                <span className="block text-xs text-slate-400">{t`The tables, empty.`}</span>
              </span>
            </label>
          </fieldset>
          {download.isPending && (
            <p role="status" className="text-sm text-slate-300">
              {t`Dumping the database…`}
            </p>
          )}
          <DialogFormEnd error={error} pending={download.isPending} disabled={download.isPending}>
            {download.isPending ? t`Downloading…` : t`Download SQL`}
          </DialogFormEnd>
        </form>
      </DialogContent>
    </Dialog>
  );
}
