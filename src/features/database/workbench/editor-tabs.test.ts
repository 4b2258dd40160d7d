import { describe, expect, it } from "vitest";
import {
  addTab,
  closeTab,
  initialTabs,
  nextTabNumber,
  openSnippetTab,
  parseTabs,
  renameTab,
  tabTextKey,
} from "./editor-tabs";

describe("editor tabs", () => {
  it("adds, renames and closes tabs, keeping at least one", () => {
    let state = initialTabs();
    state = addTab(state, "b", nextTabNumber(state));
    state = addTab(state, "c", nextTabNumber(state));
    expect(state.tabs.map((t) => t.number)).toEqual([1, 2, 3]);
    expect(state.activeId).toBe("c");
    state = renameTab(state, "b", "  report  ");
    expect(state.tabs[1]?.name).toBe("report");
    expect(renameTab(state, "b", "   ")).toBe(state);
    state = closeTab(state, "c");
    expect(state).toEqual({
      tabs: [
        { id: "main", number: 1 },
        { id: "b", number: 2, name: "report" },
      ],
      activeId: "b",
    });
    state = closeTab(closeTab(state, "main"), "b");
    expect(state.tabs).toHaveLength(1);
    expect(nextTabNumber({ tabs: [{ id: "x", number: 2 }], activeId: "x" })).toBe(3);
  });

  it("survives a round trip through storage and repairs damaged data", () => {
    const state = renameTab(addTab(initialTabs(), "x", 2), "x", "second");
    expect(parseTabs(JSON.stringify(state))).toEqual(state);
    expect(parseTabs("{not json")).toEqual(initialTabs());
    expect(parseTabs(JSON.stringify({ tabs: [{ id: "x", name: "a" }], activeId: "gone" }))).toEqual({
      tabs: [{ id: "x", number: 1, name: "a" }],
      activeId: "x",
    });
  });

  it("reads the English or German default names stored before names were translated as numbers", () => {
    const stored = {
      tabs: [
        { id: "main", name: "Query 1" },
        { id: "y", name: "Abfrage 4" },
      ],
      activeId: "y",
    };
    expect(parseTabs(JSON.stringify(stored))).toEqual({
      tabs: [
        { id: "main", number: 1 },
        { id: "y", number: 4 },
      ],
      activeId: "y",
    });
  });

  it("opens a snippet in a new tab named after it, once, and keeps which snippet it holds", () => {
    const snippet = { id: "s-1", name: "daily users" };
    const opened = openSnippetTab(initialTabs(), "t2", snippet);
    expect(opened).toEqual({
      tabs: [
        { id: "main", number: 1 },
        { id: "t2", number: 2, name: "daily users", snippetId: "s-1" },
      ],
      activeId: "t2",
    });
    const again = openSnippetTab({ ...opened, activeId: "main" }, "t3", snippet);
    expect(again).toEqual(opened);
    expect(parseTabs(JSON.stringify(opened))).toEqual(opened);
  });

  it("keeps the single editor's key for the first tab", () => {
    expect(tabTextKey("db1", "main")).toBe("db:db1:sql");
    expect(tabTextKey("db1", "x")).toBe("db:db1:sql:x");
  });
});
