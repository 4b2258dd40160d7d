import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { errorText } from "@/lib/errors/error-text";
import { copyText, prettyCell } from "./cell-text";

export interface ViewedCell {
  column: string;
  type: string;
  value: unknown;
  /** The server sent only the start of the value. */
  cut: boolean;
}

/** A long text or JSON value in full: pretty-printed, copyable, and loadable when it was cut. */
export function CellViewer({
  cell,
  onClose,
  loadFull,
}: {
  cell: ViewedCell | null;
  onClose: () => void;
  loadFull?: () => Promise<unknown>;
}) {
  const { t, i18n } = useLingui();
  const [full, setFull] = useState<{ value: unknown } | null>(null);
  const [status, setStatus] = useState<"idle" | "loading" | "copied" | { error: string }>("idle");
  const value = full ? full.value : cell?.value;
  const pretty = prettyCell(value);
  const cut = cell?.cut === true && !full;

  return (
    <Dialog
      open={cell !== null}
      onOpenChange={(open) => {
        if (!open) {
          setFull(null);
          setStatus("idle");
          onClose();
        }
      }}
    >
      <DialogContent wide closeLabel={t`Close`}>
        <DialogHeader>
          <DialogTitle>
            <Trans>Cell {cell?.column}</Trans>
          </DialogTitle>
          <DialogDescription>
            {cell?.type}
            {pretty.json && (
              <>
                {" · "}
                <Trans>JSON, pretty-printed</Trans>
              </>
            )}
          </DialogDescription>
        </DialogHeader>
        {cut && (
          <p className="text-sm text-amber-300">
            <Trans>Only the start of this value was loaded.</Trans>{" "}
            {!loadFull && (
              <Trans>
                This table has no primary key to find the row by; read the whole value with SQL in the SQL tab.
              </Trans>
            )}
          </p>
        )}
        <pre
          // Long values scroll; a tab stop lets keyboard users scroll them too.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
          tabIndex={0}
          data-testid="cell-viewer-text"
          className="max-h-[55vh] overflow-auto rounded border border-slate-800 bg-slate-950 p-3 font-mono text-xs whitespace-pre-wrap break-all text-slate-200"
        >
          {pretty.text}
        </pre>
        {typeof status === "object" && (
          <p role="alert" className="text-sm text-red-400">
            {status.error}
          </p>
        )}
        <div className="flex gap-2">
          <Button
            variant="outline"
            onClick={async () => {
              await copyText(pretty.text);
              setStatus("copied");
            }}
          >
            <Trans>Copy value</Trans>
          </Button>
          {cut && loadFull && (
            <Button
              variant="outline"
              disabled={status === "loading"}
              onClick={async () => {
                setStatus("loading");
                try {
                  setFull({ value: await loadFull() });
                  setStatus("idle");
                } catch (error) {
                  setStatus({ error: errorText(i18n, error) });
                }
              }}
            >
              <Trans>Load whole value</Trans>
            </Button>
          )}
          {status === "copied" && (
            <span role="status" className="self-center text-sm text-slate-400">
              <Trans>Copied</Trans>
            </span>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
