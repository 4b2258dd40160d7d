import type { RowSelectionState } from "@tanstack/react-table";
import type { ReactNode } from "react";

export interface GridColumn {
  name: string;
  type: string;
  primaryKey?: boolean;
  /** An insert must give it a value (NOT NULL, no default): the insert form marks it. */
  required?: boolean;
}

export type GridRow = unknown[];
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
