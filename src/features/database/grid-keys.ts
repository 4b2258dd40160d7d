// The result grid's keyboard model (WAI-ARIA grid pattern), as a pure function from a key press and
// the grid's state to what the grid does; result-grid.tsx carries it out (use-grid-keyboard.ts).

export interface GridPosition {
  row: number;
  column: number;
}

export interface GridKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export interface GridKeyState {
  /** The active cell. */
  at: GridPosition;
  rowCount: number;
  columnCount: number;
  /** Rows one PageUp/PageDown moves. */
  pageRows: number;
  canEdit: boolean;
  selectable: boolean;
  /** The active cell names another row (a foreign key). */
  hasLink: boolean;
}

export type GridCommand =
  | { type: "move"; to: GridPosition }
  | { type: "edit" }
  | { type: "view" }
  | { type: "follow-link" }
  | { type: "resize-column"; by: number }
  | { type: "toggle-row" }
  | { type: "copy-row" };

/** Pixels one Alt+Left/Right narrows or widens the active column. */
export const COLUMN_STEP = 24;

/** What a key press does in the grid; null when the grid leaves it to the browser. */
export function gridCommand(event: GridKey, state: GridKeyState): GridCommand | null {
  const { row, column } = state.at;
  const mod = event.ctrlKey || event.metaKey;
  const move = (toRow: number, toColumn: number): GridCommand => ({
    type: "move",
    to: {
      row: Math.max(0, Math.min(state.rowCount - 1, toRow)),
      column: Math.max(0, Math.min(state.columnCount - 1, toColumn)),
    },
  });
  // Alt+Enter follows the cell's link (its anchor stays out of the tab order, as every cell's content).
  if (event.altKey && event.key === "Enter" && state.hasLink) return { type: "follow-link" };
  // Alt+Left/Right narrows or widens the active column: the resize handle is for pointers only.
  if (event.altKey && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
    return { type: "resize-column", by: event.key === "ArrowRight" ? COLUMN_STEP : -COLUMN_STEP };
  }
  // Space selects the row: the checkboxes stay out of the tab order, so the grid keeps one tab stop.
  if (event.key === " " && state.selectable && !mod) return { type: "toggle-row" };
  // Ctrl+C itself goes through the copy event; Ctrl+Shift+C copies the row.
  if (mod && event.shiftKey && event.key.toLowerCase() === "c") return { type: "copy-row" };
  switch (event.key) {
    case "ArrowDown":
      return move(row + 1, column);
    case "ArrowUp":
      return move(row - 1, column);
    case "ArrowRight":
      return move(row, column + 1);
    case "ArrowLeft":
      return move(row, column - 1);
    case "PageDown":
      return move(row + state.pageRows, column);
    case "PageUp":
      return move(row - state.pageRows, column);
    case "Home":
      return mod ? move(0, 0) : move(row, 0);
    case "End":
      return mod ? move(state.rowCount - 1, state.columnCount - 1) : move(row, state.columnCount - 1);
    case "Enter":
      return event.shiftKey || !state.canEdit ? { type: "view" } : { type: "edit" };
    case "F2":
      return state.canEdit ? { type: "edit" } : { type: "view" };
    default:
      return null;
  }
}

/** Rows a page key moves: the rows in view, less one kept for context. */
export function pageRows(viewportHeight: number | undefined, rowHeight: number): number {
  return Math.max(1, Math.floor((viewportHeight ?? 300) / rowHeight) - 1);
}
