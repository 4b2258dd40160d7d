import { describe, expect, it } from "vitest";
import { addTab, closeTab, initialTabs, nextTabName, parseTabs, renameTab, tabTextKey } from "./editor-tabs";

const name = (n: number) => `Query ${n}`;

describe("editor tabs", () => {
  it("adds, renames and closes tabs, keeping at least one", () => {
    let state = initialTabs("Query 1");
    state = addTab(state, "b", nextTabName(state, name));
    state = addTab(state, "c", nextTabName(state, name));
    expect(state.tabs.map((t) => t.name)).toEqual(["Query 1", "Query 2", "Query 3"]);
    expect(state.activeId).toBe("c");
    state = renameTab(state, "b", "  report  ");
    expect(state.tabs[1]?.name).toBe("report");
    expect(renameTab(state, "b", "   ")).toBe(state);
    state = closeTab(state, "c");
    expect(state).toEqual({
      tabs: [
        { id: "main", name: "Query 1" },
        { id: "b", name: "report" },
      ],
      activeId: "b",
    });
    state = closeTab(closeTab(state, "main"), "b");
    expect(state.tabs).toHaveLength(1);
    expect(nextTabName(initialTabs("Query 2"), name)).toBe("Query 3");
  });

  it("survives a round trip through storage and repairs damaged data", () => {
    const state = addTab(initialTabs("Query 1"), "x", "second");
    expect(parseTabs(JSON.stringify(state), "Query 1")).toEqual(state);
    expect(parseTabs("{not json", "Query 1")).toEqual(initialTabs("Query 1"));
    expect(parseTabs(JSON.stringify({ tabs: [{ id: "x", name: "a" }], activeId: "gone" }), "Q")).toEqual({
      tabs: [{ id: "x", name: "a" }],
      activeId: "x",
    });
  });

  it("keeps the single editor's key for the first tab", () => {
    expect(tabTextKey("db1", "main")).toBe("db:db1:sql");
    expect(tabTextKey("db1", "x")).toBe("db:db1:sql:x");
  });
});
