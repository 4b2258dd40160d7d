import { useRef, useState } from "react";
import { UserMenuTrigger } from "./user-menu-trigger";

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
