import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from "react";
import { LazyDialog, lazyDialog } from "@/components/lazy-dialog";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/cn";
import { filterPaletteItems, type PaletteItem } from "./palette-filter";
import { usePaletteItems } from "./use-palette-items";

const CreateDatabaseDialog = lazyDialog(() =>
  import("@/features/database/manage/create-database-dialog").then((m) => m.CreateDatabaseDialog),
);

/**
 * The command palette (loaded on first use by command-palette-launcher.tsx): a search box over
 * everything the user can jump to or do. A combobox with a listbox (ARIA combobox pattern): focus
 * stays in the box, the arrows move the highlighted option (aria-activedescendant), Enter runs it,
 * Escape closes and focus returns to where it was (the dialog's useReturnFocus).
 */
export function CommandPalette({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useLingui();
  const id = useId();
  // null until asked for: the New database dialog loads then.
  const [creatingDatabase, setCreatingDatabase] = useState<boolean | null>(null);
  const [query, setQuery] = useState("");
  const [activeId, setActiveId] = useState<string | undefined>();
  const close = () => onOpenChange(false);
  // The last highlighted database's schema is fetched, so its tables join the list.
  const [schemaOf, setSchemaOf] = useState<string | undefined>();
  const items = usePaletteItems(schemaOf, { close, openNewDatabase: () => setCreatingDatabase(true) });
  const shown = useMemo(() => filterPaletteItems(items, query), [items, query]);
  const active = shown.find((item) => item.id === activeId) ?? shown[0];
  const activeIndex = active ? shown.indexOf(active) : -1;
  const optionId = (index: number) => `${id}-option-${index}`;
  useEffect(() => {
    if (active?.id.startsWith("db:")) setSchemaOf(active.id.slice(3));
  }, [active?.id]);

  // Each opening starts afresh.
  useEffect(() => {
    if (open) {
      setQuery("");
      setActiveId(undefined);
    }
  }, [open]);
  // The highlighted option stays in view as the arrows move it.
  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: "nearest" });
  });

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const move = (index: number) => {
      event.preventDefault();
      const next = shown[(index + shown.length) % shown.length];
      if (next) setActiveId(next.id);
    };
    if (event.key === "ArrowDown") move(activeIndex + 1);
    else if (event.key === "ArrowUp") move(activeIndex - 1);
    else if (event.key === "Home" && event.ctrlKey) move(0);
    else if (event.key === "End" && event.ctrlKey) move(shown.length - 1);
    else if (event.key === "Enter" && !event.nativeEvent.isComposing) {
      event.preventDefault();
      active?.run();
    }
  }

  const groups = groupItems(shown);
  const count = shown.length;
  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          aria-describedby={`${id}-hint`}
          // On a phone the sheet covers the page: its close button is the way out without a key.
          closeLabel={t`Close`}
          className={cn(
            "content-start sm:max-w-xl",
            // A phone gets a full-screen sheet: the list has the whole height.
            "max-sm:top-0 max-sm:left-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0",
          )}
        >
          <DialogTitle className="sr-only">{t`Command palette`}</DialogTitle>
          <DialogDescription id={`${id}-hint`} className="sr-only">
            {t`Type to search apps, databases, tables, teams and actions. Arrow keys move, Enter opens, Escape closes.`}
          </DialogDescription>
          <input
            role="combobox"
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
            aria-label={t`Search`}
            placeholder={t`Search or jump to…`}
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActiveId(undefined);
            }}
            onKeyDown={onKeyDown}
            className="h-10 w-full rounded-md max-sm:mt-6 border border-white/15 bg-black/20 px-3 text-base text-slate-100 placeholder:text-slate-400 focus-visible:border-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-300/60"
          />
          <div
            id={`${id}-list`}
            role="listbox"
            aria-label={t`Results`}
            className="max-h-[60vh] overflow-y-auto max-sm:max-h-none"
          >
            {groups.map(({ heading, entries }, groupIndex) => (
              // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role=group (a fieldset is for form controls)
              <div key={heading} role="group" aria-labelledby={`${id}-group-${groupIndex}`} className="py-1">
                <div
                  id={`${id}-group-${groupIndex}`}
                  role="presentation"
                  className="px-2 py-1 text-xs font-medium text-slate-400"
                >
                  {heading}
                </div>
                {entries.map(({ item, index }) => (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the search box's (aria-activedescendant), as the combobox pattern has it
                  <div
                    key={item.id}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeIndex}
                    tabIndex={-1}
                    // Clicks keep the focus in the box: the listbox is driven from there.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => item.id !== active?.id && setActiveId(item.id)}
                    onClick={item.run}
                    className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-200 aria-selected:bg-white/10 aria-selected:text-white"
                  >
                    <span className="min-w-0 truncate">{item.label}</span>
                    {item.hint && <span className="ml-auto shrink-0 text-xs text-slate-400">{item.hint}</span>}
                  </div>
                ))}
              </div>
            ))}
          </div>
          {count === 0 && <p className="px-2 py-4 text-center text-sm text-slate-400">{t`Nothing found`}</p>}
          <p role="status" className="sr-only">
            {t`${plural(count, { one: "# result", other: "# results" })}`}
          </p>
        </DialogContent>
      </Dialog>
      {creatingDatabase !== null && (
        <LazyDialog open={creatingDatabase} onClose={() => setCreatingDatabase(false)}>
          <CreateDatabaseDialog open={creatingDatabase} onOpenChange={setCreatingDatabase} />
        </LazyDialog>
      )}
    </>
  );
}

/** The shown items by group, in the order groups first appear, each with its place in the whole list. */
function groupItems(items: readonly PaletteItem[]) {
  const groups: Array<{ heading: string; entries: Array<{ item: PaletteItem; index: number }> }> = [];
  items.forEach((item, index) => {
    const group = groups.find((candidate) => candidate.heading === item.group);
    if (group) group.entries.push({ item, index });
    else groups.push({ heading: item.group, entries: [{ item, index }] });
  });
  return groups;
}
