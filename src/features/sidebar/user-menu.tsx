import { type LazyMenuCache, useLazyMenu } from "./use-lazy-menu";
import { UserMenuTrigger } from "./user-menu-trigger";

const cache: LazyMenuCache = {};

/**
 * The menu's code (Radix menu and positioning, ~30 KB gzip) is requested when someone reaches for
 * it, never with the page. Until it is there a plain button stands in; a press on it opens the
 * menu as soon as the code arrives, and keyboard focus moves over to the real button.
 */
export function UserMenu() {
  const { menu, open, setOpen, standIn } = useLazyMenu(cache, () => import("./user-menu-dropdown"));
  if (menu) return <menu.Menu open={open} onOpenChange={setOpen} focusTrigger={menu.focus} />;
  return <UserMenuTrigger {...standIn} />;
}
