import type { App } from "@contract/apps";
import type { UserNotifyMessage } from "@contract/ws";

export type { UserNotifyMessage };

function isApp(value: unknown): value is App {
  const app = value as Partial<App> | null;
  return (
    typeof app === "object" &&
    app !== null &&
    typeof app.id === "string" &&
    typeof app.title === "string" &&
    typeof app.createdAt === "string" &&
    typeof app.updatedAt === "string"
  );
}

/**
 * Reads one frame of /api/v1/ws/user-notify into the contract's message type. Checked by hand
 * rather than with the contract's zod schema, which would weigh on every signed-in page; a frame
 * it cannot read is ignored (and logged by the caller), never thrown.
 */
export function parseUserNotifyMessage(data: unknown): UserNotifyMessage | null {
  if (typeof data !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const frame = value as Record<string, unknown>;
  switch (frame.type) {
    case "ready":
      return { type: "ready" };
    case "notify":
      return typeof frame.message === "string" ? { type: "notify", message: frame.message } : null;
    case "store":
      if (frame.op !== "refetch") return null;
      if (frame.store === "apps") return { type: "store", store: "apps", op: "refetch" };
      return frame.store === "appSecrets" && typeof frame.appId === "string"
        ? { type: "store", store: "appSecrets", op: "refetch", appId: frame.appId }
        : null;
    case "appUpdate":
      return isApp(frame.app) ? { type: "appUpdate", app: frame.app } : null;
    default:
      return null;
  }
}
