import { useLingui } from "@lingui/react/macro";
import { DatabaseZap } from "lucide-react";
import { useState } from "react";
import { LazyDialog, lazyDialog } from "@/components/lazy-dialog";
import { SidebarMenuButton, SidebarMenuItem, useSidebar } from "@/components/ui/sidebar";
import { loadAreaMessages } from "@/lib/area-messages";

// Loaded when first opened, with the database pages' messages: nobody needs it for the first paint.
const CreateDatabaseDialog = lazyDialog(() =>
  Promise.all([import("@/features/database/manage/create-database-dialog"), loadAreaMessages()]).then(
    ([m]) => m.CreateDatabaseDialog,
  ),
);

/** The sidebar's "New database" row, at the end of the Databases group. */
export function NewDatabaseItem({ onOpen }: { onOpen: () => void }) {
  const { t } = useLingui();
  const { setOpenMobile } = useSidebar();
  return (
    <SidebarMenuItem>
      <SidebarMenuButton
        tooltip={t`New database`}
        onClick={() => {
          setOpenMobile(false);
          onOpen();
        }}
        className="text-slate-300"
      >
        <DatabaseZap aria-hidden="true" />
        <span>{t`New database`}</span>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

/**
 * The dialog NewDatabaseItem opens. It lives beside the sidebar, not in it: on a phone the sidebar
 * is a drawer that closes (and unmounts) as the dialog opens.
 */
export function useNewDatabaseDialog() {
  const [open, setOpen] = useState(false);
  // Once loaded the dialog stays mounted, so its closing and focus return still run.
  const [used, setUsed] = useState(false);
  const dialog = used ? (
    <LazyDialog open={open} onClose={() => setOpen(false)}>
      <CreateDatabaseDialog open={open} onOpenChange={setOpen} />
    </LazyDialog>
  ) : null;
  return {
    open: () => {
      setUsed(true);
      setOpen(true);
    },
    dialog,
  };
}
