import { useLingui } from "@lingui/react/macro";
import type { ChangeEvent } from "react";
import type { GridHeader } from "./grid-features";
import type { GridColumn, ResultGridProps } from "./result-grid-types";

/** The checkbox column's width, in the header and in every row. */
export const SELECT_WIDTH = 36;

/** The grid's one header row: each column's name (or the caller's content), type and resize handle. */
export function GridHeaderRow({
  headers,
  columns,
  numeric,
  renderHeader,
  ariaSort,
  selectAll,
}: {
  headers: GridHeader[];
  columns: GridColumn[];
  numeric: boolean[];
  renderHeader: ResultGridProps["renderHeader"];
  ariaSort: ResultGridProps["ariaSort"];
  /** Present when rows can be selected: the select-all checkbox. */
  selectAll?: { checked: boolean; onChange: (event: ChangeEvent<HTMLInputElement>) => void };
}) {
  const { t } = useLingui();
  return (
    <thead className="sticky top-0 z-10 grid bg-slate-900">
      <tr aria-rowindex={1} className="flex border-b border-slate-700">
        {selectAll && (
          <th scope="col" className="flex shrink-0 items-center justify-center" style={{ width: SELECT_WIDTH }}>
            <input
              type="checkbox"
              aria-label={t`Select all rows`}
              checked={selectAll.checked}
              onChange={selectAll.onChange}
            />
          </th>
        )}
        {headers.map((header, index) => {
          const column = columns[index] as GridColumn;
          return (
            <th
              key={header.id}
              scope="col"
              aria-sort={ariaSort?.(index)}
              className={`relative shrink-0 truncate px-2 py-1 text-slate-200 ${numeric[index] ? "text-right" : "text-left"}`}
              style={{ width: header.getSize() }}
            >
              {renderHeader ? renderHeader(column, index) : column.name}
              <div className="truncate font-normal text-slate-400">{column.type}</div>
              {/* Pointer-only affordance; widths also follow the column name. */}
              <div
                aria-hidden="true"
                onMouseDown={header.getResizeHandler()}
                onTouchStart={header.getResizeHandler()}
                onDoubleClick={() => header.column.resetSize()}
                className={`absolute top-0 right-0 h-full w-1.5 cursor-col-resize select-none ${
                  header.column.getIsResizing() ? "bg-sky-400" : "hover:bg-slate-600"
                }`}
              />
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
