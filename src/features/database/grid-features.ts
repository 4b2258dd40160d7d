import {
  columnResizingFeature,
  columnSizingFeature,
  type Header,
  rowSelectionFeature,
  tableFeatures,
} from "@tanstack/react-table";
import type { GridRow } from "./result-grid-types";

/** The grid's table features: widths, resizing, selection (TanStack Table loads only these). */
export const gridFeatures = tableFeatures({ columnSizingFeature, columnResizingFeature, rowSelectionFeature });

export type GridHeader = Header<typeof gridFeatures, GridRow, unknown>;
