import { useLingui } from "@lingui/react/macro";
import { Pencil, Plus, Shapes } from "lucide-react";
import { useState } from "react";
import { LazyDialog, lazyDialog } from "@/components/lazy-dialog";
import { Button } from "@/components/ui/button";
import type { TableRef as OpenTable } from "./open-table";

// The editor's code loads on the first click, never with the page.
const TableEditorPanel = lazyDialog(() => import("./table-editor-panel").then((m) => m.default));
const TypesPanel = lazyDialog(() => import("./types-panel").then((m) => m.default));

/** The schema tree's button for schemas and enums, with its panel. */
export function TypesButton({ dbId }: { dbId: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="icon"
        className="size-9 shrink-0"
        aria-label={t`Schemas and enums`}
        title={t`Schemas and enums`}
        onClick={() => setOpen(true)}
      >
        <Shapes aria-hidden="true" />
      </Button>
      {open && (
        <LazyDialog open={open} onClose={() => setOpen(false)}>
          <TypesPanel dbId={dbId} open={open} onOpenChange={setOpen} />
        </LazyDialog>
      )}
    </>
  );
}

/** The schema tree's New table button, with its editor panel. */
export function NewTableButton({ dbId, onOpenTable }: { dbId: string; onOpenTable: (table: OpenTable) => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="icon"
        className="size-9 shrink-0"
        aria-label={t`New table`}
        title={t`New table`}
        onClick={() => setOpen(true)}
      >
        <Plus aria-hidden="true" />
      </Button>
      {open && (
        <LazyDialog open={open} onClose={() => setOpen(false)}>
          <TableEditorPanel dbId={dbId} table={null} open={open} onOpenChange={setOpen} onOpenTable={onOpenTable} />
        </LazyDialog>
      )}
    </>
  );
}

/** The table view's Edit table button, with its editor panel. */
export function EditTableButton({
  dbId,
  table,
  onOpenTable,
}: {
  dbId: string;
  table: OpenTable;
  onOpenTable?: (table: OpenTable) => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Pencil aria-hidden="true" />
        {t`Edit table`}
      </Button>
      {open && (
        <LazyDialog open={open} onClose={() => setOpen(false)}>
          <TableEditorPanel dbId={dbId} table={table} open={open} onOpenChange={setOpen} onOpenTable={onOpenTable} />
        </LazyDialog>
      )}
    </>
  );
}
