import type { ReactNode } from "react";
import { ScrollRegion } from "@/components/ui/scroll-region";

/**
 * The admin area's lists (users, teams, keys, sent e-mails, webhook deliveries): a table that
 * scrolls sideways on its own on a narrow screen, with one header row. The rows are the caller's.
 */
export function AdminTable({
  label,
  columns,
  actionsLabel,
  children,
}: {
  /** Names the scroll region (and the table, for screen readers). */
  label: string;
  columns: string[];
  /** A last, visually empty column for per-row buttons, named for screen readers. */
  actionsLabel?: string;
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={label} className="rounded-lg border border-white/10">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-white/5 text-slate-300">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium">
                {column}
              </th>
            ))}
            {actionsLabel && (
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">{actionsLabel}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}
