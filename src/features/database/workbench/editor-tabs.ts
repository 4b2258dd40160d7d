/**
 * The workbench's editor tabs of one database; each tab's text lives under its own storage key.
 * A tab has a number ("Query 2", "Abfrage 2": the name is put together in the reader's language
 * when shown) until the user names it.
 */
export interface EditorTab {
  id: string;
  number: number;
  /** The user's own name; absent for a tab that still goes by its number. */
  name?: string;
  /** The saved snippet the tab was opened from: running the tab marks that snippet's last run. */
  snippetId?: string;
}

export interface EditorTabs {
  tabs: EditorTab[];
  activeId: string;
}

// The first tab keeps the key the single editor used, so texts typed before tabs existed survive.
export const FIRST_TAB_ID = "main";

export const tabsKey = (dbId: string) => `db:${dbId}:tabs`;
export const tabTextKey = (dbId: string, tabId: string) =>
  tabId === FIRST_TAB_ID ? `db:${dbId}:sql` : `db:${dbId}:sql:${tabId}`;

export function initialTabs(): EditorTabs {
  return { tabs: [{ id: FIRST_TAB_ID, number: 1 }], activeId: FIRST_TAB_ID };
}

// Tabs stored before names were translated carry the English or German default as their name.
const DEFAULT_NAME = /^(?:Query|Abfrage) (\d+)$/;

/** Reads the stored tabs, falling back to one tab when there are none or they are damaged. */
export function parseTabs(stored: string | null): EditorTabs {
  if (!stored) return initialTabs();
  try {
    const value = JSON.parse(stored) as { tabs?: unknown; activeId?: unknown };
    const tabs: EditorTab[] = [];
    for (const raw of Array.isArray(value.tabs) ? (value.tabs as Array<Record<string, unknown>>) : []) {
      if (typeof raw?.id !== "string") continue;
      const name = typeof raw.name === "string" ? raw.name : undefined;
      const legacy = name ? DEFAULT_NAME.exec(name) : null;
      const number = typeof raw.number === "number" ? raw.number : legacy ? Number(legacy[1]) : tabs.length + 1;
      const tab: EditorTab = name && !legacy ? { id: raw.id, number, name } : { id: raw.id, number };
      if (typeof raw.snippetId === "string") tab.snippetId = raw.snippetId;
      tabs.push(tab);
    }
    const first = tabs[0];
    if (!first) return initialTabs();
    const activeId = tabs.some((t) => t.id === value.activeId) ? (value.activeId as string) : first.id;
    return { tabs, activeId };
  } catch {
    return initialTabs();
  }
}

export function addTab(state: EditorTabs, id: string, number: number): EditorTabs {
  return { tabs: [...state.tabs, { id, number }], activeId: id };
}

/** A new tab named after a snippet, or the tab that already holds it. */
export function openSnippetTab(state: EditorTabs, id: string, snippet: { id: string; name: string }): EditorTabs {
  const open = state.tabs.find((t) => t.snippetId === snippet.id);
  if (open) return { ...state, activeId: open.id };
  return {
    tabs: [...state.tabs, { id, number: nextTabNumber(state), name: snippet.name, snippetId: snippet.id }],
    activeId: id,
  };
}

export function renameTab(state: EditorTabs, id: string, name: string): EditorTabs {
  const trimmed = name.trim();
  if (!trimmed) return state;
  return { ...state, tabs: state.tabs.map((t) => (t.id === id ? { ...t, name: trimmed } : t)) };
}

/** Closing the active tab activates its left neighbour (or the new first); the last tab stays. */
export function closeTab(state: EditorTabs, id: string): EditorTabs {
  if (state.tabs.length <= 1) return state;
  const index = state.tabs.findIndex((t) => t.id === id);
  if (index < 0) return state;
  const tabs = state.tabs.filter((t) => t.id !== id);
  const activeId = state.activeId === id ? (tabs[Math.max(0, index - 1)] as EditorTab).id : state.activeId;
  return { tabs, activeId };
}

/** The number of the next "Query N": the smallest one from the tab count up that no unnamed tab uses. */
export function nextTabNumber(state: EditorTabs): number {
  const used = new Set(state.tabs.filter((t) => t.name === undefined).map((t) => t.number));
  let n = state.tabs.length + 1;
  while (used.has(n)) n++;
  return n;
}
