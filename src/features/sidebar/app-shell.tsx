import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense } from "react";
import { useSessionUser } from "@/components/auth-guard";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "@/components/ui/sidebar";
import { adminMeQuery } from "@/features/admin/admin-me";
import { AppDialogsProvider } from "@/features/apps/app-dialogs";
import { CommandPaletteLauncher } from "@/features/palette/command-palette-launcher";
import { AppSidebar } from "./app-sidebar";

// Notices few users ever see load in chunks of their own, and only for the users who see them.
const VerifyEmailBanner = lazy(() =>
  import("@/features/auth/verify-email-banner").then((m) => ({ default: m.VerifyEmailBanner })),
);
const MailOutboxNotice = lazy(() => import("./mail-outbox-notice").then((m) => ({ default: m.MailOutboxNotice })));

/** The signed-in layout: sidebar, a slim top bar with its toggle, notices, and the page. */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  // `false`, not falsy: a user kept for offline use from an older build has no such field.
  const unverified = useSessionUser().emailVerified === false;
  // Only an operator of an instance without a mail server gets the outbox notice (/admin/me says
  // `mail` to operators only); everyone else never downloads it.
  const mailInOutbox = useQuery(adminMeQuery()).data?.mail === "outbox";
  return (
    <AppDialogsProvider>
      <SidebarProvider>
        <AppSidebar />
        <SidebarInset>
          <header className="sticky top-0 z-10 flex h-12 items-center gap-2 border-b border-white/10 bg-slate-950/40 px-3 backdrop-blur">
            <SidebarTrigger label={t`Toggle sidebar`} />
            <span className="text-xs text-slate-400 max-md:hidden">{t`Ctrl+B toggles the sidebar`}</span>
            <CommandPaletteLauncher />
          </header>
          <Suspense fallback={null}>
            {unverified && <VerifyEmailBanner />}
            {mailInOutbox && <MailOutboxNotice />}
          </Suspense>
          <div className="flex-1">{children}</div>
        </SidebarInset>
      </SidebarProvider>
    </AppDialogsProvider>
  );
}
