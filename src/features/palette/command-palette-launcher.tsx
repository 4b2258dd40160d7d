import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { LazyDialog, lazyDialog } from "@/components/lazy-dialog";
import { Button } from "@/components/ui/button";

// The palette (its list, search, actions and messages) loads on the first Ctrl+K or press: only
// this listener and button ship with the first paint (its budget: scripts/vite-bundle-report.ts).
const CommandPalette = lazyDialog(() => import("./load-palette").then((m) => m.loadCommandPalette()));

/** Ctrl+K (Cmd+K on a Mac) anywhere, or the header's button, opens the command palette. */
export function CommandPaletteLauncher() {
  const { t } = useLingui();
  // null until first used: nothing of the palette is requested before.
  const [open, setOpen] = useState<boolean | null>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A key already handled (an editor's own Ctrl+K chord) stays the editor's.
      if (event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.defaultPrevented) {
        event.preventDefault();
        setOpen(true);
      }
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        {t`Search…`}
        {/* In the button's name, so no aria-keyshortcuts (the first paint's bytes are counted). Ctrl+K
            works on a Mac too (as Cmd+K does): one label for all. */}
        <kbd className="max-md:hidden">Ctrl K</kbd>
      </Button>
      {open !== null && (
        <LazyDialog open={open} onClose={() => setOpen(false)}>
          <CommandPalette open={open} onOpenChange={setOpen} />
        </LazyDialog>
      )}
    </>
  );
}
