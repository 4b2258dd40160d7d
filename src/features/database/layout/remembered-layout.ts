import { useDefaultLayout } from "react-resizable-panels";
import { useSessionUser } from "@/components/auth-guard";

/**
 * A panel group's sizes, kept in this browser per signed-in user: two people sharing a browser each
 * get their own split, and a layout never follows into someone else's session.
 */
export function useRememberedLayout(name: string) {
  const user = useSessionUser();
  return useDefaultLayout({ id: `layout:${user.id}:${name}`, storage: localStorage });
}
