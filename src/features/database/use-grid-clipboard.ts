import { useLingui } from "@lingui/react/macro";
import { type ClipboardEvent, useState } from "react";
import { copyText, rowText } from "./cell-text";
import { formatCell } from "./format-cell";
import type { GridPosition } from "./grid-keys";
import type { GridColumn } from "./result-grid-types";

/**
 * The grid's copying: a cell or a row by button or key, Ctrl+C on the active cell, and the notice
 * that says what happened (the grid shows it in a live region).
 */
export function useGridClipboard(grid: {
  columns: GridColumn[];
  /** The value shown at a position: a pending edit's, or the row's own. */
  valueAt: (row: number, column: number) => unknown;
  current: GridPosition;
  editing: GridPosition | null;
}) {
  const { t } = useLingui();
  const [notice, setNotice] = useState("");
  const { columns, valueAt, current, editing } = grid;

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
  return { notice, copyCell, copyRow, onCopy };
}
