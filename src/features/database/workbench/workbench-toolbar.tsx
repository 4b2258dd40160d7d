import { Trans, useLingui } from "@lingui/react/macro";
import { EllipsisVertical, History, Play, PlaySquare, Square } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";

export type ToolbarAction =
  | "run"
  | "run-all"
  | "stop"
  | "explain"
  | "explain-analyze"
  | "format"
  | "create-view"
  | "shortcuts";

/**
 * The workbench's one-line toolbar: Run, Run all and Stop as buttons, the history and snippets
 * drawer, and everything else in an overflow menu. Every shortcut is in its button's tooltip and
 * beside its menu item; the status (running, cancelled) takes what room is left and truncates.
 */
export function WorkbenchToolbar({
  running,
  onAction,
  onOpenHistory,
  status,
  canCreateView = false,
}: {
  running: boolean;
  /** "Create view…" is offered to those who may change the structure (developer and up). */
  canCreateView?: boolean;
  onAction: (action: ToolbarAction) => void;
  onOpenHistory: () => void;
  status: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <TooltipProvider>
      <div role="toolbar" aria-label={t`SQL actions`} className="flex h-9 min-w-0 shrink-0 items-center gap-1.5">
        <WithTooltip tip={t`Runs the selection, or the statement at the cursor (Ctrl/Cmd+Enter)`}>
          <Button size="sm" onClick={() => onAction("run")} disabled={running} aria-keyshortcuts="Control+Enter">
            <Play aria-hidden="true" />
            <Trans>Run</Trans>
          </Button>
        </WithTooltip>
        <WithTooltip tip={t`Runs the whole editor text (Ctrl/Cmd+Shift+Enter)`}>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onAction("run-all")}
            disabled={running}
            aria-keyshortcuts="Control+Shift+Enter"
          >
            <PlaySquare aria-hidden="true" />
            {/* On a phone the icon alone; the name stays for assistive technology. */}
            <span className="max-sm:sr-only">
              <Trans>Run all</Trans>
            </span>
          </Button>
        </WithTooltip>
        <WithTooltip tip={t`Stops the running statement on the server`}>
          <Button size="sm" variant="outline" disabled={!running} onClick={() => onAction("stop")}>
            <Square aria-hidden="true" />
            <span className="max-sm:sr-only">
              <Trans>Stop</Trans>
            </span>
          </Button>
        </WithTooltip>
        <div className="min-w-0 flex-1 truncate px-1 text-xs">{status}</div>
        <WithTooltip tip={t`History and snippets`}>
          <Button size="sm" variant="ghost" onClick={onOpenHistory} aria-label={t`History and snippets`}>
            <History aria-hidden="true" />
            <span className="max-lg:hidden">
              <Trans>History</Trans>
            </span>
          </Button>
        </WithTooltip>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button size="icon" variant="ghost" aria-label={t`More SQL actions`} className="size-8">
              <EllipsisVertical aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="min-w-56">
            <MenuItem onSelect={() => onAction("explain")} disabled={running} shortcut="F7">
              <Trans>Explain</Trans>
            </MenuItem>
            <MenuItem onSelect={() => onAction("explain-analyze")} disabled={running} shortcut="Shift+F7">
              <Trans>Explain analyze</Trans>
            </MenuItem>
            <MenuItem onSelect={() => onAction("format")} shortcut="Shift+Alt+F">
              <Trans>Format SQL</Trans>
            </MenuItem>
            {canCreateView ? (
              <MenuItem onSelect={() => onAction("create-view")}>
                <Trans>Create view…</Trans>
              </MenuItem>
            ) : null}
            <DropdownMenuSeparator />
            <MenuItem onSelect={() => onAction("shortcuts")} shortcut="?">
              <Trans>Keyboard shortcuts</Trans>
            </MenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </TooltipProvider>
  );
}

function WithTooltip({ tip, children }: { tip: string; children: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent>{tip}</TooltipContent>
    </Tooltip>
  );
}

function MenuItem({
  onSelect,
  disabled,
  shortcut,
  children,
}: {
  onSelect: () => void;
  disabled?: boolean;
  shortcut?: string;
  children: ReactNode;
}) {
  return (
    <DropdownMenuItem onSelect={onSelect} disabled={disabled} aria-keyshortcuts={shortcut}>
      <span className="flex-1">{children}</span>
      {/* Shown, and told to assistive technology through aria-keyshortcuts instead of the name. */}
      {shortcut ? (
        <span aria-hidden="true" className="ml-4 font-mono text-xs text-slate-400">
          <kbd>{shortcut}</kbd>
        </span>
      ) : null}
    </DropdownMenuItem>
  );
}
