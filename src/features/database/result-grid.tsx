import type { SqlColumn } from "@contract/sql";
import { formatCell } from "./format-cell";

/** A statement's rows as a read-only grid. */
export function ResultGrid({ columns, rows }: { columns: SqlColumn[]; rows: unknown[][] }) {
  return (
    <div className="flex-1 overflow-auto rounded border border-slate-800">
      <table className="w-full border-collapse font-mono text-xs">
        <thead className="sticky top-0 bg-slate-900">
          <tr>
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: result columns may repeat a name
              <th key={index} className="border-b border-slate-800 px-2 py-1 text-left text-slate-200">
                {column.name}
                <div className="font-normal text-slate-500">{column.type}</div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: result rows have no identity
            <tr key={rowIndex} className="odd:bg-slate-900/40">
              {row.map((cell, cellIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <td key={cellIndex} className="max-w-xs truncate border-b border-slate-800/60 px-2 py-1 text-slate-300">
                  {formatCell(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
