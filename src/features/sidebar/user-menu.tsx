import { useLingui } from "@lingui/react/macro";
import Avatar from "boring-avatars";
import { ChevronsUpDown } from "lucide-react";
import { type ComponentProps, useRef, useState } from "react";
import { SidebarMenuButton } from "@/components/ui/sidebar";
import { useSessionUser } from "@/features/auth/auth-guard";

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

type Dropdown = typeof import("./user-menu-dropdown").default;
/** Kept across mounts: once loaded, the menu renders at once. */
let loadedDropdown: Dropdown | undefined;

/**
 * The menu's code (Radix menu and positioning, ~30 KB gzip) is requested when someone reaches for
 * it, never with the page. Until it is there a plain button stands in; a press on it opens the
 * menu as soon as the code arrives, and keyboard focus moves over to the real button.
 */
export function UserMenu() {
  const [dropdown, setDropdown] = useState<{ Menu: Dropdown; focus: boolean } | undefined>(() =>
    loadedDropdown ? { Menu: loadedDropdown, focus: false } : undefined,
  );
  const [open, setOpen] = useState(false);
  const placeholder = useRef<HTMLButtonElement>(null);
  const load = () => {
    if (dropdown) return;
    import("./user-menu-dropdown")
      .then(({ default: Menu }) => {
        loadedDropdown = Menu;
        setDropdown({ Menu, focus: document.activeElement === placeholder.current });
      })
      // Not there (offline before it was cached): the next reach tries again.
      .catch(() => undefined);
  };
  const press = () => {
    load();
    setOpen(true);
  };
  if (dropdown) return <dropdown.Menu open={open} onOpenChange={setOpen} focusTrigger={dropdown.focus} />;
  return (
    <UserMenuTrigger
      ref={placeholder}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={load}
      onPointerDown={press}
      onClick={press}
    />
  );
}
