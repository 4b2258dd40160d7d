import { type TableFilter, tableFilterSchema } from "@contract/table-filter";
import * as z from "zod/mini";

/**
 * The filter as it travels in the page's URL (`?filter=`): the JSON of the conditions, which the
 * server takes as it is. A link that does not parse (edited by hand, or from an older version)
 * means no filter rather than an error page.
 */
export function filterFromUrl(text: unknown): TableFilter {
  if (typeof text !== "string" || text === "") return [];
  try {
    const parsed = z.safeParse(tableFilterSchema, JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function filterToUrl(filter: TableFilter): string | undefined {
  return filter.length ? JSON.stringify(filter) : undefined;
}

/** `a, b ,c` → ["a", "b", "c"]: the list of an `in` condition as typed in one field. */
export function splitList(text: string): string[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}
