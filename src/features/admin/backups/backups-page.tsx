import type { ApiErrorCode } from "@contract/api-errors";
import type { BackupArchive, BackupsOverview } from "@contract/backups";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { DatabaseBackup } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { AdminTable } from "../admin-table";
import { BackupRunHistory } from "./backup-run-history";
import { backupSize } from "./backup-size";
import { backupsQuery, downloadBackup, useDeleteBackup, useStartBackup } from "./backups-api";
import { RestoreDatabaseDialog } from "./restore-database-dialog";

function SealBadge({ seal }: { seal: BackupArchive["seal"] }) {
  const { t } = useLingui();
  const label = { valid: t`Sealed`, invalid: t`Seal does not match`, missing: t`Incomplete` }[seal];
  return (
    <span
      className={cn(
        "whitespace-nowrap rounded px-2 py-0.5 text-xs",
        seal === "valid" ? "bg-emerald-500/20 text-emerald-200" : "bg-amber-500/20 text-amber-100",
      )}
    >
      {label}
    </span>
  );
}

function Settings({ overview }: { overview: BackupsOverview }) {
  const { t, i18n } = useLingui();
  const { settings, archives } = overview;
  const next = settings.nextRunAt
    ? i18n.date(new Date(settings.nextRunAt), { dateStyle: "medium", timeStyle: "short" })
    : null;
  const schedule = settings.schedule;
  const keep = settings.keep;
  const keepDays = settings.keepDays;
  const folder = settings.dir;
  const bucket = settings.bucket;
  const bucketUrl = bucket?.url ?? "";
  const bucketEndpoint = bucket?.endpoint ?? "AWS";
  const newest = archives.find((archive) => archive.seal === "valid");
  const latest = newest?.name ?? "backup-….tar";
  // An archive only in the bucket is restored from there (the command fetches it).
  const command =
    bucket && newest?.where === "bucket"
      ? `npm run restore -- ${bucket.url}${latest}`
      : `npm run restore -- ${settings.dir}/${latest}`;
  return (
    <section className="grid min-w-0 gap-2" aria-labelledby="backup-settings">
      <h3 id="backup-settings" className="font-medium text-white">
        {t`Schedule and restore`}
      </h3>
      <ul className="grid min-w-0 gap-1 text-sm text-slate-300 wrap-anywhere">
        <li>
          {schedule === "off"
            ? t`No schedule (BACKUP_SCHEDULE is off).`
            : next
              ? t`Schedule: ${schedule} (UTC); next backup ${next}.`
              : t`Schedule: ${schedule} (UTC).`}
        </li>
        <li>
          {keep !== null && keepDays !== null
            ? t`Keeps the newest ${keep} backups, none older than ${keepDays} days.`
            : keep !== null
              ? t`Keeps the newest ${keep} backups.`
              : keepDays !== null
                ? t`Keeps backups for ${keepDays} days.`
                : t`Keeps every backup (BACKUP_KEEP and BACKUP_KEEP_DAYS are not set).`}
        </li>
        <li>{t`Folder: ${folder}`}</li>
        {bucket && (
          <li>
            {bucket.keepLocal
              ? t`Bucket: ${bucketUrl} at ${bucketEndpoint}; every backup is uploaded there as well.`
              : t`Bucket: ${bucketUrl} at ${bucketEndpoint}; every backup is uploaded there and then removed from the folder.`}
          </li>
        )}
      </ul>
      {bucket?.error && (
        <p role="alert" className="rounded border border-red-400/40 bg-red-950/40 px-3 py-2 text-sm text-red-100">
          {t`The bucket could not be listed:`}{" "}
          {errorText(i18n, new ApiError(bucket.error.code as ApiErrorCode, bucket.error.message))}
        </p>
      )}
      <p className="text-sm text-slate-300">
        {settings.store === "pglite"
          ? t`Restoring replaces the whole instance, so it is a command: stop the server, then run it with an empty data folder that holds only the master key.`
          : t`Restoring replaces the whole instance, so it is a command: stop the server, then run it with DATABASE_URL naming an empty database.`}
      </p>
      <div className="flex min-w-0 items-center gap-2">
        <code className="min-w-0 flex-1 rounded bg-black/40 px-3 py-2 text-sm text-slate-100 wrap-anywhere">
          {command}
        </code>
        <CopyButton value={command} label={t`Copy command`} />
      </div>
    </section>
  );
}

/** /admin/backups: the archives in BACKUP_DIR, "Back up now" with its progress, the runs, schedule and restore. */
export function BackupsPage() {
  const { t, i18n } = useLingui();
  const overview = useQuery(backupsQuery());
  const start = useStartBackup();
  const remove = useDeleteBackup();
  const [deleting, setDeleting] = useState<BackupArchive | null>(null);
  const [restoring, setRestoring] = useState<BackupArchive | null>(null);
  const running = overview.data?.runs.some((run) => run.state === "running") ?? false;

  async function backUpNow() {
    try {
      await start.mutateAsync();
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
  }

  async function download(name: string) {
    try {
      await downloadBackup(name);
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
  }

  async function onDelete(archive: BackupArchive) {
    try {
      await remove.mutateAsync(archive.name);
      notify.success(t`Backup deleted.`);
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    } finally {
      setDeleting(null);
    }
  }

  const deletingName = deleting?.name ?? "";
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-2xl font-semibold text-white">{t`Backups`}</h2>
          <p className="text-sm text-slate-300">
            {t`Each backup is one archive of the whole instance: every user, app, secret and managed database. The master key is never inside; keep it apart from the archives.`}
          </p>
        </div>
        <Button onClick={() => void backUpNow()} disabled={running || start.isPending}>
          {start.isPending ? <Spinner /> : <DatabaseBackup aria-hidden="true" />}
          {t`Back up now`}
        </Button>
      </div>
      <QueryState query={overview} isEmpty={() => false}>
        {(data) => (
          <>
            <BackupRunHistory runs={data.runs} />
            <section className="grid min-w-0 gap-2" aria-labelledby="backup-archives">
              <h3 id="backup-archives" className="font-medium text-white">
                {t`Archives`}
              </h3>
              {data.archives.length === 0 ? (
                <p className="text-slate-300">{t`No backups yet.`}</p>
              ) : (
                <AdminTable
                  label={t`Archives`}
                  columns={[t`Archive`, t`Created`, t`Size`, t`Store`, t`Seal`]}
                  actionsLabel={t`Actions`}
                >
                  {data.archives.map((archive) => {
                    const file = archive.name;
                    return (
                      <tr key={archive.name} className="border-t border-white/10 text-slate-100">
                        <th scope="row" className="px-3 py-2 font-normal">
                          <code className="text-xs">{archive.name}</code>
                          {data.settings.bucket && (
                            <span className="block text-xs text-slate-400">
                              {archive.where === "bucket"
                                ? t`In the bucket`
                                : archive.where === "both"
                                  ? t`In the folder and the bucket`
                                  : t`In the folder only`}
                            </span>
                          )}
                        </th>
                        <td className="whitespace-nowrap px-3 py-2">
                          {i18n.date(new Date(archive.createdAt), { dateStyle: "medium", timeStyle: "short" })}
                        </td>
                        <td className="whitespace-nowrap px-3 py-2">{backupSize(i18n, archive.bytes)}</td>
                        <td className="px-3 py-2">
                          {archive.store === "pglite" ? "PGlite" : archive.store === "postgres" ? "PostgreSQL" : "—"}
                        </td>
                        <td className="px-3 py-2">
                          <SealBadge seal={archive.seal} />
                        </td>
                        <td className="whitespace-nowrap px-3 py-2 text-right">
                          <div className="flex justify-end gap-2">
                            <Button
                              variant="outline"
                              size="sm"
                              onClick={() => void download(archive.name)}
                              aria-label={t`Download ${file}`}
                            >
                              {t`Download`}
                            </Button>
                            {archive.seal === "valid" &&
                              archive.store === data.settings.store &&
                              (archive.databases ?? 0) > 0 && (
                                <Button
                                  variant="outline"
                                  size="sm"
                                  onClick={() => setRestoring(archive)}
                                  aria-label={t`Restore a database from ${file}`}
                                >
                                  {t`Restore a database`}
                                </Button>
                              )}
                            <Button
                              variant="outline"
                              size="sm"
                              onClick={() => setDeleting(archive)}
                              aria-label={t`Delete ${file}`}
                            >
                              {t`Delete`}
                            </Button>
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </AdminTable>
              )}
            </section>
            <Settings overview={data} />
          </>
        )}
      </QueryState>
      <RestoreDatabaseDialog archive={restoring} onOpenChange={(open) => !open && setRestoring(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete backup`}
        description={t`Delete ${deletingName}? The instance cannot be restored from it afterwards.`}
        pending={remove.isPending}
        onConfirm={() => deleting && void onDelete(deleting)}
      />
    </div>
  );
}
