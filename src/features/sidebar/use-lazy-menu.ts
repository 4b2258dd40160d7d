import { type ComponentType, useRef, useState } from "react";

/** A menu whose code loads when someone reaches for it; a plain trigger stands in until then. */
export type LazyMenu = ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void; focusTrigger?: boolean }>;

/** Where a menu's loaded code is kept across mounts, so it renders at once the next time. */
export interface LazyMenuCache {
  loaded?: LazyMenu;
}

/**
 * The shared part of the sidebar's lazily loaded menus (user menu, workspace switcher): the code is
 * requested on hover, focus or press; a press opens the menu as soon as it arrives, and keyboard
 * focus moves over to the real trigger.
 */
export function useLazyMenu(cache: LazyMenuCache, importMenu: () => Promise<{ default: LazyMenu }>) {
  const [menu, setMenu] = useState<{ Menu: LazyMenu; focus: boolean } | undefined>(() =>
    cache.loaded ? { Menu: cache.loaded, focus: false } : undefined,
  );
  const [open, setOpen] = useState(false);
  const placeholder = useRef<HTMLButtonElement>(null);
  const load = () => {
    if (menu) return;
    importMenu()
      .then(({ default: Loaded }) => {
        cache.loaded = Loaded;
        setMenu({ Menu: Loaded, focus: document.activeElement === placeholder.current });
      })
      // Not there (offline before it was cached): the next reach tries again.
      .catch(() => undefined);
  };
  const press = () => {
    load();
    setOpen(true);
  };
  // What the stand-in trigger needs: a menu button that loads on a reach and opens on a press.
  const standIn = {
    ref: placeholder,
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerEnter: load,
    onFocus: load,
    onPointerDown: press,
    onClick: press,
  } as const;
  return { menu, open, setOpen, standIn };
}
