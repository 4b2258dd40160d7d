import { tableFilterSchema } from "@contract/table-filter";
// zod/mini: the page's share of zod stays small.
import * as z from "zod/mini";
import { CHART_TYPES } from "./chart/chart-data";
import type { RawDatabaseSearch } from "./search-keys";

export const PAGE_SIZES = [25, 50, 100, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 50;

/** The router reads `?table=2024` as the number 2024; a name is text either way. */
const name = z.pipe(
  z.union([z.string(), z.number()]),
  z.pipe(
    z.transform((value: string | number) => String(value)),
    z.string().check(z.minLength(1), z.maxLength(63)),
  ),
);
const positive = z.number().check(z.int(), z.minimum(1));
/** The filter's conditions; a link may also carry them as JSON text (filters/filter-url.ts). */
const filter = z.pipe(
  z.transform((value: unknown) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }),
  tableFilterSchema,
);
/** A row's primary-key values as text (the server's TableData.cursor). */
const cursor = z.array(z.string().check(z.maxLength(10_000))).check(z.minLength(1), z.maxLength(32));
/** A bad value in a shared or hand-edited link is dropped, not an error page. */
const dropInvalid = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

/**
 * The database page's state in its URL (TanStack Router search parameters): which view, which
 * table, how its rows are paged, sorted, searched and filtered, and whether its rows, its structure
 * or a chart is shown. Reload, back/forward and a
 * shared link restore all of it.
 */
export const databaseSearchSchema = z.object({
  view: dropInvalid(z.enum(["table", "sql", "diagram"])),
  schema: dropInvalid(name),
  table: dropInvalid(name),
  page: dropInvalid(positive),
  size: dropInvalid(z.number().check(z.refine((n) => (PAGE_SIZES as readonly number[]).includes(n)))),
  sort: dropInvalid(name),
  dir: dropInvalid(z.enum(["asc", "desc"])),
  /** Search: the column and the text it contains. */
  col: dropInvalid(name),
  q: dropInvalid(z.string().check(z.maxLength(1_000))),
  filter: dropInvalid(filter),
  /** Keyset cursor of the page: the key after which (or before which) its rows start. */
  after: dropInvalid(cursor),
  before: dropInvalid(cursor),
  /** The last page, read from the end of the order (the server numbers it). */
  last: dropInvalid(z.literal(true)),
  /** The table's view: its rows (the default, not written), its structure or a chart of the page. */
  tab: dropInvalid(z.enum(["rows", "structure", "chart"])),
  /** The chart's type, x column and y columns, by name (chart/chart-url.ts); unset, the chart's guess. */
  chart: dropInvalid(z.enum(CHART_TYPES)),
  x: dropInvalid(name),
  y: dropInvalid(z.array(name).check(z.maxLength(1_600))),
  /** A saved snippet to open in a new tab of the SQL workbench (the parameter goes once it is open). */
  snippet: dropInvalid(z.string().check(z.minLength(1), z.maxLength(100))),
});
export type DatabaseSearch = z.infer<typeof databaseSearchSchema>;

/** How the page's parts change what is open: a patch of the search, pushed or (replace) in place. */
export type SearchUpdate = (patch: Partial<DatabaseSearch>, options?: { replace?: boolean }) => void;

/** The URL's values as the page uses them: anything invalid dropped, never an error. */
export function parseDatabaseSearch(raw: RawDatabaseSearch): DatabaseSearch {
  const parsed = z.safeParse(databaseSearchSchema, raw);
  return parsed.success ? parsed.data : {};
}
