import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "@/components/ui/sidebar";
import { AppDialogsProvider } from "@/features/apps/app-dialogs";
import { AppSidebar } from "./app-sidebar";

/** The signed-in layout: sidebar, a slim top bar with its toggle, and the page. */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <AppDialogsProvider>
      <SidebarProvider>
        <AppSidebar />
        <SidebarInset>
          <header className="sticky top-0 z-10 flex h-12 items-center gap-2 border-b border-white/10 bg-slate-950/40 px-3 backdrop-blur">
            <SidebarTrigger label={t`Toggle sidebar`} />
            <span className="text-xs text-slate-400 max-md:hidden">{t`Ctrl+B toggles the sidebar`}</span>
          </header>
          <div className="flex-1">{children}</div>
        </SidebarInset>
      </SidebarProvider>
    </AppDialogsProvider>
  );
}
