/** How long an announcement stays in the live region before it is cleared (spec: 7000 ms). */
export const ANNOUNCEMENT_LIFETIME_MS = 7000;

export interface Announcement {
  id: number;
  message: string;
  politeness: "polite" | "assertive";
}

type Listener = (announcements: readonly Announcement[]) => void;

let nextId = 1;
let current: readonly Announcement[] = [];
const listeners = new Set<Listener>();

function publish(next: readonly Announcement[]): void {
  current = next;
  for (const listener of listeners) listener(current);
}

/** Queues a message for screen readers; it disappears from the live region after 7 s. */
export function announce(message: string, politeness: Announcement["politeness"] = "polite"): void {
  const announcement = { id: nextId++, message, politeness };
  publish([...current, announcement]);
  setTimeout(() => publish(current.filter((a) => a.id !== announcement.id)), ANNOUNCEMENT_LIFETIME_MS);
}

export function subscribeAnnouncements(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentAnnouncements(): readonly Announcement[] {
  return current;
}
