import { Trans, useLingui } from "@lingui/react/macro";
import { Pencil, Plus, X } from "lucide-react";
import { useState } from "react";
import { Input } from "@/components/ui/input";
import type { EditorTabs } from "./editor-tabs";

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
  const startRename = (id: string, name: string) => {
    setRenaming(id);
    setDraft(name);
  };

  return (
    <div className="flex items-center gap-1 border-b border-slate-800">
      <div role="tablist" aria-label={t`Editor tabs`} className="flex min-w-0 flex-wrap gap-1">
        {state.tabs.map((tab) =>
          renaming === tab.id ? (
            <form
              key={tab.id}
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
          ) : (
            <div
              key={tab.id}
              className={`flex items-center ${tab.id === state.activeId ? "border-b-2 border-sky-400" : ""}`}
            >
              <button
                type="button"
                role="tab"
                aria-selected={tab.id === state.activeId}
                onClick={() => onSelect(tab.id)}
                onDoubleClick={() => startRename(tab.id, tab.name)}
                className={`px-2 py-1 text-sm ${tab.id === state.activeId ? "text-slate-100" : "text-slate-400"}`}
              >
                {tab.name}
              </button>
              <button
                type="button"
                aria-label={t`Rename tab ${tab.name}`}
                onClick={() => startRename(tab.id, tab.name)}
                className="rounded p-0.5 text-slate-500 hover:text-slate-200"
              >
                <Pencil className="size-3" aria-hidden="true" />
              </button>
              {state.tabs.length > 1 && (
                <button
                  type="button"
                  aria-label={t`Close tab ${tab.name}`}
                  onClick={() => onClose(tab.id)}
                  className="rounded p-0.5 text-slate-500 hover:text-slate-200"
                >
                  <X className="size-3" aria-hidden="true" />
                </button>
              )}
            </div>
          ),
        )}
      </div>
      <button
        type="button"
        onClick={onAdd}
        className="flex items-center gap-1 rounded px-2 py-1 text-xs text-slate-400 hover:bg-white/10 hover:text-slate-100"
      >
        <Plus className="size-3" aria-hidden="true" />
        <Trans>New tab</Trans>
      </button>
    </div>
  );
}
