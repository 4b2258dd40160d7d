import { Trans, useLingui } from "@lingui/react/macro";
import { Pencil, Plus, X } from "lucide-react";
import { useState } from "react";
import { Input } from "@/components/ui/input";
import type { EditorTab, EditorTabs } from "./editor-tabs";

/** The editor tabs: switch, add, rename (button or double-click), close. */
export function EditorTabBar({
  state,
  onSelect,
  onAdd,
  onRename,
  onClose,
}: {
  state: EditorTabs;
  onSelect: (id: string) => void;
  onAdd: () => void;
  onRename: (id: string, name: string) => void;
  onClose: (id: string) => void;
}) {
  const { t } = useLingui();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  const label = ({ name, number }: EditorTab) => name ?? t`Query ${number}`;
  const startRename = (id: string, name: string) => {
    setRenaming(id);
    setDraft(name);
  };

  const activeTab = state.tabs.find((tab) => tab.id === state.activeId);
  const renameInput = (tab: EditorTab) => (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onRename(tab.id, draft);
        setRenaming(null);
      }}
    >
      <Input
        aria-label={t`Tab name`}
        value={draft}
        autoFocus
        className="h-7 w-36"
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => {
          onRename(tab.id, draft);
          setRenaming(null);
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape") setRenaming(null);
        }}
      />
    </form>
  );

  return (
    <div className="flex min-w-0 shrink-0 items-center gap-1 border-b border-slate-800">
      {/* Only tabs in the tab list (ARIA); rename and close act on the active tab, beside the list. */}
      {/* One line: many tabs scroll sideways instead of pushing the editor down. */}
      <div role="tablist" aria-label={t`Editor tabs`} className="flex min-w-0 gap-1 overflow-x-auto">
        {state.tabs.map((tab) =>
          renaming === tab.id ? (
            <div key={tab.id}>{renameInput(tab)}</div>
          ) : (
            <button
              key={tab.id}
              type="button"
              role="tab"
              aria-selected={tab.id === state.activeId}
              onClick={() => onSelect(tab.id)}
              onDoubleClick={() => startRename(tab.id, label(tab))}
              className={`shrink-0 px-2 py-1 text-sm whitespace-nowrap ${tab.id === state.activeId ? "border-b-2 border-sky-400 text-slate-100" : "text-slate-400"}`}
            >
              {label(tab)}
            </button>
          ),
        )}
      </div>
      {activeTab && renaming === null && (
        <>
          <button
            type="button"
            aria-label={t`Rename tab ${label(activeTab)}`}
            title={t`Rename tab ${label(activeTab)}`}
            onClick={() => startRename(activeTab.id, label(activeTab))}
            className="shrink-0 rounded p-1 text-slate-400 hover:text-slate-200"
          >
            <Pencil className="size-3" aria-hidden="true" />
          </button>
          {state.tabs.length > 1 && (
            <button
              type="button"
              aria-label={t`Close tab ${label(activeTab)}`}
              title={t`Close tab ${label(activeTab)}`}
              onClick={() => onClose(activeTab.id)}
              className="shrink-0 rounded p-1 text-slate-400 hover:text-slate-200"
            >
              <X className="size-3" aria-hidden="true" />
            </button>
          )}
        </>
      )}
      <button
        type="button"
        onClick={onAdd}
        className="flex shrink-0 items-center gap-1 rounded px-2 py-1 text-xs whitespace-nowrap text-slate-400 hover:bg-white/10 hover:text-slate-100"
      >
        <Plus className="size-3" aria-hidden="true" />
        <Trans>New tab</Trans>
      </button>
    </div>
  );
}
