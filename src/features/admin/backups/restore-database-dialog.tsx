import type { ArchivedDatabase, BackupArchive } from "@contract/backups";
import { DATABASE_NAME_MAX_LENGTH } from "@contract/databases";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { DialogFormEnd } from "@/components/dialog-form-end";
import { FieldError } from "@/components/field-error";
import { QueryState } from "@/components/query-state";
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
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { backupSize } from "./backup-size";
import { archiveDatabasesQuery, useRestoreArchivedDatabase } from "./backups-api";

function databaseLabel(database: ArchivedDatabase): string {
  return database.name ?? database.location;
}

/**
 * Restores one database of an archive into a new managed database of its owner: pick the
 * database and the new name, then confirm what will happen (the server checks the whole archive
 * first, and never writes over the database it was backed up from).
 */
export function RestoreDatabaseDialog({
  archive,
  onOpenChange,
}: {
  archive: BackupArchive | null;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={archive !== null} onOpenChange={onOpenChange}>
      {archive && <RestoreDatabaseForm key={archive.name} archive={archive} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function RestoreDatabaseForm({ archive, onDone }: { archive: BackupArchive; onDone(): void }) {
  const { t, i18n } = useLingui();
  const databases = useQuery(archiveDatabasesQuery(archive.name));
  const restore = useRestoreArchivedDatabase(archive.name);
  const [chosen, setChosen] = useState<ArchivedDatabase | null>(null);
  const [name, setName] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const archiveName = archive.name;
  const when = i18n.date(new Date(archive.createdAt), { dateStyle: "medium", timeStyle: "short" });

  function choose(database: ArchivedDatabase) {
    setChosen(database);
    const label = databaseLabel(database);
    setName(t`${label} (restored)`);
    setError(null);
  }

  function onContinue(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen) {
      setError(t`Choose a database.`);
      return;
    }
    if (name.trim() === "") {
      setError(t`Give the new database a name.`);
      return;
    }
    setError(null);
    setConfirming(true);
  }

  async function onRestore() {
    if (!chosen) return;
    setError(null);
    try {
      const made = await restore.mutateAsync({ location: chosen.location, name: name.trim() });
      const madeName = made.name;
      notify.success(t`Restored into the new database ${madeName}.`);
      onDone();
    } catch (failure) {
      setError(errorText(i18n, failure, msg`The database could not be restored.`));
    }
  }

  if (confirming && chosen) {
    const from = databaseLabel(chosen);
    const newName = name.trim();
    const owner = chosen.owner?.label ?? chosen.owner?.id ?? t`its owner`;
    return (
      <DialogContent closeLabel={t`Close`}>
        <DialogHeader>
          <DialogTitle>{t`Restore into a new database?`}</DialogTitle>
          <DialogDescription>
            {t`The database ${from} as it was on ${when} becomes a new database named ${newName}, owned by ${owner}.`}
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-slate-300">
          {chosen.liveName !== null
            ? t`The database it was backed up from stays as it is.`
            : t`The database it was backed up from no longer exists.`}{" "}
          {t`The server checks every file of the backup first; a large backup takes a while.`}
        </p>
        <FieldError message={error} />
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              setConfirming(false);
              setError(null);
            }}
            disabled={restore.isPending}
          >
            {t`Back`}
          </Button>
          <Button onClick={() => void onRestore()} disabled={restore.isPending}>
            {restore.isPending && <Spinner />}
            {t`Restore ${newName}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    );
  }

  return (
    <DialogContent closeLabel={t`Close`}>
      <DialogHeader>
        <DialogTitle>{t`Restore a database`}</DialogTitle>
        <DialogDescription>
          {t`One database of ${archiveName} becomes a new database of the same owner.`}
        </DialogDescription>
      </DialogHeader>
      <QueryState
        query={databases}
        small
        loadingLabel={t`Reading the backup...`}
        isEmpty={(data) => data.databases.length === 0}
        empty={<p className="text-sm text-slate-300">{t`This backup holds no managed database.`}</p>}
      >
        {(data) => (
          <form className="grid gap-4" onSubmit={onContinue}>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-100">{t`Database`}</legend>
              {data.databases.map((database) => {
                const size = backupSize(i18n, database.bytes);
                const owner = database.owner?.label ?? database.owner?.id ?? t`unknown owner`;
                const live = database.liveName;
                return (
                  <label
                    key={database.location}
                    className="flex min-w-0 items-start gap-2 text-sm text-slate-200 wrap-anywhere"
                  >
                    <input
                      type="radio"
                      name="database"
                      value={database.location}
                      checked={chosen?.location === database.location}
                      onChange={() => choose(database)}
                      className="mt-1 size-4 accent-indigo-400"
                    />
                    <span className="grid min-w-0">
                      <span className="font-medium text-slate-100">{databaseLabel(database)}</span>
                      <span className="text-xs text-slate-400">
                        {live === null
                          ? t`${owner}, ${size}, deleted since`
                          : live === database.name
                            ? t`${owner}, ${size}`
                            : t`${owner}, ${size}, now named ${live}`}
                      </span>
                    </span>
                  </label>
                );
              })}
            </fieldset>
            <div className="grid gap-2">
              <Label htmlFor="restore-database-name">{t`New database name`}</Label>
              <Input
                id="restore-database-name"
                value={name}
                onChange={(event) => setName(event.target.value)}
                autoComplete="off"
                maxLength={DATABASE_NAME_MAX_LENGTH}
                disabled={!chosen}
              />
            </div>
            <DialogFormEnd error={error} pending={false} disabled={false}>
              {t`Continue`}
            </DialogFormEnd>
          </form>
        )}
      </QueryState>
    </DialogContent>
  );
}
