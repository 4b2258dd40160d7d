import type { BackupRun } from "@contract/backups";
import { useLingui } from "@lingui/react/macro";
import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { BackupRunLine } from "./backup-run-line";

const SHOWN = 10;

/**
 * The server's backup runs, newest first (kept across restarts): a failed newest run is said
 * above them as an alert, so a failing schedule is seen at once and not only in the list.
 */
export function BackupRunHistory({ runs }: { runs: BackupRun[] }) {
  const { t } = useLingui();
  const [all, setAll] = useState(false);
  const newest = runs[0];
  const shown = all ? runs : runs.slice(0, SHOWN);
  const count = runs.length;
  return (
    <section className="grid min-w-0 gap-2" aria-labelledby="backup-runs">
      <h3 id="backup-runs" className="font-medium text-white">
        {t`Run history`}
      </h3>
      {newest?.state === "failed" && (
        <p role="alert" className="flex min-w-0 items-start gap-2 rounded bg-red-500/15 p-2 text-sm text-red-200">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {newest.retryAt
            ? t`The last backup failed; the server tries it again by itself.`
            : t`The last backup failed. Check the reason below, then back up now.`}
        </p>
      )}
      {runs.length === 0 ? (
        <p className="text-sm text-slate-300">{t`No backup has run yet.`}</p>
      ) : (
        <ul className="grid min-w-0 gap-1">
          {shown.map((run) => (
            <BackupRunLine key={run.id} run={run} />
          ))}
        </ul>
      )}
      {!all && runs.length > SHOWN && (
        <div>
          <Button variant="outline" size="sm" onClick={() => setAll(true)}>
            {t`Show all ${count} runs`}
          </Button>
        </div>
      )}
    </section>
  );
}
