import { Trans, useLingui } from "@lingui/react/macro";
import {
  type ColumnDef,
  columnResizingFeature,
  columnSizingFeature,
  functionalUpdate,
  type RowSelectionState,
  rowSelectionFeature,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import {
  type ClipboardEvent,
  type CSSProperties,
  type MouseEvent,
  memo,
  type ReactNode,
  useMemo,
  useRef,
  useState,
} from "react";
import { Button } from "@/components/ui/button";
import { copyText, rowText } from "./cell-text";
import { CellViewer, type ViewedCell } from "./cell-viewer";
import { formatCell } from "./format-cell";
import type { GridPosition } from "./grid-keys";
import "./result-grid.css";
import { roleOf } from "./chart/chart-data";
import { useGridKeyboard } from "./use-grid-keyboard";

export interface GridColumn {
  name: string;
  type: string;
  primaryKey?: boolean;
  /** An insert must give it a value (NOT NULL, no default): the insert form marks it. */
  required?: boolean;
}

type GridRow = unknown[];
const features = tableFeatures({ columnSizingFeature, columnResizingFeature, rowSelectionFeature });

/** Row ids are positions in the result; stable (module-level) so the row model is not rebuilt per render. */
const rowId = (_row: GridRow, index: number) => String(index);

/** Fixed row height: rows need no measuring, so 100,000 of them cost nothing until scrolled to. */
export const GRID_ROW_HEIGHT = 28; // keep in step with result-grid.css
const SELECT_WIDTH = 36;
/** Rows rendered above and below the visible ones; small so the DOM holds < 2× the visible rows. */
const OVERSCAN = 4;

export interface ResultGridProps {
  columns: GridColumn[];
  rows: GridRow[];
  /** The server sent only the first rows of the result. */
  truncated?: boolean;
  /** The grid's accessible name. */
  label?: string;
  /** Header content of a column (sort buttons, say); the name and type by default. */
  renderHeader?: (column: GridColumn, index: number) => ReactNode;
  ariaSort?: (index: number) => "ascending" | "descending" | "none" | undefined;
  /** Turns on a checkbox column; the state is keyed by row index. */
  selection?: { state: RowSelectionState; onChange: (state: RowSelectionState) => void };
  /** A pending value shown instead of the row's own (an edit not yet applied). */
  pendingValue?: (rowIndex: number, columnIndex: number) => { value: unknown } | undefined;
  /** Rows marked for deletion. */
  isRowDeleted?: (rowIndex: number) => boolean;
  /** Cells the server cut; they open in the viewer rather than the editor. */
  isCut?: (rowIndex: number, columnIndex: number) => boolean;
  /** Present when cells can be edited: the new text, or null for NULL. */
  onEdit?: (rowIndex: number, columnIndex: number, value: string | null) => void;
  /** Loads the whole value of a cut cell. */
  loadFullValue?: (rowIndex: number, columnIndex: number) => Promise<unknown>;
  /** A cell whose value names another row (a foreign key): clicked, or Alt+Enter, opens it. */
  cellLink?: (rowIndex: number, columnIndex: number) => CellLink | undefined;
}

export interface CellLink {
  href: string;
  label: string;
  open: () => void;
}

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
  const { t, i18n } = useLingui();
  const shownRows = i18n.number(rows.length);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<Position | null>(null);
  const [viewed, setViewed] = useState<{ cell: ViewedCell; at: Position } | null>(null);
  const [notice, setNotice] = useState("");

  const columnDefs = useMemo<Array<ColumnDef<typeof features, GridRow, unknown>>>(
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
    features,
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
  const copied = (what: Promise<void>, done: string) =>
    what.then(
      () => setNotice(done),
      // The browser's own reason (a DOMException) is English and says nothing the user can act on.
      () => setNotice(t`The clipboard could not be written.`),
    );
  const copyCell = (row: number, column: number) => copied(copyText(formatCell(valueAt(row, column))), t`Cell copied`);
  const copyRow = (row: number) =>
    copied(
      copyText(
        rowText(
          columns,
          columns.map((_, column) => valueAt(row, column)),
        ),
      ),
      t`Row copied`,
    );
  /** Ctrl+C on a cell with no text selected copies the cell (the clipboard event needs no permission). */
  const onCopy = (event: ClipboardEvent<HTMLTableElement>) => {
    if (editing || !(event.target as HTMLElement).dataset.cell || window.getSelection()?.toString()) return;
    event.preventDefault();
    event.clipboardData.setData("text/plain", formatCell(valueAt(current.row, current.column)));
    setNotice(t`Cell copied`);
  };

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
      <div className="flex items-center gap-1 text-xs">
        <Button
          size="sm"
          variant="ghost"
          disabled={rows.length === 0}
          onClick={() => view(current.row, current.column)}
        >
          <Trans>View cell</Trans>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={rows.length === 0}
          onClick={() => copyCell(current.row, current.column)}
        >
          <Trans>Copy cell</Trans>
        </Button>
        <Button size="sm" variant="ghost" disabled={rows.length === 0} onClick={() => copyRow(current.row)}>
          <Trans>Copy row</Trans>
        </Button>
        <span role="status" className="text-slate-400">
          {notice}
        </span>
        {props.truncated && (
          <span className="ml-auto text-amber-300">
            <Trans>Showing the first {shownRows} rows; the result has more.</Trans>
          </span>
        )}
      </div>
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
          onCopy={onCopy}
          onFocus={(event) =>
            keyboard.onFocus(
              event,
              (event.target as HTMLElement).dataset.cell !== undefined ? cellAt(event.target) : null,
            )
          }
          onBlur={keyboard.onBlur}
          onDoubleClick={onCellDoubleClick}
        >
          <thead className="sticky top-0 z-10 grid bg-slate-900">
            <tr aria-rowindex={1} className="flex border-b border-slate-700">
              {selection && (
                <th scope="col" className="flex shrink-0 items-center justify-center" style={{ width: SELECT_WIDTH }}>
                  <input
                    type="checkbox"
                    aria-label={t`Select all rows`}
                    checked={table.getIsAllRowsSelected()}
                    onChange={table.getToggleAllRowsSelectedHandler()}
                  />
                </th>
              )}
              {headers.map((header, index) => {
                const column = columns[index] as GridColumn;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={props.ariaSort?.(index)}
                    className={`relative shrink-0 truncate px-2 py-1 text-slate-200 ${numeric[index] ? "text-right" : "text-left"}`}
                    style={{ width: header.getSize() }}
                  >
                    {props.renderHeader ? props.renderHeader(column, index) : column.name}
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

/** The inline editor: Enter keeps the text, Escape drops it, Ctrl+Shift+N sets NULL. */
function CellEditor({
  initial,
  label,
  onCommit,
  onCancel,
}: {
  initial: string;
  label: string;
  onCommit: (value: string | null) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  return (
    <input
      // biome-ignore lint/a11y/noAutofocus: the editor opens on the user's Enter or double-click
      autoFocus
      aria-label={label}
      className="h-6 w-full rounded-sm bg-slate-800 px-1 text-slate-100 outline-none ring-1 ring-sky-400"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => onCancel()}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === "Enter") onCommit(text);
        else if (event.key === "Escape") onCancel();
        else if (event.key.toLowerCase() === "n" && event.shiftKey && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          onCommit(null);
        }
      }}
    />
  );
}

/** A cell's text, as a link when it names another row; a plain text node otherwise (the fast path). */
function LinkedText({ link, text }: { link: CellLink | undefined; text: string }) {
  if (!link) return text;
  return (
    <a
      href={link.href}
      tabIndex={-1}
      title={link.label}
      aria-label={`${text}: ${link.label}`}
      className="rg-link"
      onClick={(event) => {
        event.preventDefault();
        link.open();
      }}
    >
      {text}
    </a>
  );
}

interface RowActions {
  /** Double-click: edit where the cell can be edited, else view it. */
  open: (position: Position) => void;
  commit: (position: Position, value: string | null) => void;
  cancel: () => void;
  toggle: (index: number, checked: boolean) => void;
}

/** One rendered row; memoized, so a re-render of the grid renders only rows whose data changed. */
const GridRowView = memo(function GridRowView(props: {
  index: number;
  row: GridRow;
  columnCount: number;
  selectable: boolean;
  isSelected: boolean;
  deleted: boolean;
  tabColumn: number;
  editingColumn: number;
  columnNames: string[];
  numeric: boolean[];
  pendingValue?: ResultGridProps["pendingValue"];
  isCut?: ResultGridProps["isCut"];
  cellLink?: ResultGridProps["cellLink"];
  actions: RowActions;
}) {
  const { index, row, actions } = props;
  const { t } = useLingui();
  const cells: ReactNode[] = [];
  for (let columnIndex = 0; columnIndex < props.columnCount; columnIndex++) {
    const pending = props.pendingValue?.(index, columnIndex);
    const value = pending ? pending.value : row[columnIndex];
    const cut = !pending && props.isCut?.(index, columnIndex) === true;
    const isEditing = props.editingColumn === columnIndex;
    const position = { row: index, column: columnIndex };
    // One element and one text node per cell; its look comes from result-grid.css, not from classes.
    cells.push(
      <td
        key={columnIndex}
        aria-colindex={columnIndex + 1 + (props.selectable ? 1 : 0)}
        tabIndex={props.tabColumn === columnIndex ? 0 : -1}
        data-cell={`${index}:${columnIndex}`}
        data-editing={isEditing || undefined}
        data-pending={pending ? true : undefined}
        data-null={value === null || value === undefined || undefined}
        data-numeric={props.numeric[columnIndex] || undefined}
      >
        {isEditing ? (
          <CellEditor
            initial={value === null || value === undefined ? "" : formatCell(value)}
            label={t`Edit ${props.columnNames[columnIndex] ?? ""}`}
            onCommit={(text) => actions.commit(position, text)}
            onCancel={actions.cancel}
          />
        ) : cut ? (
          <>
            {formatCell(value)}
            <span title={t`Cut: open the cell to load the whole value`} className="rg-cut">
              …
            </span>
          </>
        ) : (
          <LinkedText link={pending ? undefined : props.cellLink?.(index, columnIndex)} text={formatCell(value)} />
        )}
      </td>,
    );
  }
  return (
    <tr
      aria-rowindex={index + 2}
      aria-selected={props.selectable ? props.isSelected : undefined}
      data-deleted={props.deleted || undefined}
    >
      {props.selectable && (
        <td className="rg-select">
          <input
            type="checkbox"
            tabIndex={-1}
            aria-label={t`Select row ${index + 1}`}
            checked={props.isSelected}
            onChange={(event) => actions.toggle(index, event.target.checked)}
          />
        </td>
      )}
      {cells}
    </tr>
  );
});
