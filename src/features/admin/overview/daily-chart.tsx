import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import type { DailyCount } from "./metrics-api";

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 2;

/** "2026-11-23" as a short local date, read as UTC so the day never shifts. */
function shortDate(iso: string, locale: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString(locale, { day: "numeric", month: "short", timeZone: "UTC" });
}

/**
 * One bar per day, drawn as plain SVG (thirty rectangles do not justify a chart library on the
 * page). The picture is hidden from screen readers; the same numbers follow as a table for them.
 */
export function DailyChart({ title, days }: { title: string; days: DailyCount[] }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const max = Math.max(1, ...days.map((d) => d.activity));
  const barWidth = days.length ? WIDTH / days.length : WIDTH;
  const total = days.reduce((sum, d) => sum + d.activity, 0);
  const first = days[0];
  const last = days[days.length - 1];
  const totalCount = i18n.number(total);
  const dayCount = days.length;
  const maxCount = i18n.number(max);

  return (
    <figure aria-labelledby={headingId} className="grid gap-2 rounded-lg border border-white/10 bg-white/5 p-4">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-medium text-white">
          {title}
        </h3>
        <span className="text-sm text-slate-300">{t`${totalCount} in ${dayCount} days`}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-40 w-full"
        preserveAspectRatio="none"
        aria-hidden="true"
        data-testid="daily-chart"
      >
        {days.map((d, i) => {
          const height = (d.activity / max) * (HEIGHT - 4);
          return (
            <rect
              key={d.date}
              x={i * barWidth + GAP / 2}
              y={HEIGHT - height}
              width={Math.max(1, barWidth - GAP)}
              height={height}
              rx={2}
              className="fill-indigo-400"
            >
              <title>{`${shortDate(d.date, i18n.locale)}: ${i18n.number(d.activity)}`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last && (
        <div className="flex justify-between text-xs text-slate-400" aria-hidden="true">
          <span>{shortDate(first.date, i18n.locale)}</span>
          <span>{t`max. ${maxCount} per day`}</span>
          <span>{shortDate(last.date, i18n.locale)}</span>
        </div>
      )}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Day`}</th>
            <th scope="col">{t`Count`}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{shortDate(d.date, i18n.locale)}</th>
              <td>{i18n.number(d.activity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
