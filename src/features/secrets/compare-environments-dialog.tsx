import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { cn } from "@/lib/cn";
import { compareQuery, type EnvironmentComparison } from "./api";
import { CopyBetweenEnvironments } from "./copy-between-environments";

interface CompareEnvironmentsDialogProps {
  appId: string;
  open: boolean;
  /** Offline: nothing can be copied. */
  readOnly: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * Keys × environments: where a key is missing, and which values are equal, marked by letters (the
 * same letter in a row, the same value). The server compares; no value reaches the page. A key that
 * is missing or different somewhere can be copied from one environment to another, and so can every
 * key one environment lacks (the server copies, see CopyBetweenEnvironments).
 */
export function CompareEnvironmentsDialog({ appId, open, readOnly, onOpenChange }: CompareEnvironmentsDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t`Close`} wide>
        <DialogHeader>
          <DialogTitle>{t`Compare environments`}</DialogTitle>
          <DialogDescription>
            {t`The same letter in a row means the same value. Values are compared on the server and are not shown.`}
          </DialogDescription>
        </DialogHeader>
        {open && <Comparison appId={appId} readOnly={readOnly} />}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t`Close`}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** "A" for the first value of a key, "B" for the next different one, … */
const letter = (group: number) => (group <= 26 ? String.fromCharCode(64 + group) : String(group));

type Row = EnvironmentComparison["keys"][number];
const missingIn = (row: Row) => row.groups.filter((g) => g === null).length;
const differs = (row: Row) => new Set(row.groups.filter((g) => g !== null)).size > 1;

/** What is being copied: one key (its row when asked), every missing key, or nothing. */
type Copying = { row: Row } | { missing: true } | null;

function Comparison({ appId, readOnly }: { appId: string; readOnly: boolean }) {
  const { t } = useLingui();
  const comparison = useQuery(compareQuery(appId));
  return (
    <QueryState
      query={comparison}
      small
      loadingLabel={t`Comparing...`}
      isEmpty={(data) => data.keys.length === 0}
      empty={<p className="text-sm text-slate-300">{t`No environment variables found`}</p>}
    >
      {(data) => <ComparisonTable appId={appId} readOnly={readOnly} comparison={data} />}
    </QueryState>
  );
}

function ComparisonTable({
  appId,
  readOnly,
  comparison,
}: {
  appId: string;
  readOnly: boolean;
  comparison: EnvironmentComparison;
}) {
  const { t } = useLingui();
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const [copying, setCopying] = useState<Copying>(null);
  const { environments, keys } = comparison;
  const rows = onlyDifferences ? keys.filter((row) => missingIn(row) > 0 || differs(row)) : keys;
  const panel = copying && (
    <CopyBetweenEnvironments
      // A new panel for each choice: its fields start over.
      key={"row" in copying ? copying.row.key : ""}
      appId={appId}
      environments={environments}
      row={"row" in copying ? copying.row : null}
      readOnly={readOnly}
      onClose={() => setCopying(null)}
    />
  );
  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input
            type="checkbox"
            checked={onlyDifferences}
            onChange={(e) => setOnlyDifferences(e.target.checked)}
            className="size-4"
          />
          {t`Only keys that differ or are missing`}
        </label>
        {environments.length > 1 && (
          <Button variant="outline" size="sm" disabled={readOnly} onClick={() => setCopying({ missing: true })}>
            {t`Copy missing keys…`}
          </Button>
        )}
      </div>
      {panel}
      {/* Wider than a phone with many environments: the table scrolls sideways, not the page. */}
      <div className="max-h-[60vh] min-w-0 overflow-auto rounded-md border border-white/10">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{t`Keys by environment`}</caption>
          <thead className="bg-slate-900">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium text-slate-300">
                {t`Key`}
              </th>
              {environments.map((environment) => (
                <th key={environment.slug} scope="col" className="px-3 py-2 text-left font-medium text-slate-300">
                  {environment.name}
                </th>
              ))}
              <th scope="col" className="px-3 py-2 text-left font-medium text-slate-300">
                {t`Status`}
              </th>
              <th scope="col" className="px-3 py-2 text-left font-medium text-slate-300">
                <span className="sr-only">{t`Actions`}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-white/10">
                <th scope="row" className="px-3 py-2 text-left font-mono font-normal break-all text-slate-100">
                  {row.key}
                </th>
                {row.groups.map((group, index) => (
                  <td key={environments[index]?.slug ?? index} className="px-3 py-2">
                    {group === null ? (
                      <span className="rounded bg-red-500/20 px-1.5 text-xs text-red-100">{t`missing`}</span>
                    ) : (
                      <span
                        className={cn(
                          "rounded px-1.5 font-mono text-xs",
                          differs(row) ? "bg-amber-400/20 text-amber-100" : "bg-emerald-500/20 text-emerald-100",
                        )}
                      >
                        {letter(group)}
                      </span>
                    )}
                  </td>
                ))}
                <td className="px-3 py-2 text-xs text-slate-300">
                  <RowStatus row={row} />
                </td>
                <td className="px-3 py-2">
                  {(missingIn(row) > 0 || differs(row)) && (
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={readOnly}
                      // The visible words first (a spoken command matches), then which key.
                      aria-label={t`Copy to… (${row.key})`}
                      onClick={() => setCopying({ row })}
                    >
                      {t`Copy to…`}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 && <p className="text-sm text-slate-300">{t`Every key has the same value everywhere.`}</p>}
    </div>
  );
}

function RowStatus({ row }: { row: Row }) {
  const { t } = useLingui();
  const missing = missingIn(row);
  if (missing > 0 && differs(row))
    return <>{t`Missing in ${plural(missing, { one: "# environment", other: "# environments" })}; values differ`}</>;
  if (missing > 0) return <>{t`Missing in ${plural(missing, { one: "# environment", other: "# environments" })}`}</>;
  if (differs(row)) return <>{t`Values differ`}</>;
  return <>{t`Same everywhere`}</>;
}
