import { type LazyMenuCache, useLazyMenu } from "./use-lazy-menu";
import { WorkspaceTrigger } from "./workspace-trigger";

const cache: LazyMenuCache = {};

/**
 * The workspace switcher at the top of the sidebar. Its menu (Radix, positioning) is requested when
 * someone reaches for it, never with the page, as the user menu's is (user-menu.tsx): a plain
 * button stands in until it is there.
 */
export function WorkspaceSwitcher() {
  const { menu, open, setOpen, standIn } = useLazyMenu(cache, () => import("./workspace-menu"));
  if (menu) return <menu.Menu open={open} onOpenChange={setOpen} focusTrigger={menu.focus} />;
  return <WorkspaceTrigger {...standIn} />;
}
