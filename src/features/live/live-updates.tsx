import { msg } from "@lingui/core/macro";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { appKeys } from "@/features/apps/api";
import { type App, replaceApp, toApp } from "@/features/apps/types";
import { refreshAppSecrets } from "@/features/secrets/query-keys";
import { i18n } from "@/lib/i18n";
import { setLiveRestart } from "@/lib/live-restart";
import { notify } from "@/lib/notify";
import { loadSessionUser } from "@/lib/session/current-user";
import { freshAccessToken } from "@/lib/session/fresh-token";
import { isTeamActivityQuery, teamQueryKey } from "@/lib/team-query-keys";
import { workspaceKeys } from "@/lib/workspace/workspaces-api";
import { LiveClient } from "./live-client";
import type { UserNotifyMessage } from "./messages";
import { OfflineIndicator } from "./offline-indicator";

let client: LiveClient | undefined;

/** The server's notice in the reader's language (its `message` is English, for older clients). */
function noticeText({ kind, name }: NonNullable<Extract<UserNotifyMessage, { type: "notify" }>["notice"]>): string {
  return kind === "databaseCreated" ? i18n._(msg`Database "${name}" created`) : i18n._(msg`Database "${name}" deleted`);
}

function socketUrl(): string {
  const url = new URL("/api/v1/ws/user-notify", window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

export function applyLiveMessage(queryClient: QueryClient, message: UserNotifyMessage): void {
  switch (message.type) {
    case "notify":
      notify.success(message.notice ? noticeText(message.notice) : message.message);
      return;
    case "store":
      // The open team page's activity lists what just happened in the team's apps and databases.
      if (message.store !== "teams") void queryClient.invalidateQueries({ predicate: isTeamActivityQuery });
      if (message.store === "apps") void queryClient.invalidateQueries({ queryKey: appKeys.all });
      else if (message.store === "databases") void queryClient.invalidateQueries({ queryKey: ["databases"] });
      else if (message.store === "teams") {
        // Someone's role changed (maybe the reader's own): the team page and the switcher's roles.
        void queryClient.invalidateQueries({ queryKey: teamQueryKey(message.teamId) });
        void queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
      }
      // Only a signal: the page refetches the secrets, tokens and history it shows.
      else void refreshAppSecrets(queryClient, message.appId);
      return;
    case "appUpdate":
      queryClient.setQueryData<App[]>(appKeys.list(), (apps) => replaceApp(apps, toApp(message.app)));
      return;
    case "ready":
      return;
  }
}

/** Keeps the socket running for the whole page and shows when the network is gone; mounted once at the root. */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let connectedBefore = false;
    client = new LiveClient({
      url: socketUrl(),
      isSignedIn: async () => {
        if (!(await loadSessionUser())) return false;
        // The socket authenticates with the access cookie, so it must not be stale.
        await freshAccessToken();
        return true;
      },
      onMessage: (message) => {
        // Every 'ready' after the first is a reconnection: what changed elsewhere meanwhile was
        // never pushed to us, so whatever is on screen is refetched.
        if (message.type === "ready" && connectedBefore) void queryClient.invalidateQueries();
        if (message.type === "ready") connectedBefore = true;
        applyLiveMessage(queryClient, message);
      },
      log: (text, detail) => console.warn(text, detail),
    });
    client.start();
    setLiveRestart(() => client?.restart());
    const lost = () => client?.networkLost();
    const back = () => client?.networkBack();
    window.addEventListener("offline", lost);
    window.addEventListener("online", back);
    return () => {
      window.removeEventListener("offline", lost);
      window.removeEventListener("online", back);
      setLiveRestart(undefined);
      client?.stop();
      client = undefined;
    };
  }, [queryClient]);
  return <OfflineIndicator />;
}
