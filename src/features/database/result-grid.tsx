import { Trans, useLingui } from "@lingui/react/macro";
import { type ColumnDef, functionalUpdate, useTable } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type CSSProperties, type MouseEvent, useMemo, useRef, useState } from "react";
import { CellViewer, type ViewedCell } from "./cell-viewer";
import { roleOf } from "./chart/chart-data";
import { formatCell } from "./format-cell";
import { gridFeatures } from "./grid-features";
import { GridHeaderRow, SELECT_WIDTH } from "./grid-header-row";
import type { GridPosition } from "./grid-keys";
import { GridRowView, type RowActions } from "./grid-row-view";
import { GridToolbar } from "./grid-toolbar";
import "./result-grid.css";
import type { GridRow, ResultGridProps } from "./result-grid-types";
import { useGridClipboard } from "./use-grid-clipboard";
import { useGridKeyboard } from "./use-grid-keyboard";

export type { CellLink, GridColumn, ResultGridProps } from "./result-grid-types";

/** Row ids are positions in the result; stable (module-level) so the row model is not rebuilt per render. */
const rowId = (_row: GridRow, index: number) => String(index);

/** Fixed row height: rows need no measuring, so 100,000 of them cost nothing until scrolled to. */
export const GRID_ROW_HEIGHT = 28; // keep in step with result-grid.css
/** Rows rendered above and below the visible ones; small so the DOM holds < 2× the visible rows. */
const OVERSCAN = 4;

/** Wide enough for the name and the first rows' values (7.2 px per monospace character at text-xs), within bounds. */
function initialWidth(name: string, rows: GridRow[], index: number): number {
  let chars = name.length + 2;
  for (let r = 0; r < Math.min(rows.length, 50); r++) chars = Math.max(chars, formatCell(rows[r]?.[index]).length);
  return Math.round(Math.min(320, Math.max(80, chars * 7.2 + 18)));
}

type Position = GridPosition;

/**
 * A result as a keyboard-navigable grid (WAI-ARIA grid pattern, one tab stop): TanStack Table for
 * columns, widths, resizing and selection; TanStack Virtual so only the rows in view are in the DOM.
 * Shared by the table browser (editable) and the SQL workbench (read-only).
 */
export function ResultGrid(props: ResultGridProps) {
  const { columns, rows, selection, onEdit } = props;
  const { t } = useLingui();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<Position | null>(null);
  const [viewed, setViewed] = useState<{ cell: ViewedCell; at: Position } | null>(null);

  const columnDefs = useMemo<Array<ColumnDef<typeof gridFeatures, GridRow, unknown>>>(
    () =>
      columns.map((column, index) => ({
        id: String(index),
        header: column.name,
        accessorFn: (row: GridRow) => row[index],
        size: initialWidth(column.name, rows, index),
        minSize: 48,
        maxSize: 1200,
      })),
    [columns, rows],
  );
  const table = useTable({
    features: gridFeatures,
    columns: columnDefs,
    data: rows,
    getRowId: rowId,
    enableRowSelection: selection !== undefined,
    enableColumnResizing: true,
    columnResizeMode: "onChange",
    ...(selection
      ? {
          state: { rowSelection: selection.state },
          onRowSelectionChange: (updater) => selection.onChange(functionalUpdate(updater, selection.state)),
        }
      : {}),
  });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => GRID_ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const offset = selection ? SELECT_WIDTH : 0;
  const width = table.getTotalSize() + offset;

  // Keys, the active cell and its focus; the callbacks run at a key press, after this render.
  const keyboard = useGridKeyboard({
    rowCount: rows.length,
    columnCount: columns.length,
    rowHeight: GRID_ROW_HEIGHT,
    scrollRef,
    scrollToRow: (row) => virtualizer.scrollToIndex(row, { align: "auto" }),
    editing,
    selectable: selection !== undefined,
    canEdit: (at) => canEdit(at.row, at.column),
    hasLink: (at) => props.cellLink?.(at.row, at.column) !== undefined,
    edit: setEditing,
    view: (at) => view(at.row, at.column),
    followLink: (at) => props.cellLink?.(at.row, at.column)?.open(),
    resizeColumn: (column, by) => {
      const size = (headers[column]?.getSize() ?? 100) + by;
      table.setColumnSizing((sizes) => ({ ...sizes, [String(column)]: Math.max(48, Math.min(1200, size)) }));
    },
    toggleRow: (row) => table.getRow(String(row)).toggleSelected(),
    copyRow: (row) => void copyRow(row),
  });
  const { current } = keyboard;
  // One tab stop: the active cell when it is rendered, else the first rendered row's cell.
  const rendered = items.some((item) => item.index === current.row);
  const tabStop = rendered ? current : { row: items[0]?.index ?? 0, column: current.column };

  const valueAt = (row: number, column: number) => {
    const pending = props.pendingValue?.(row, column);
    return pending ? pending.value : rows[row]?.[column];
  };
  const canEdit = (row: number, column: number) =>
    onEdit !== undefined && !props.isRowDeleted?.(row) && !props.isCut?.(row, column);

  const view = (row: number, column: number) => {
    const meta = columns[column];
    if (!meta || rows[row] === undefined) return;
    setViewed({
      at: { row, column },
      cell: {
        column: meta.name,
        type: meta.type,
        value: valueAt(row, column),
        cut: props.isCut?.(row, column) === true && props.pendingValue?.(row, column) === undefined,
      },
    });
  };
  const clipboard = useGridClipboard({ columns, valueAt, current, editing });
  const { notice, copyCell, copyRow } = clipboard;
  const commitEdit = (position: Position, value: string | null) => {
    onEdit?.(position.row, position.column, value);
    setEditing(null);
    keyboard.refocus();
  };

  // Rows are memoized; their callbacks go through one stable object that reads the latest state.
  const latest = useRef({ canEdit, view, commitEdit, setEditing, table, keyboard });
  latest.current = { canEdit, view, commitEdit, setEditing, table, keyboard };
  const actions = useMemo<RowActions>(
    () => ({
      open: (position) =>
        latest.current.canEdit(position.row, position.column)
          ? latest.current.setEditing(position)
          : latest.current.view(position.row, position.column),
      commit: (position, value) => latest.current.commitEdit(position, value),
      cancel: () => {
        latest.current.setEditing(null);
        latest.current.keyboard.refocus();
      },
      toggle: (index, checked) => latest.current.table.getRow(String(index)).toggleSelected(checked),
    }),
    [],
  );
  // Fixed column widths, set once on the body for every row (a grid template), not on each cell.
  const template = `${selection ? `${SELECT_WIDTH}px ` : ""}${headers.map((header) => `${header.getSize()}px`).join(" ")}`;
  const columnTemplate = { "--rg-columns": template } as CSSProperties;
  /** Cells delegate focus and double-click to the table: no handlers per cell. */
  const cellAt = (target: EventTarget): Position | null => {
    const cell = (target as HTMLElement).closest?.("td[data-cell]") as HTMLElement | null;
    const [row, column] = (cell?.dataset.cell ?? "").split(":").map(Number);
    return cell && row !== undefined && column !== undefined ? { row, column } : null;
  };
  const onCellDoubleClick = (event: MouseEvent<HTMLTableElement>) => {
    const position = cellAt(event.target);
    if (position && !(event.target as HTMLElement).closest("input")) actions.open(position);
  };
  const columnNames = useMemo(() => columns.map((column) => column.name), [columns]);
  // Numbers are right-aligned, so their digits line up (the same reading of types as the chart's).
  const numeric = useMemo(() => columns.map((column) => roleOf(column.type) === "number"), [columns]);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-1">
      <GridToolbar
        empty={rows.length === 0}
        notice={notice}
        truncatedAt={props.truncated ? rows.length : undefined}
        onView={() => view(current.row, current.column)}
        onCopyCell={() => copyCell(current.row, current.column)}
        onCopyRow={() => copyRow(current.row)}
      />
      <div
        ref={scrollRef}
        // Bounded even where the page around it is not: a grid as tall as its rows would render them all.
        className="relative max-h-[calc(100dvh-10rem)] min-h-32 flex-1 overflow-auto rounded border border-slate-800 bg-slate-950"
        data-testid="result-grid"
        // At rest once scrolling (by hand or by a keyboard move) has settled: tests wait for it.
        data-scrolling={virtualizer.isScrolling || undefined}
      >
        <table
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows grid on table; arrow keys move between cells
          role="grid"
          aria-label={props.label ?? t`Result`}
          aria-rowcount={rows.length + 1}
          aria-colcount={columns.length + (selection ? 1 : 0)}
          aria-multiselectable={selection ? true : undefined}
          className="rg grid font-mono text-xs"
          style={{ width, minWidth: "100%" }}
          onKeyDown={keyboard.onKeyDown}
          onCopy={clipboard.onCopy}
          onFocus={(event) =>
            keyboard.onFocus(
              event,
              (event.target as HTMLElement).dataset.cell !== undefined ? cellAt(event.target) : null,
            )
          }
          onBlur={keyboard.onBlur}
          onDoubleClick={onCellDoubleClick}
        >
          <GridHeaderRow
            headers={headers}
            columns={columns}
            numeric={numeric}
            renderHeader={props.renderHeader}
            ariaSort={props.ariaSort}
            selectAll={
              selection
                ? { checked: table.getIsAllRowsSelected(), onChange: table.getToggleAllRowsSelectedHandler() }
                : undefined
            }
          />
          <tbody
            className="rg-body"
            // Rows flow in order below this padding: scrolling changes one style, not one per row.
            style={{ height: virtualizer.getTotalSize(), paddingTop: items[0]?.start ?? 0, ...columnTemplate }}
          >
            {items.map((item, slot) => {
              // Rows come straight from the data, not from the row model: a frame stays O(rows in view).
              const row = rows[item.index];
              if (!row) return null;
              const at = (position: Position | null) => (position?.row === item.index ? position.column : -1);
              // Rows are keyed by their slot, so scrolling rewrites the text of rows already in the
              // DOM instead of creating new ones; the active and the edited row keep their own
              // element, so focus and an open editor stay with their row.
              const own = item.index === current.row || item.index === editing?.row;
              return (
                <GridRowView
                  key={own ? `row-${item.index}` : `slot-${slot}`}
                  index={item.index}
                  row={row}
                  columnCount={columns.length}
                  selectable={selection !== undefined}
                  isSelected={selection?.state[rowId(row, item.index)] === true}
                  deleted={props.isRowDeleted?.(item.index) === true}
                  tabColumn={at(tabStop)}
                  editingColumn={at(editing)}
                  columnNames={columnNames}
                  numeric={numeric}
                  pendingValue={props.pendingValue}
                  isCut={props.isCut}
                  cellLink={props.cellLink}
                  actions={actions}
                />
              );
            })}
          </tbody>
        </table>
        {rows.length === 0 && (
          <p className="p-3 text-sm text-slate-400">
            <Trans>No rows.</Trans>
          </p>
        )}
      </div>
      <CellViewer
        cell={viewed?.cell ?? null}
        onClose={() => {
          setViewed(null);
          keyboard.refocus();
        }}
        loadFull={
          viewed && props.loadFullValue
            ? () => props.loadFullValue?.(viewed.at.row, viewed.at.column) ?? Promise.resolve(null)
            : undefined
        }
      />
    </div>
  );
}
