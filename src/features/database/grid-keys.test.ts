import { describe, expect, it } from "vitest";
import { COLUMN_STEP, type GridKey, type GridKeyState, gridCommand, pageRows } from "./grid-keys";

const key = (name: string, mods: Partial<GridKey> = {}): GridKey => ({
  key: name,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});
const state = (over: Partial<GridKeyState> = {}): GridKeyState => ({
  at: { row: 5, column: 1 },
  rowCount: 50,
  columnCount: 4,
  pageRows: 10,
  canEdit: true,
  selectable: true,
  hasLink: false,
  ...over,
});
const moveTo = (row: number, column: number) => ({ type: "move", to: { row, column } });

describe("the result grid's keys", () => {
  it("arrows move one cell and stop at the edges", () => {
    expect(gridCommand(key("ArrowDown"), state())).toEqual(moveTo(6, 1));
    expect(gridCommand(key("ArrowUp"), state())).toEqual(moveTo(4, 1));
    expect(gridCommand(key("ArrowRight"), state())).toEqual(moveTo(5, 2));
    expect(gridCommand(key("ArrowLeft"), state())).toEqual(moveTo(5, 0));
    expect(gridCommand(key("ArrowUp"), state({ at: { row: 0, column: 0 } }))).toEqual(moveTo(0, 0));
    expect(gridCommand(key("ArrowLeft"), state({ at: { row: 0, column: 0 } }))).toEqual(moveTo(0, 0));
    expect(gridCommand(key("ArrowDown"), state({ at: { row: 49, column: 3 } }))).toEqual(moveTo(49, 3));
    expect(gridCommand(key("ArrowRight"), state({ at: { row: 49, column: 3 } }))).toEqual(moveTo(49, 3));
  });

  it("page keys move a page of rows, within the result", () => {
    expect(gridCommand(key("PageDown"), state())).toEqual(moveTo(15, 1));
    expect(gridCommand(key("PageUp"), state())).toEqual(moveTo(0, 1));
    expect(gridCommand(key("PageDown"), state({ at: { row: 45, column: 1 } }))).toEqual(moveTo(49, 1));
  });

  it("Home/End go to the row's ends, with Ctrl or Meta to the result's", () => {
    expect(gridCommand(key("Home"), state())).toEqual(moveTo(5, 0));
    expect(gridCommand(key("End"), state())).toEqual(moveTo(5, 3));
    expect(gridCommand(key("Home", { ctrlKey: true }), state())).toEqual(moveTo(0, 0));
    expect(gridCommand(key("End", { metaKey: true }), state())).toEqual(moveTo(49, 3));
  });

  it("Enter and F2 edit an editable cell, else view it; Shift+Enter always views", () => {
    expect(gridCommand(key("Enter"), state())).toEqual({ type: "edit" });
    expect(gridCommand(key("F2"), state())).toEqual({ type: "edit" });
    expect(gridCommand(key("Enter", { shiftKey: true }), state())).toEqual({ type: "view" });
    expect(gridCommand(key("Enter"), state({ canEdit: false }))).toEqual({ type: "view" });
    expect(gridCommand(key("F2"), state({ canEdit: false }))).toEqual({ type: "view" });
  });

  it("Alt+Enter follows a cell's link, and is Enter where there is none", () => {
    expect(gridCommand(key("Enter", { altKey: true }), state({ hasLink: true }))).toEqual({ type: "follow-link" });
    expect(gridCommand(key("Enter", { altKey: true }), state())).toEqual({ type: "edit" });
  });

  it("Alt+Left/Right resize the column instead of moving", () => {
    expect(gridCommand(key("ArrowRight", { altKey: true }), state())).toEqual({
      type: "resize-column",
      by: COLUMN_STEP,
    });
    expect(gridCommand(key("ArrowLeft", { altKey: true }), state())).toEqual({
      type: "resize-column",
      by: -COLUMN_STEP,
    });
  });

  it("Space toggles the row where rows can be selected; Ctrl+Shift+C copies the row", () => {
    expect(gridCommand(key(" "), state())).toEqual({ type: "toggle-row" });
    expect(gridCommand(key(" "), state({ selectable: false }))).toBeNull();
    expect(gridCommand(key(" ", { ctrlKey: true }), state())).toBeNull();
    expect(gridCommand(key("C", { ctrlKey: true, shiftKey: true }), state())).toEqual({ type: "copy-row" });
    // Ctrl+C alone is the browser's copy event, which the grid handles there.
    expect(gridCommand(key("c", { ctrlKey: true }), state())).toBeNull();
  });

  it("leaves other keys to the browser", () => {
    expect(gridCommand(key("Tab"), state())).toBeNull();
    expect(gridCommand(key("a"), state())).toBeNull();
  });

  it("a page is the rows in view less one, at least one", () => {
    expect(pageRows(280, 28)).toBe(9);
    expect(pageRows(20, 28)).toBe(1);
    expect(pageRows(undefined, 28)).toBe(9);
  });
});
