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
    typeof app.updatedAt === "string" &&
    typeof app.owner?.id === "string" &&
    (app.owner.type === "user" || app.owner.type === "team")
  );
}

type Notice = NonNullable<Extract<UserNotifyMessage, { type: "notify" }>["notice"]>;

/** A notice this build knows; an unknown kind (a newer server) leaves the English message to show. */
function readNotice(value: unknown): Notice | undefined {
  const notice = value as Partial<Notice> | null | undefined;
  if (typeof notice?.name !== "string") return undefined;
  if (notice.kind !== "databaseCreated" && notice.kind !== "databaseDeleted") return undefined;
  return { kind: notice.kind, name: notice.name };
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
    case "notify": {
      if (typeof frame.message !== "string") return null;
      const notice = readNotice(frame.notice);
      return notice ? { type: "notify", message: frame.message, notice } : { type: "notify", message: frame.message };
    }
    case "store":
      if (frame.op !== "refetch") return null;
      if (frame.store === "apps") return { type: "store", store: "apps", op: "refetch" };
      if (frame.store === "databases") return { type: "store", store: "databases", op: "refetch" };
      if (frame.store === "teams" && typeof frame.teamId === "string") {
        return { type: "store", store: "teams", op: "refetch", teamId: frame.teamId };
      }
      return frame.store === "appSecrets" && typeof frame.appId === "string"
        ? { type: "store", store: "appSecrets", op: "refetch", appId: frame.appId }
        : null;
    case "appUpdate":
      return isApp(frame.app) ? { type: "appUpdate", app: frame.app } : null;
    default:
      return null;
  }
}
