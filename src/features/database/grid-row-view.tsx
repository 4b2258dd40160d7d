import { useLingui } from "@lingui/react/macro";
import { memo, type ReactNode, useState } from "react";
import { formatCell } from "./format-cell";
import type { GridPosition } from "./grid-keys";
import type { CellLink, GridRow, ResultGridProps } from "./result-grid-types";

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

export interface RowActions {
  /** Double-click: edit where the cell can be edited, else view it. */
  open: (position: GridPosition) => void;
  commit: (position: GridPosition, value: string | null) => void;
  cancel: () => void;
  toggle: (index: number, checked: boolean) => void;
}

/** One rendered row; memoized, so a re-render of the grid renders only rows whose data changed. */
export const GridRowView = memo(function GridRowView(props: {
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
