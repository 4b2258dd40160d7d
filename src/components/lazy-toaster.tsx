import { useSyncExternalStore } from "react";
import { type ToasterProps, toasterStore } from "@/lib/notify";

/** sonner's Toaster once sonner is loaded (src/lib/notify.ts); nothing before, as no toast exists yet. */
export function LazyToaster(props: ToasterProps) {
  const Toaster = useSyncExternalStore(toasterStore.subscribe, toasterStore.get, () => null);
  return Toaster ? <Toaster {...props} /> : null;
}
