/**
 * What the server pushes on /api/v1/ws/user-notify. Checked by hand rather than with the
 * contract's zod schema: the socket runs on every signed-in page and zod would weigh on it.
 */
export type UserNotifyMessage =
  | { type: "notify"; message: string }
  | { type: "store"; store: string; op: string }
  | { type: "appUpdate"; app: unknown };

export function parseUserNotifyMessage(data: unknown): UserNotifyMessage | null {
  if (typeof data !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case "notify":
      return typeof message.message === "string" ? { type: "notify", message: message.message } : null;
    case "store":
      return typeof message.store === "string" && typeof message.op === "string"
        ? { type: "store", store: message.store, op: message.op }
        : null;
    case "appUpdate":
      return typeof message.app === "object" && message.app !== null ? { type: "appUpdate", app: message.app } : null;
    default:
      return null;
  }
}
