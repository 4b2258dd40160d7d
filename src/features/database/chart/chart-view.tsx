import { Trans, useLingui } from "@lingui/react/macro";
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import uPlot from "uplot";
import { ScrollRegion } from "@/components/ui/scroll-region";
import "uplot/dist/uPlot.min.css";
import { CHART_TYPES, type ChartAxes, type ChartColumn, type ChartType, resolveAxes, toSeries } from "./chart-data";
import { barsShareColumns, chartOptions, SERIES_COLORS } from "./uplot-options";

const HEIGHT = 300;
const TABLE_ROWS = 200;
const field = "h-8 min-w-0 rounded border border-slate-700 bg-slate-800 px-2 text-sm text-slate-100";

/**
 * Any result as a chart (uPlot: bar, line, area, scatter), an x column and one or more y columns,
 * starting from a guess (time across as lines, text as bars). The chart takes the keyboard (arrows
 * move along the points, read aloud) and has a table of the same data as its alternative.
 */
export default function ChartView({ columns, rows, axes: held, onAxes }: ChartViewProps) {
  const { t, i18n } = useLingui();
  // Without a holder (onAxes) the chart keeps its axes itself.
  const [own, setOwn] = useState<Partial<ChartAxes>>({});
  const chosen = onAxes ? (held ?? {}) : own;
  const resolved = resolveAxes(columns, chosen);
  const { type, x } = resolved;
  // The same columns as the same array, so that the series (and the drawn chart) are made again only on a change.
  const ysKey = resolved.ys.join(",");
  const ys = useMemo(() => (ysKey ? ysKey.split(",").map(Number) : []), [ysKey]);
  const choose = (patch: Partial<ChartAxes>) => (onAxes ?? setOwn)({ type, x, ys, ...patch });
  const [asTable, setAsTable] = useState(false);
  const [focused, setFocused] = useState<number | null>(null);
  /** More bars than pixel columns: neighbours are drawn as one, which the chart says. */
  const [shared, setShared] = useState(false);
  const series = useMemo(() => toSeries(columns, rows, { x, ys }), [columns, rows, x, ys]);
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const points = series.xs.length;
  const names = { x: columns[x]?.name ?? "", ys: ys.map((y) => columns[y]?.name ?? "") };
  const typeNames: Record<ChartType, string> = { bar: t`Bar`, line: t`Line`, area: t`Area`, scatter: t`Scatter` };

  // biome-ignore lint/correctness/useExhaustiveDependencies: names derive from x and ys, which are listed
  useEffect(() => {
    const element = host.current;
    if (!element || asTable || ys.length === 0 || series.xs.length === 0) return;
    const width = Math.max(200, element.clientWidth);
    const chart = new uPlot(
      chartOptions(type, series, names, { width, height: HEIGHT }, i18n.locale),
      [series.xs, ...series.ys] as uPlot.AlignedData,
      element,
    );
    plot.current = chart;
    const measure = () => setShared(type === "bar" && barsShareColumns(chart, series.xs.length));
    measure();
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT });
      measure();
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [series, type, asTable, i18n.locale]);

  const xText = (i: number) => {
    if (series.labels) return series.labels[i] ?? "";
    const value = series.xs[i] ?? 0;
    return series.role === "time" ? new Date(value * 1000).toLocaleString(i18n.locale) : String(value);
  };
  const pointText = (i: number) =>
    [`${names.x}: ${xText(i)}`, ...names.ys.map((name, s) => `${name}: ${series.ys[s]?.[i] ?? "NULL"}`)].join(", ");

  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = series.xs.length - 1;
    if (last < 0) return;
    const steps: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, PageUp: -10, PageDown: 10 };
    let next: number;
    if (event.key === "Home") next = 0;
    else if (event.key === "End") next = last;
    else if (steps[event.key] !== undefined)
      next = Math.min(last, Math.max(0, (focused ?? -1) + (steps[event.key] ?? 0)));
    else return;
    event.preventDefault();
    setFocused(next);
    const chart = plot.current;
    if (chart) {
      const left = chart.valToPos(series.xs[next] ?? 0, "x");
      const y = series.ys[0]?.[next];
      chart.setCursor({ left, top: y === null || y === undefined ? 0 : chart.valToPos(y, "y") });
    }
  };

  return (
    <section aria-label={t`Chart`} className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <label className="flex items-center gap-2 text-slate-300">
          <Trans>Chart type</Trans>
          <select
            className={field}
            value={type}
            onChange={(event) => choose({ type: event.target.value as ChartType })}
          >
            {CHART_TYPES.map((name) => (
              <option key={name} value={name}>
                {typeNames[name]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-slate-300">
          <Trans>X axis</Trans>
          <select
            className={field}
            value={x}
            onChange={(event) => {
              const next = Number(event.target.value);
              choose({ x: next, ys: ys.filter((y) => y !== next) });
            }}
          >
            {columns.map((c, i) => (
              <option key={c.name + String(i)} value={i}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">{t`Y axis columns`}</legend>
          <span aria-hidden="true" className="text-slate-300">
            <Trans>Y axis</Trans>
          </span>
          {columns.map((c, i) =>
            i === x ? null : (
              <label key={c.name + String(i)} className="flex items-center gap-1 text-slate-200">
                <input
                  type="checkbox"
                  checked={ys.includes(i)}
                  onChange={(event) =>
                    choose({ ys: event.target.checked ? [...ys, i].sort((a, b) => a - b) : ys.filter((y) => y !== i) })
                  }
                />
                {c.name}
              </label>
            ),
          )}
        </fieldset>
        <label className="flex items-center gap-2 text-slate-300">
          <input type="checkbox" checked={asTable} onChange={(event) => setAsTable(event.target.checked)} />
          <Trans>Show as table</Trans>
        </label>
      </div>
      {ys.length === 0 ? (
        <p className="text-sm text-slate-400">
          <Trans>Choose at least one column for the y axis.</Trans>
        </p>
      ) : series.xs.length === 0 ? (
        <p className="text-sm text-slate-400">
          <Trans>No row has a value for the x axis.</Trans>
        </p>
      ) : asTable ? (
        <DataTable names={names} series={series} xText={xText} />
      ) : (
        <>
          <ul className="flex flex-wrap gap-3 text-xs text-slate-300" aria-label={t`Legend`}>
            {names.ys.map((name, i) => (
              <li key={name + String(i)} className="flex items-center gap-1">
                <span
                  aria-hidden="true"
                  className="inline-block size-3 rounded-sm"
                  style={{ background: SERIES_COLORS[i % SERIES_COLORS.length] }}
                />
                {name}
              </li>
            ))}
          </ul>
          <div
            ref={host}
            role="img"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys walk the chart's points, so it takes focus
            tabIndex={0}
            aria-label={t`${typeNames[type]} chart of ${names.ys.join(", ")} by ${names.x}, ${series.xs.length} points. Arrow keys move along the points.`}
            onKeyDown={onKey}
            className="chart-host w-full min-w-0 rounded focus-visible:outline-2 focus-visible:outline-sky-400"
          />
          <p aria-live="polite" className="min-h-5 text-xs text-slate-300">
            {focused !== null && focused < series.xs.length ? pointText(focused) : ""}
          </p>
          {shared && (
            <p className="text-xs text-slate-400" data-testid="bars-combined">
              <Trans>
                {points} bars are more than the chart has pixel columns: neighbouring ones are drawn as one, up to the
                highest among them. The arrow keys and the table give each value.
              </Trans>
            </p>
          )}
          {series.skipped > 0 && (
            <p className="text-xs text-slate-400">
              <Trans>{series.skipped} rows without an x value are left out.</Trans>
            </p>
          )}
        </>
      )}
    </section>
  );
}

export interface ChartViewProps {
  columns: ChartColumn[];
  rows: unknown[][];
  /** The chosen axes, held above the chart (in the URL, say) so that they outlive it; gaps are guessed. */
  axes?: Partial<ChartAxes>;
  onAxes?: (axes: ChartAxes) => void;
}

/** The chart's data as a table: its accessible alternative, the first rows of it. */
function DataTable({
  names,
  series,
  xText,
}: {
  names: { x: string; ys: string[] };
  series: ReturnType<typeof toSeries>;
  xText: (i: number) => string;
}) {
  const { t } = useLingui();
  const shown = Math.min(series.xs.length, TABLE_ROWS);
  return (
    <ScrollRegion label={t`Chart data`} className="max-h-80 overflow-auto rounded border border-slate-800">
      <table className="text-left text-xs">
        <thead className="sticky top-0 bg-slate-800 text-slate-300">
          <tr>
            <th scope="col" className="px-2 py-1">
              {names.x}
            </th>
            {names.ys.map((name, i) => (
              <th key={name + String(i)} scope="col" className="px-2 py-1">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: shown }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: points are positional
            <tr key={i} className="border-t border-slate-800 text-slate-200">
              <th scope="row" className="px-2 py-1 font-normal">
                {xText(i)}
              </th>
              {series.ys.map((values, s) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: series are positional
                <td key={s} className="px-2 py-1 text-right">
                  {values[i] ?? "NULL"}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {series.xs.length > shown && (
        <p className="p-2 text-xs text-slate-400">
          <Trans>
            The first {shown} of {series.xs.length} points.
          </Trans>
        </p>
      )}
    </ScrollRegion>
  );
}
