import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { restartLiveUpdates } from "@/lib/live-restart";
import { notify } from "@/lib/notify";
import { clearOfflineData } from "@/lib/query-persistence";
import { signOut } from "./current-user";
import { isImpersonationTab } from "./impersonation";

/** Logging out, as the user menu and the command palette do it. */
export function useLogOut(): () => Promise<void> {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    // Logging out of an impersonation ends it (revoked on the server), as the banner's button does.
    if (isImpersonationTab()) {
      // Only an impersonation tab needs it: loaded then, not with every page.
      const { endImpersonation } = await import("./end-impersonation");
      await endImpersonation().catch(() => notify.error(t`An error occurred`));
      return;
    }
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
  };
}
