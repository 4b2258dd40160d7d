import { type FocusEvent, type KeyboardEvent, type RefObject, useEffect, useRef, useState } from "react";
import { type GridPosition, gridCommand, pageRows } from "./grid-keys";

export interface GridKeyboardOptions {
  rowCount: number;
  columnCount: number;
  rowHeight: number;
  /** The grid's scrolling element; cells carry `data-cell="row:column"`. */
  scrollRef: RefObject<HTMLElement | null>;
  scrollToRow: (row: number) => void;
  /** The cell whose editor is open: keys go to the editor then. */
  editing: GridPosition | null;
  selectable: boolean;
  canEdit: (at: GridPosition) => boolean;
  hasLink: (at: GridPosition) => boolean;
  edit: (at: GridPosition) => void;
  view: (at: GridPosition) => void;
  followLink: (at: GridPosition) => void;
  resizeColumn: (column: number, by: number) => void;
  toggleRow: (row: number) => void;
  copyRow: (row: number) => void;
}

/**
 * The grid's active cell and its focus: keys move it (grid-keys.ts), it is focused after the render
 * that shows it, and focus comes back to it when a render replaces the focused cell's element.
 */
export function useGridKeyboard(options: GridKeyboardOptions) {
  const { rowCount, columnCount, scrollRef } = options;
  const [active, setActive] = useState<GridPosition>({ row: 0, column: 0 });
  const focusAfterRender = useRef(false);
  /** The cell that last had the focus, while the focus is in the grid. */
  const focusedCell = useRef<HTMLElement | null>(null);

  // Keep the active cell inside the result when it shrinks (a new page, a new statement).
  const current = {
    row: Math.min(active.row, Math.max(0, rowCount - 1)),
    column: Math.min(active.column, Math.max(0, columnCount - 1)),
  };

  useEffect(() => {
    // The focused cell's element was replaced (its row changed key: slot to own row, or a new page)
    // and the focus fell to the page: it goes back to the active cell, whatever the render that did it.
    const lost = focusedCell.current?.isConnected === false;
    const onPage = !document.activeElement || document.activeElement === document.body;
    if (!focusAfterRender.current && !(lost && onPage)) return;
    const cell = scrollRef.current?.querySelector<HTMLElement>(
      `[data-cell="${current.row}:${current.column}"]:not([data-editing])`,
    );
    if (cell) {
      focusAfterRender.current = false;
      cell.focus({ preventScroll: true });
      focusedCell.current = cell;
    }
  });

  /** Makes `at` the active cell and focuses it once rendered. */
  const activate = (at: GridPosition) => {
    setActive(at);
    focusAfterRender.current = true;
  };
  /** Focuses the active cell after the next render (an editor or a dialog closed). */
  const refocus = () => {
    focusAfterRender.current = true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (options.editing || rowCount === 0) return;
    if (!(event.target as HTMLElement).dataset.cell) return;
    const command = gridCommand(event, {
      at: current,
      rowCount,
      columnCount,
      pageRows: pageRows(scrollRef.current?.clientHeight, options.rowHeight),
      canEdit: options.canEdit(current),
      selectable: options.selectable,
      hasLink: options.hasLink(current),
    });
    if (!command) return;
    event.preventDefault();
    switch (command.type) {
      case "move":
        activate(command.to);
        options.scrollToRow(command.to.row);
        return;
      case "edit":
        return options.edit(current);
      case "view":
        return options.view(current);
      case "follow-link":
        return options.followLink(current);
      case "resize-column":
        return options.resizeColumn(current.column, command.by);
      case "toggle-row":
        return options.toggleRow(current.row);
      case "copy-row":
        return options.copyRow(current.row);
    }
  };

  /** Cells delegate focus to the grid: a cell focused by a click or by Tab becomes the active one. */
  const onFocus = (event: FocusEvent<HTMLElement>, at: GridPosition | null) => {
    focusedCell.current = at ? (event.target as HTMLElement) : null;
    // The row now gets an element of its own (see the row keys): focus moves to it after render.
    if (at && (at.row !== current.row || at.column !== current.column)) activate(at);
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const { relatedTarget, currentTarget, target } = event;
    if (relatedTarget && currentTarget.contains(relatedTarget)) return;
    // Focus left the grid, unless its element was only removed by a render (then it is restored).
    if (relatedTarget) focusedCell.current = null;
    else
      queueMicrotask(() => {
        if (target.isConnected) focusedCell.current = null;
      });
  };

  return { current, activate, refocus, onKeyDown, onFocus, onBlur };
}
