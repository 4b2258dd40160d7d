import { useLingui } from "@lingui/react/macro";
import { onlineManager } from "@tanstack/react-query";
import { WifiOff } from "lucide-react";
import { useSyncExternalStore } from "react";

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/** Tells the user they see what was last loaded and that changes wait for the network. */
export function OfflineIndicator() {
  const { t } = useLingui();
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  if (online) return null;
  return (
    <p
      role="status"
      data-testid="offline-indicator"
      className="fixed right-4 bottom-4 z-50 flex items-center gap-2 rounded-md border border-amber-400/40 bg-slate-900 px-3 py-2 text-sm text-amber-200 shadow-lg"
    >
      <WifiOff aria-hidden="true" className="size-4" />
      {t`Offline: showing saved data. Changes are sent when you are back online.`}
    </p>
  );
}
