import { useLingui } from "@lingui/react/macro";
import Avatar from "boring-avatars";
import { ChevronsUpDown } from "lucide-react";
import type { ComponentProps } from "react";
import { useSessionUser } from "@/components/auth-guard";
import { SidebarMenuButton } from "@/components/ui/sidebar";

// Apart from user-menu.tsx, which loads the dropdown on demand: the dropdown draws the same trigger
// and avatar, and importing them from the file that imports it made a cycle.
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
