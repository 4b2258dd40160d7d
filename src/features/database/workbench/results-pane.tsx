import type { ExecuteResponse, SqlResult } from "@contract/sql";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { LazyChartView } from "../chart/lazy-chart-view";
import { ExportMenu } from "../export/export-menu";
import { ResultGrid } from "../result-grid";
import type { ExplainedPlan } from "./plan-tree";
import { PlanView } from "./plan-view";

/**
 * Below the editor: one tab per statement's result (and one for the error), the active result's
 * summary and grid, or the plan tree of an EXPLAIN. The grid scrolls inside the pane.
 */
export function ResultsPane({
  response,
  explained,
  failure,
  active,
  onActivate,
  dbId,
}: {
  /** With it, a result can be exported whole (the statement runs again, streamed) and charted. */
  dbId?: string;
  response: ExecuteResponse | null;
  explained: ExplainedPlan | null;
  failure: string | null;
  active: number;
  onActivate: (index: number) => void;
}) {
  const { t } = useLingui();
  // The result the chart was asked for: another result (another tab, or a new run) opens as rows again.
  const [chartedResult, setChartedResult] = useState<SqlResult | null>(null);
  const results = response?.results ?? [];
  const current = results[active];
  const charting = current !== undefined && chartedResult === current;

  return (
    <div className="flex h-full min-h-0 min-w-0 flex-col gap-1 pt-1">
      {failure && (
        <p role="alert" className="text-sm text-red-400">
          {failure}
        </p>
      )}
      {explained && (
        <div className="min-h-0 flex-1 overflow-auto">
          <PlanView plan={explained} />
        </div>
      )}
      {response && (
        <>
          <div
            role="tablist"
            aria-label={t`Results`}
            className="flex shrink-0 gap-1 overflow-x-auto border-b border-slate-800"
          >
            {results.map((result, index) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: one tab per statement, in order
                key={index}
                type="button"
                role="tab"
                aria-selected={index === active}
                onClick={() => onActivate(index)}
                className={`shrink-0 px-3 py-1 text-sm whitespace-nowrap ${index === active ? "border-b-2 border-sky-400 text-slate-100" : "text-slate-400"}`}
              >
                <ResultTabLabel index={index} result={result} />
              </button>
            ))}
            {response.error && (
              <button
                type="button"
                role="tab"
                aria-selected={active === results.length}
                onClick={() => onActivate(results.length)}
                className={`shrink-0 px-3 py-1 text-sm text-red-400 ${active === results.length ? "border-b-2 border-red-400" : ""}`}
              >
                <Trans>Error</Trans>
              </button>
            )}
          </div>
          {current && (
            <div role="tabpanel" className="flex min-h-0 flex-1 flex-col gap-1">
              <div className="flex shrink-0 flex-wrap items-center gap-2">
                <ResultSummary result={current} />
                {dbId && current.columns.length > 0 && (
                  <div className="ml-auto flex items-center gap-2">
                    <label className="flex items-center gap-1 text-xs text-slate-300">
                      <input
                        type="checkbox"
                        checked={charting}
                        onChange={(event) => setChartedResult(event.target.checked ? (current ?? null) : null)}
                      />
                      <Trans>Chart</Trans>
                    </label>
                    <ExportMenu
                      dbId={dbId}
                      source={{ kind: "query", sql: current.statement }}
                      grid={{ columns: current.columns.map((c) => c.name), rows: current.rows }}
                      name="query-result"
                    />
                  </div>
                )}
              </div>
              {current.columns.length > 0 &&
                (charting && dbId ? (
                  <div className="min-h-0 flex-1 overflow-auto">
                    <LazyChartView columns={current.columns} rows={current.rows} />
                  </div>
                ) : (
                  <ResultGrid columns={current.columns} rows={current.rows} />
                ))}
            </div>
          )}
          {/* PostgreSQL's own message, detail and hint (not our codes): SQL users expect its exact words. */}
          {response.error && active === results.length && (
            <div role="alert" className="rounded border border-red-900 bg-red-950/40 p-2 text-sm text-red-300">
              <p>{response.error.message}</p>
              {response.error.detail && <p>{response.error.detail}</p>}
              {response.error.hint && <p>{response.error.hint}</p>}
            </div>
          )}
        </>
      )}
    </div>
  );
}

/** "Result 1: SELECT", and for a cut result "Result 1: 10,000 of more rows". */
function ResultTabLabel({ index, result }: { index: number; result: SqlResult }) {
  const { i18n } = useLingui();
  const n = index + 1;
  if (result.truncated) {
    const shown = i18n.number(result.rows.length);
    return (
      <Trans>
        Result {n}: {shown} of more rows
      </Trans>
    );
  }
  const command = result.command;
  return command ? (
    <Trans>
      Result {n}: {command}
    </Trans>
  ) : (
    <Trans>Result {n}</Trans>
  );
}

function ResultSummary({ result }: { result: SqlResult }) {
  const { i18n, t } = useLingui();
  const ms = i18n.number(result.durationMs, { maximumFractionDigits: 1 });
  const rows = i18n.number(result.rows.length);
  const count = result.rowCount;
  return (
    <p className="shrink-0 text-xs text-slate-400" data-testid="result-summary">
      {result.truncated ? (
        <span className="text-amber-300">
          <Trans>Showing the first {rows} rows; the result has more. Add a LIMIT or a WHERE to see the rest.</Trans>
        </span>
      ) : count === null ? (
        <Trans>{ms} ms</Trans>
      ) : (
        // "1 row", "50,000 rows" in the reader's number format.
        t`${plural(count, { one: "# row", other: "# rows" })} in ${ms} ms`
      )}
    </p>
  );
}
