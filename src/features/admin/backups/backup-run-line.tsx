import type { ApiErrorCode } from "@contract/api-errors";
import type { BackupRun } from "@contract/backups";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { errorText } from "@/lib/errors/error-text";
import { backupSize } from "./backup-size";

/** Why a run failed, in the reader's words: a run's own codes, else the API's error of the same code. */
function useFailureReason(run: BackupRun): string {
  const { t, i18n } = useLingui();
  const code = run.error?.code ?? "BACKUP_FAILED";
  if (code === "BACKUP_INTERRUPTED") return t`The server stopped while it ran; no archive was completed.`;
  return errorText(i18n, new ApiError(code as ApiErrorCode, ""), msg`The server's log has the cause.`);
}

/** One run of the history: its time and trigger, then its progress, its archive and size, or why it failed and its retry. */
export function BackupRunLine({ run }: { run: BackupRun }) {
  const { t, i18n } = useLingui();
  const reason = useFailureReason(run);
  const when = i18n.date(new Date(run.startedAt), { dateStyle: "medium", timeStyle: "short" });
  const trigger = {
    manual: t`Back up now`,
    schedule: t`Schedule`,
    cli: t`npm run backup`,
    migrate: t`Before migrations`,
  }[run.trigger];
  const archive = run.archive;
  const attempt = run.attempt;
  const tries = attempt > 1 ? ` ${t`Try ${attempt}.`}` : "";
  if (run.state === "running") {
    const written = backupSize(i18n, run.progress.bytes);
    const done = run.progress.databasesDone;
    const total = run.progress.databasesTotal;
    return (
      <li className="text-sm text-slate-200 wrap-anywhere">
        {/* The status inside the item: a list holds list items only. */}
        <span role="status" className="flex min-w-0 items-center gap-2">
          <Spinner />
          {t`Backing up ${archive}: ${written} written, ${done} of ${total} databases.`}
          {tries}
        </span>
      </li>
    );
  }
  if (run.state === "failed") {
    const retryAt = run.retryAt ? i18n.date(new Date(run.retryAt), { dateStyle: "medium", timeStyle: "short" }) : null;
    return (
      <li className="text-sm text-red-300 wrap-anywhere">
        {t`${when} (${trigger}): failed. ${reason}`}
        {tries}
        {retryAt && ` ${t`Next try: ${retryAt}.`}`}
      </li>
    );
  }
  const bytes = backupSize(i18n, run.bytes ?? run.progress.bytes);
  return (
    <li className="text-sm text-slate-300 wrap-anywhere">
      {t`${when} (${trigger}): ${archive} written, ${bytes}.`}
      {tries}
    </li>
  );
}
