import type { Database } from "@contract/databases";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { ArrowRightLeft, Download, GitBranch, Pencil, Plus, Settings2, Trash2, Upload } from "lucide-react";
import { useState } from "react";
import { MoveResourceDialog } from "@/components/move-resource-dialog";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useRoleOn } from "@/lib/workspace/use-workspace";
import { atLeast } from "@/lib/workspace/workspace";
import { BranchDatabaseDialog } from "./branch-database-dialog";
import { CreateDatabaseDialog } from "./create-database-dialog";
import { DeleteDatabaseDialog } from "./delete-database-dialog";
import { DownloadSqlDialog } from "./download-sql-dialog";
import { RenameDatabaseDialog } from "./rename-database-dialog";
import { RestoreSqlDialog } from "./restore-sql-dialog";

/**
 * The database page's menu: a new database, and branching (managed ones), downloading as SQL and
 * restoring a SQL file (developers and up), renaming, moving to another workspace or deleting the
 * one open (renaming, moving and deleting: a team's admins only; items are disabled for other roles).
 */
export function DatabaseActionsMenu({ database }: { database: Database | undefined }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [branching, setBranching] = useState<Database | null>(null);
  const [renaming, setRenaming] = useState<Database | null>(null);
  const [deleting, setDeleting] = useState<Database | null>(null);
  const [moving, setMoving] = useState<Database | null>(null);
  const [dumping, setDumping] = useState<Database | null>(null);
  const [restoring, setRestoring] = useState<Database | null>(null);
  const role = useRoleOn(database?.owner);
  const mayAdminister = database !== undefined && atLeast(role, "admin");
  const mayDevelop = database !== undefined && atLeast(role, "developer");
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
          <DropdownMenuItem disabled={database?.kind !== "managed"} onSelect={() => database && setBranching(database)}>
            <GitBranch aria-hidden="true" />
            {t`Create branch…`}
          </DropdownMenuItem>
          <DropdownMenuItem disabled={!mayDevelop} onSelect={() => database && setDumping(database)}>
            <Download aria-hidden="true" />
            {t`Download SQL…`}
          </DropdownMenuItem>
          <DropdownMenuItem disabled={!mayDevelop} onSelect={() => database && setRestoring(database)}>
            <Upload aria-hidden="true" />
            {t`Restore from SQL…`}
          </DropdownMenuItem>
          <DropdownMenuItem disabled={!mayAdminister} onSelect={() => database && setRenaming(database)}>
            <Pencil aria-hidden="true" />
            {t`Rename…`}
          </DropdownMenuItem>
          <DropdownMenuItem disabled={!mayAdminister} onSelect={() => database && setMoving(database)}>
            <ArrowRightLeft aria-hidden="true" />
            {t`Move to workspace…`}
          </DropdownMenuItem>
          <DropdownMenuItem
            disabled={!mayAdminister}
            onSelect={() => database && setDeleting(database)}
            className="text-red-300 focus:text-red-200"
          >
            <Trash2 aria-hidden="true" />
            {t`Delete…`}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <CreateDatabaseDialog open={creating} onOpenChange={setCreating} />
      <BranchDatabaseDialog
        database={branching}
        onClose={() => setBranching(null)}
        onBranched={(branch) => void navigate({ to: "/db/$dbId", params: { dbId: branch.id } })}
      />
      <DownloadSqlDialog database={dumping} onClose={() => setDumping(null)} />
      <RestoreSqlDialog database={restoring} onClose={() => setRestoring(null)} />
      <RenameDatabaseDialog database={renaming} onClose={() => setRenaming(null)} />
      <DeleteDatabaseDialog database={deleting} onClose={() => setDeleting(null)} />
      <MoveResourceDialog
        resource={moving ? { kind: "database", id: moving.id, name: moving.name, owner: moving.owner } : null}
        onClose={() => setMoving(null)}
      />
    </>
  );
}
