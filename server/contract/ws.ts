import { z } from "zod";
import { appSchema } from "./apps.ts";

/** What the server pushes on /api/v1/ws/user-notify, about the signed-in user's own changes. */
export const userNotifyMessageSchema = z.discriminatedUnion("type", [
  /** Sent once the socket is authenticated and subscribed; clients may ignore it. */
  z.object({ type: z.literal("ready") }),
  /**
   * `message` is English, for clients that do not know `notice`; a client that does shows the
   * notice's text in its reader's language, with the notice's parameters.
   */
  z.object({
    type: z.literal("notify"),
    message: z.string(),
    notice: z.object({ kind: z.enum(["databaseCreated", "databaseDeleted"]), name: z.string() }).optional(),
  }),
  /**
   * `apps`: refetch the list of apps. `appSecrets`: something about app `appId`'s secrets, service
   * tokens or history changed; refetch those (the message never carries a value).
   */
  z.discriminatedUnion("store", [
    z.object({ type: z.literal("store"), store: z.literal("apps"), op: z.literal("refetch") }),
    /** `databases`: refetch the list of databases (one was made, renamed, moved or deleted, maybe by a team member). */
    z.object({ type: z.literal("store"), store: z.literal("databases"), op: z.literal("refetch") }),
    z.object({ type: z.literal("store"), store: z.literal("appSecrets"), op: z.literal("refetch"), appId: z.string() }),
    /** `teams`: team `teamId`'s members or roles changed (a role, a transfer, someone joined); refetch its page and the workspaces. */
    z.object({ type: z.literal("store"), store: z.literal("teams"), op: z.literal("refetch"), teamId: z.string() }),
  ]),
  z.object({ type: z.literal("appUpdate"), app: appSchema }),
]);
export type UserNotifyMessage = z.infer<typeof userNotifyMessageSchema>;

/** The first message a client sends when it has no cookie: its access token (never put in the URL). */
export const socketAuthMessageSchema = z.strictObject({ type: z.literal("auth"), accessToken: z.string().min(1) });
export type SocketAuthMessage = z.infer<typeof socketAuthMessageSchema>;

/** Close codes of the user-notify socket. */
export const SOCKET_CLOSE = {
  /** No token arrived within SOCKET_AUTH_TIMEOUT_MS, or the first message was not an auth message. */
  AUTH_REQUIRED: 4001,
  INVALID_TOKEN: 4002,
  TOKEN_EXPIRED: 4003,
  /** Anonymous or restricted user. */
  FORBIDDEN: 4004,
  /** The peer did not answer a ping. */
  DEAD_PEER: 4005,
} as const;

export const SOCKET_AUTH_TIMEOUT_MS = 10_000;
export const SOCKET_PING_INTERVAL_MS = 30_000;
