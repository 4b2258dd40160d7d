import { upgradeWebSocket } from "@hono/node-server";
import { Hono } from "hono";
import type { WSContext } from "hono/ws";
import type WebSocket from "ws";
import { accessTokenFromCookies } from "../contract/session-cookie.ts";
import {
  SOCKET_AUTH_TIMEOUT_MS,
  SOCKET_CLOSE,
  SOCKET_PING_INTERVAL_MS,
  socketAuthMessageSchema,
  type UserNotifyMessage,
} from "../contract/ws.ts";
import type { AppEnv } from "../http/env.ts";
import { TokenRejected } from "./lib/access/access-token.ts";
import { crossSiteCookieRequest } from "./lib/access/require-user.ts";
import { subscribeToTeams } from "./lib/access/team-subscriptions.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import type { ApiUser } from "./lib/core/api-env.ts";
import { apiError } from "./lib/core/api-error.ts";

const closeCodeOf = (error: unknown): [number, string] => {
  if (error instanceof TokenRejected) {
    if (error.code === "ACCESS_TOKEN_EXPIRED") return [SOCKET_CLOSE.TOKEN_EXPIRED, "access token expired"];
    if (error.code === "INVALID_ACCESS_TOKEN") return [SOCKET_CLOSE.INVALID_TOKEN, "invalid access token"];
    return [SOCKET_CLOSE.FORBIDDEN, "anonymous or restricted user"];
  }
  return [SOCKET_CLOSE.INVALID_TOKEN, "access token could not be verified"];
};

/**
 * /ws/user-notify: live events about the user's own changes and those of their teams' resources. It authenticates with the SDK's access
 * cookie or, without one, a first message `{type:"auth", accessToken}`; a token never goes in the
 * URL (URLs end up in logs). It pings to find dead peers and closes when the token expires.
 */
export function userNotifySocketRoutes(deps: ApiDeps) {
  return new Hono<AppEnv>().get(
    "/user-notify",
    // A cookie would let any site's page listen in: with one, the upgrade must come from the console.
    async (c, next) => {
      if (crossSiteCookieRequest((name) => c.req.header(name), "CONNECT", deps.publicUrl())) {
        throw apiError("CROSS_SITE_REQUEST_REFUSED", "This socket was opened from another site; it was refused.");
      }
      await next();
    },
    upgradeWebSocket((c) => {
      const cookieToken = accessTokenFromCookies(c.req.header("cookie"));
      let user: ApiUser | null = null;
      const cleanups: Array<() => void> = [];
      const send = (ws: WSContext, message: UserNotifyMessage) => ws.send(JSON.stringify(message));

      const authenticate = async (ws: WSContext, token: string) => {
        try {
          user = await deps.verifier.verify(token);
        } catch (error) {
          ws.close(...closeCodeOf(error));
          return;
        }
        const current = user;
        const teams = subscribeToTeams(deps, current.id, (message) => send(ws, message));
        cleanups.push(() => teams.close());
        cleanups.push(
          deps.events.listen(current.id, (message) => {
            send(ws, message);
            teams.resync();
          }),
        );
        await teams.ready;
        const untilExpiry = Math.max(0, current.expiresAt * 1000 - Date.now());
        const expiry = setTimeout(() => ws.close(SOCKET_CLOSE.TOKEN_EXPIRED, "access token expired"), untilExpiry);
        cleanups.push(() => clearTimeout(expiry));
        send(ws, { type: "ready" });
      };

      return {
        onOpen(_event, ws) {
          const raw = ws.raw as WebSocket | undefined; // @hono/node-server hands over the ws socket
          let alive = true;
          raw?.on("pong", () => {
            alive = true;
          });
          const pinger = setInterval(() => {
            if (!alive) {
              ws.close(SOCKET_CLOSE.DEAD_PEER, "no pong");
              raw?.terminate();
              return;
            }
            alive = false;
            raw?.ping();
          }, SOCKET_PING_INTERVAL_MS);
          cleanups.push(() => clearInterval(pinger));
          if (cookieToken) {
            void authenticate(ws, cookieToken);
          } else {
            const timer = setTimeout(() => {
              if (!user) ws.close(SOCKET_CLOSE.AUTH_REQUIRED, "send an auth message first");
            }, SOCKET_AUTH_TIMEOUT_MS);
            cleanups.push(() => clearTimeout(timer));
          }
        },
        onMessage(event, ws) {
          if (user || cookieToken) return; // clients have nothing else to say
          let parsed: ReturnType<typeof socketAuthMessageSchema.safeParse>;
          try {
            parsed = socketAuthMessageSchema.safeParse(JSON.parse(String(event.data)));
          } catch {
            ws.close(SOCKET_CLOSE.AUTH_REQUIRED, "the first message must be an auth message");
            return;
          }
          if (!parsed.success) {
            ws.close(SOCKET_CLOSE.AUTH_REQUIRED, "the first message must be an auth message");
            return;
          }
          void authenticate(ws, parsed.data.accessToken);
        },
        onClose() {
          for (const cleanup of cleanups.splice(0)) cleanup();
        },
      };
    }),
    // Reached only by a request that asked for no upgrade.
    () => {
      throw apiError("UPGRADE_REQUIRED", "This endpoint speaks WebSocket only: send an upgrade request.");
    },
  );
}
