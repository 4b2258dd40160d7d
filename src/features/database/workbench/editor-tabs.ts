/** The workbench's editor tabs of one database; each tab's text lives under its own storage key. */
export interface EditorTab {
  id: string;
  name: string;
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

export function initialTabs(firstName: string): EditorTabs {
  return { tabs: [{ id: FIRST_TAB_ID, name: firstName }], activeId: FIRST_TAB_ID };
}

/** Reads the stored tabs, falling back to one tab when there are none or they are damaged. */
export function parseTabs(stored: string | null, firstName: string): EditorTabs {
  if (!stored) return initialTabs(firstName);
  try {
    const value = JSON.parse(stored) as Partial<EditorTabs>;
    const tabs = Array.isArray(value.tabs)
      ? value.tabs.filter((t): t is EditorTab => typeof t?.id === "string" && typeof t?.name === "string")
      : [];
    if (tabs.length === 0) return initialTabs(firstName);
    const activeId = tabs.some((t) => t.id === value.activeId) ? (value.activeId as string) : (tabs[0] as EditorTab).id;
    return { tabs, activeId };
  } catch {
    return initialTabs(firstName);
  }
}

export function addTab(state: EditorTabs, id: string, name: string): EditorTabs {
  return { tabs: [...state.tabs, { id, name }], activeId: id };
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

/** "Query 2", "Query 3", …: the smallest number no tab uses. */
export function nextTabName(state: EditorTabs, name: (n: number) => string): string {
  const used = new Set(state.tabs.map((t) => t.name));
  let n = state.tabs.length + 1;
  while (used.has(name(n))) n++;
  return name(n);
}
