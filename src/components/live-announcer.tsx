import { useSyncExternalStore } from "react";
import { currentAnnouncements, subscribeAnnouncements } from "@/lib/announcer";

/** The page's live regions; messages come from `announce()` and leave after 7 s. */
export function LiveAnnouncer() {
  const announcements = useSyncExternalStore(subscribeAnnouncements, currentAnnouncements);
  return (
    <div className="sr-only">
      <div role="status" aria-live="polite" data-testid="live-polite">
        {announcements
          .filter((a) => a.politeness === "polite")
          .map((a) => (
            <p key={a.id}>{a.message}</p>
          ))}
      </div>
      <div role="alert" aria-live="assertive">
        {announcements
          .filter((a) => a.politeness === "assertive")
          .map((a) => (
            <p key={a.id}>{a.message}</p>
          ))}
      </div>
    </div>
  );
}
