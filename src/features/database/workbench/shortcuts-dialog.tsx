import { Trans, useLingui } from "@lingui/react/macro";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/** Every keyboard shortcut of the workbench, opened with the toolbar button or `?` outside the editor. */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const shortcuts: Array<[string, string]> = [
    ["Ctrl/Cmd+Enter", t`Run the selection, or the statement at the cursor`],
    ["Ctrl/Cmd+Shift+Enter", t`Run all statements`],
    ["F7", t`EXPLAIN the statement at the cursor`],
    ["Shift+F7", t`EXPLAIN ANALYZE the statement at the cursor`],
    ["Shift+Alt+F", t`Format SQL`],
    ["Ctrl/Cmd+Space", t`Show completions`],
    ["Ctrl/Cmd+/", t`Comment or uncomment the lines`],
    ["Ctrl/Cmd+Z", t`Undo`],
    ["Ctrl/Cmd+F", t`Find in the editor`],
    ["?", t`Show this list (outside the editor)`],
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t`Close`}>
        <DialogHeader>
          <DialogTitle>
            <Trans>Keyboard shortcuts</Trans>
          </DialogTitle>
        </DialogHeader>
        <table className="text-sm">
          <tbody>
            {shortcuts.map(([keys, action]) => (
              <tr key={keys} className="border-b border-slate-800 last:border-0">
                <td className="py-1 pr-4">
                  <kbd className="rounded border border-slate-700 bg-slate-800 px-1.5 py-0.5 font-mono text-xs">
                    {keys}
                  </kbd>
                </td>
                <td className="py-1 text-slate-300">{action}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  );
}
