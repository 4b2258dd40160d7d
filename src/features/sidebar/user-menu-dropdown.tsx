import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Languages, LogOut, Settings, ShieldCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { useSessionUser } from "@/components/auth-guard";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { isAdminQuery } from "@/features/admin/admin-me";
import { switchLocale } from "@/lib/i18n";
import { isLocale } from "@/lib/locale";
import { useLogOut } from "@/lib/session/use-log-out";
import { ApiKeysMenuItem } from "./api-keys-menu-item";
import { UserAvatar, UserMenuTrigger } from "./user-menu-trigger";

/** The footer menu; loaded when someone reaches for it (Radix menus and positioning are heavy). */
export default function UserMenuDropdown({
  open,
  onOpenChange,
  focusTrigger = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The stand-in button had focus: keep it on this one. */
  focusTrigger?: boolean;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Only on mount: the stand-in's focus carries over once (an open menu takes focus itself).
  // biome-ignore lint/correctness/useExhaustiveDependencies: mount-only by design
  useEffect(() => {
    if (focusTrigger && !open) triggerRef.current?.focus();
  }, []);
  const { t, i18n } = useLingui();
  const user = useSessionUser();
  const logOut = useLogOut();
  const email = user.email ?? "";
  // Asked when the menu first loads; only operators (ADMIN_EMAILS) get the link.
  const isAdmin = useQuery(isAdminQuery()).data === true;

  // Not modal: a modal menu hides the page with aria-hidden while its links stay focusable
  // (axe: aria-hidden-focus). Focus still moves into the menu, and Escape or Tab closes it.
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenuTrigger asChild ref={triggerRef}>
        <UserMenuTrigger />
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="start" className="w-(--radix-dropdown-menu-trigger-width) min-w-56">
        <DropdownMenuLabel className="flex items-center gap-2">
          <UserAvatar email={email} size={24} />
          <span className="truncate">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <Languages aria-hidden="true" />
            {t`Language`}
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            <DropdownMenuRadioGroup
              value={i18n.locale}
              onValueChange={(value) => {
                if (isLocale(value) && value !== i18n.locale) switchLocale(value);
              }}
            >
              <DropdownMenuRadioItem value="en" lang="en">
                English
              </DropdownMenuRadioItem>
              <DropdownMenuRadioItem value="de" lang="de">
                Deutsch
              </DropdownMenuRadioItem>
            </DropdownMenuRadioGroup>
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/account">
            <Settings aria-hidden="true" />
            {t`Account settings`}
          </Link>
        </DropdownMenuItem>
        <ApiKeysMenuItem open={open} />
        {isAdmin && (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <ShieldCheck aria-hidden="true" />
              {t`Admin area`}
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => void logOut()}>
          <LogOut aria-hidden="true" />
          {t`Log out`}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
