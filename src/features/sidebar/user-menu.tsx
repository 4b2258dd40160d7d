import { useLingui } from "@lingui/react/macro";
import Avatar from "boring-avatars";
import { ChevronsUpDown } from "lucide-react";
import { type ComponentProps, lazy, Suspense, useState } from "react";
import { SidebarMenuButton } from "@/components/ui/sidebar";
import { useSessionUser } from "@/features/auth/auth-guard";
import { usePainted } from "@/lib/use-painted";

const UserMenuDropdown = lazy(() => import("./user-menu-dropdown"));

const AVATAR_COLORS = ["#818cf8", "#c084fc", "#22d3ee", "#f472b6", "#0b1020"];

/** Drawn in the browser from the e-mail, so it is the same everywhere and needs no network. */
export function UserAvatar({ email, size = 32 }: { email: string; size?: number }) {
  return (
    <span aria-hidden="true" className="shrink-0 overflow-hidden rounded-full">
      <Avatar name={email} variant="beam" size={size} colors={AVATAR_COLORS} />
    </span>
  );
}

/** The footer button: avatar and e-mail. */
export function UserMenuTrigger(props: ComponentProps<"button">) {
  const { t } = useLingui();
  const email = useSessionUser().email ?? "";
  return (
    <SidebarMenuButton tooltip={email} size="lg" aria-label={t`User menu for ${email}`} {...props}>
      <UserAvatar email={email} size={24} />
      <span className="min-w-0 flex-1 truncate text-left">{email}</span>
      <ChevronsUpDown aria-hidden="true" className="ml-auto group-data-[collapsed=true]:hidden" />
    </SidebarMenuButton>
  );
}

export function UserMenu() {
  // A click that lands before the menu's code does opens the menu as soon as it arrives.
  const [openOnLoad, setOpenOnLoad] = useState(false);
  // The menu's code is requested after the shell has painted, never racing it.
  const painted = usePainted();
  const trigger = <UserMenuTrigger aria-haspopup="menu" onClick={() => setOpenOnLoad(true)} />;
  if (!painted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <UserMenuDropdown defaultOpen={openOnLoad} />
    </Suspense>
  );
}
