import { Slot } from "@radix-ui/react-slot";
import { PanelLeft } from "lucide-react";
import {
  type ComponentProps,
  type CSSProperties,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useIsMobile } from "@/hooks/use-is-mobile";
import { cn } from "@/lib/cn";
import { readCookie } from "@/lib/locale";
import { throwErr } from "@/lib/throw-err";
import { Button } from "./button";
import {
  isSidebarShortcut,
  SIDEBAR_COOKIE,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  sidebarCookie,
  sidebarOpenFromCookie,
} from "./sidebar-state";

// Both load on demand: the drawer only below 768 px, tooltips only for the collapsed sidebar.
const loadSidebarDrawer = () => import("./sidebar-drawer");
const SidebarDrawer = lazy(loadSidebarDrawer);
// A failed prefetch is retried by the open itself.
const prefetchDrawer = () => void loadSidebarDrawer().catch(() => undefined);
const SidebarTooltip = lazy(() => import("./sidebar-tooltip"));

interface SidebarContextValue {
  /** Desktop: expanded (true) or collapsed to icons (false). */
  open: boolean;
  setOpen(open: boolean): void;
  /** Mobile: the drawer is showing. */
  openMobile: boolean;
  setOpenMobile(open: boolean): void;
  isMobile: boolean;
  toggle(): void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  return useContext(SidebarContext) ?? throwErr("useSidebar needs a <SidebarProvider> above it");
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(() => sidebarOpenFromCookie(readCookie(document.cookie, SIDEBAR_COOKIE)));
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    document.cookie = sidebarCookie(next);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  const value = useMemo(
    () => ({ open, setOpen, openMobile, setOpenMobile, isMobile, toggle }),
    [open, setOpen, openMobile, isMobile, toggle],
  );
  return (
    <SidebarContext.Provider value={value}>
      <div
        className="flex min-h-svh w-full"
        style={
          {
            "--sidebar-width": SIDEBAR_WIDTH,
            "--sidebar-width-icon": SIDEBAR_WIDTH_ICON,
          } as CSSProperties
        }
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

const panel = "flex h-full flex-col bg-slate-950/80 text-slate-200 backdrop-blur";

/** The sidebar itself: a column beside the content on desktop, a slide-in drawer below 768 px. */
export function Sidebar({ children, label, drawerTitle }: { children: ReactNode; label: string; drawerTitle: string }) {
  const { isMobile, open, openMobile, setOpenMobile } = useSidebar();
  // A closed drawer shows nothing, so its code (Radix dialog, scroll lock) waits for the first open.
  const drawerOpened = useRef(false);
  if (openMobile) drawerOpened.current = true;
  if (isMobile) {
    if (!drawerOpened.current) return null;
    return (
      <Suspense fallback={null}>
        <SidebarDrawer open={openMobile} onOpenChange={setOpenMobile} title={drawerTitle} className={panel}>
          <nav aria-label={label} className="flex h-full flex-col">
            {children}
          </nav>
        </SidebarDrawer>
      </Suspense>
    );
  }
  return (
    <aside
      data-collapsed={!open}
      className={cn(
        panel,
        "group sticky top-0 h-svh shrink-0 overflow-hidden border-r border-white/10 transition-[width] duration-200",
        open ? "w-(--sidebar-width)" : "w-(--sidebar-width-icon)",
      )}
    >
      <nav aria-label={label} className="flex h-full flex-col">
        {children}
      </nav>
    </aside>
  );
}

export function SidebarTrigger({ label, className }: { label: string; className?: string }) {
  const { toggle, isMobile, open, openMobile } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      aria-label={label}
      aria-expanded={isMobile ? openMobile : open}
      onClick={toggle}
      // On small screens the drawer's code is fetched as soon as someone reaches for the button.
      onPointerEnter={isMobile ? prefetchDrawer : undefined}
      onFocus={isMobile ? prefetchDrawer : undefined}
    >
      <PanelLeft aria-hidden="true" />
    </Button>
  );
}

export function SidebarInset({ className, ...props }: ComponentProps<"main">) {
  return <main className={cn("flex min-w-0 flex-1 flex-col", className)} {...props} />;
}

export function SidebarHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-2 p-2", className)} {...props} />;
}

export function SidebarFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("mt-auto flex flex-col gap-2 border-t border-white/10 p-2", className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("flex min-h-0 flex-1 flex-col gap-2 overflow-x-hidden overflow-y-auto", className)} {...props} />
  );
}

export function SidebarGroup({
  className,
  label,
  children,
}: {
  className?: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <section className={cn("flex flex-col p-2", className)} aria-label={label}>
      <h2 className="px-2 pb-1 text-xs font-medium tracking-wide text-slate-400 uppercase group-data-[collapsed=true]:sr-only">
        {label}
      </h2>
      {children}
    </section>
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<"ul">) {
  return <ul className={cn("flex flex-col gap-1", className)} {...props} />;
}

export function SidebarMenuItem(props: ComponentProps<"li">) {
  return <li {...props} />;
}

/**
 * A row of the sidebar. When the sidebar is collapsed to icons the text is visually hidden but
 * stays the accessible name, and a tooltip shows it.
 */
export function SidebarMenuButton({
  tooltip,
  isActive,
  className,
  asChild,
  size = "default",
  ...props
}: ComponentProps<"button"> & { tooltip: string; isActive?: boolean; asChild?: boolean; size?: "default" | "lg" }) {
  const { open, isMobile } = useSidebar();
  const Component = asChild ? Slot : "button";
  const button = (
    <Component
      data-active={isActive}
      className={cn(
        "flex w-full items-center gap-2 overflow-hidden rounded-md px-2 text-left text-sm",
        size === "lg" ? "h-12" : "h-8",
        "hover:bg-white/10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-300 data-[active=true]:bg-white/15 data-[active=true]:font-medium",
        "[&>svg]:size-4 [&>svg]:shrink-0 [&>span:last-child]:truncate",
        // Collapsed to icons: labels stay as accessible names only, the icon is centred.
        "group-data-[collapsed=true]:justify-center group-data-[collapsed=true]:px-0 group-data-[collapsed=true]:[&>span:not([aria-hidden])]:sr-only",
        className,
      )}
      {...props}
    />
  );
  if (open || isMobile) return button;
  return (
    <Suspense fallback={button}>
      <SidebarTooltip label={tooltip}>{button}</SidebarTooltip>
    </Suspense>
  );
}
