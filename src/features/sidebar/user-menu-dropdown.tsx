import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Languages, LogOut } from "lucide-react";
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
import { useSessionUser } from "@/features/auth/auth-guard";
import { signOut } from "@/features/auth/current-user";
import { restartLiveUpdates } from "@/features/live/live-updates";
import { switchLocale } from "@/lib/i18n";
import { isLocale } from "@/lib/locale";
import { notify } from "@/lib/notify";
import { clearOfflineData } from "@/lib/query-persistence";
import { UserAvatar, UserMenuTrigger } from "./user-menu";

/** The footer menu; loaded right after the first paint (Radix menus and positioning are heavy). */
export default function UserMenuDropdown({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t, i18n } = useLingui();
  const user = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const email = user.email ?? "";

  async function logOut() {
    try {
      await signOut();
    } catch {
      notify.error(t`An error occurred`);
    }
    // Leave the signed-in pages first: their mounted queries would refetch the moment the cache is
    // cleared and persist the user's data again.
    await navigate({ to: "/login" });
    // Everything kept for offline use goes: persisted store, Query cache, Cache Storage.
    await clearOfflineData(queryClient);
    restartLiveUpdates();
  }

  return (
    // Not modal: a modal menu hides the page with aria-hidden while its links stay focusable
    // (axe: aria-hidden-focus). Focus still moves into the menu, and Escape or Tab closes it.
    <DropdownMenu defaultOpen={defaultOpen} modal={false}>
      <DropdownMenuTrigger asChild>
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
        <DropdownMenuItem onSelect={() => void logOut()}>
          <LogOut aria-hidden="true" />
          {t`Log out`}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
