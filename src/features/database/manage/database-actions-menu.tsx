import type { Database } from "@contract/databases";
import { useLingui } from "@lingui/react/macro";
import { Pencil, Plus, Settings2, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { CreateDatabaseDialog } from "./create-database-dialog";
import { DeleteDatabaseDialog } from "./delete-database-dialog";
import { RenameDatabaseDialog } from "./rename-database-dialog";

/** The database page's menu: a new database, and renaming or deleting the one open. */
export function DatabaseActionsMenu({ database }: { database: Database | undefined }) {
  const { t } = useLingui();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Database | null>(null);
  const [deleting, setDeleting] = useState<Database | null>(null);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t`Database actions`} title={t`Database actions`}>
            <Settings2 aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-48">
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {t`New database…`}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem disabled={!database} onSelect={() => database && setRenaming(database)}>
            <Pencil aria-hidden="true" />
            {t`Rename…`}
          </DropdownMenuItem>
          <DropdownMenuItem
            disabled={!database}
            onSelect={() => database && setDeleting(database)}
            className="text-red-300 focus:text-red-200"
          >
            <Trash2 aria-hidden="true" />
            {t`Delete…`}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <CreateDatabaseDialog open={creating} onOpenChange={setCreating} />
      <RenameDatabaseDialog database={renaming} onClose={() => setRenaming(null)} />
      <DeleteDatabaseDialog database={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
