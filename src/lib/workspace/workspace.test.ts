// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { clearSelectedWorkspaces, selectedWorkspace, selectWorkspace } from "./selected-workspace";
import { atLeast, inWorkspace, parseWorkspaceKey, roleOn, workspaceKey } from "./workspace";

const TEAM = "11111111-1111-4111-8111-111111111111";

describe("workspaces", () => {
  it("places a resource by its owner: a user's in Personal, a team's in that team's", () => {
    expect(inWorkspace({ type: "user", id: "u" }, { type: "personal" })).toBe(true);
    expect(inWorkspace({ type: "team", id: TEAM }, { type: "personal" })).toBe(false);
    expect(inWorkspace({ type: "team", id: TEAM }, { type: "team", id: TEAM })).toBe(true);
    expect(inWorkspace({ type: "team", id: "other" }, { type: "team", id: TEAM })).toBe(false);
    expect(inWorkspace(undefined, { type: "personal" })).toBe(true);
    expect(parseWorkspaceKey(workspaceKey({ type: "team", id: TEAM }))).toEqual({ type: "team", id: TEAM });
    expect(parseWorkspaceKey("team:")).toEqual({ type: "personal" });
    expect(parseWorkspaceKey(null)).toEqual({ type: "personal" });
  });

  it("gives the caller's role as the server does: owner of their own, their team role on a team's", () => {
    const teams = [{ id: TEAM, displayName: "A", role: "developer" as const }];
    expect(roleOn({ type: "user", id: "u" }, teams)).toBe("owner");
    expect(roleOn({ type: "team", id: TEAM }, teams)).toBe("developer");
    expect(roleOn({ type: "team", id: "other" }, teams)).toBeNull();
    expect(atLeast("developer", "viewer")).toBe(true);
    expect(atLeast("developer", "admin")).toBe(false);
    expect(atLeast(null, "viewer")).toBe(false);
  });

  it("keeps each user's choice apart, and sign-out forgets every one", () => {
    selectWorkspace("ada", { type: "team", id: TEAM });
    expect(selectedWorkspace("ada")).toEqual({ type: "team", id: TEAM });
    expect(selectedWorkspace("bob")).toEqual({ type: "personal" });
    localStorage.setItem("unrelated", "kept");
    clearSelectedWorkspaces();
    expect(selectedWorkspace("ada")).toEqual({ type: "personal" });
    expect(localStorage.getItem("unrelated")).toBe("kept");
  });
});
