import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { teamActivityQueryKey, teamQueryKey } from "@/lib/team-query-keys";
import { applyLiveMessage } from "./live-updates";

const TEAM = "11111111-1111-4111-8111-111111111111";

function seeded() {
  const client = new QueryClient();
  client.setQueryData([...teamActivityQueryKey(TEAM), {}], { pages: [], pageParams: [] });
  client.setQueryData([...teamQueryKey(TEAM), "members"], []);
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
  return { client, stale };
}

describe("the team page's activity, told by the socket", () => {
  it.each([
    ["appSecrets", { type: "store", store: "appSecrets", op: "refetch", appId: "app-1" }],
    ["apps", { type: "store", store: "apps", op: "refetch" }],
    ["databases", { type: "store", store: "databases", op: "refetch" }],
  ] as const)("is read again after a change of %s, the members are not", (_store, message) => {
    const { client, stale } = seeded();
    applyLiveMessage(client, message);
    expect(stale([...teamActivityQueryKey(TEAM), {}])).toBe(true);
    expect(stale([...teamQueryKey(TEAM), "members"])).toBe(false);
  });

  it("is read again with the team's roles", () => {
    const { client, stale } = seeded();
    applyLiveMessage(client, { type: "store", store: "teams", op: "refetch", teamId: TEAM });
    expect(stale([...teamActivityQueryKey(TEAM), {}])).toBe(true);
  });
});
