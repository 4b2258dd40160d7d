const MINUTE = 60;
const DAY = 86_400;

type Parts = Intl.DateTimeFormatOptions;

/** The label parts for a tick step (seconds): the main line, and the context line shown when it changes. */
function partsFor(step: number): { main: Parts; context: Parts | null } {
  if (step < MINUTE)
    return { main: { hour: "2-digit", minute: "2-digit", second: "2-digit" }, context: { dateStyle: "medium" } };
  if (step < DAY) return { main: { hour: "2-digit", minute: "2-digit" }, context: { dateStyle: "medium" } };
  if (step < 28 * DAY) return { main: { day: "numeric", month: "short" }, context: { year: "numeric" } };
  if (step < 365 * DAY) return { main: { month: "short" }, context: { year: "numeric" } };
  return { main: { year: "numeric" }, context: null };
}

/**
 * uPlot's time-axis `values` in the reader's locale (uPlot's own templates are English: "12am",
 * "1/7"). Ticks are seconds in the browser's time zone, as uPlot places them; the context line
 * (the date under times, the year under days) appears on the first tick and where it changes.
 */
export function timeAxisValues(locale: string) {
  const cache = new Map<string, Intl.DateTimeFormat>();
  const format = (parts: Parts, seconds: number) => {
    const key = JSON.stringify(parts);
    let formatter = cache.get(key);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat(locale, parts);
      cache.set(key, formatter);
    }
    return formatter.format(new Date(seconds * 1000));
  };
  return (_u: unknown, splits: number[], _axis: number, _space: number, step: number): string[] => {
    const { main, context } = partsFor(step);
    let previous: string | null = null;
    return splits.map((seconds) => {
      const label = format(main, seconds);
      if (!context) return label;
      const around = format(context, seconds);
      const changed = around !== previous;
      previous = around;
      return changed ? `${label}\n${around}` : label;
    });
  };
}
