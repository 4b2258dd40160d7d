// @vitest-environment happy-dom
import type { PermissionDefinition } from "@contract/auth-permissions";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderSignedIn, testQueryClient, useLang } from "@/test-support/render-signed-in";
import { PermissionsPage } from "./permissions-page";

// The permissions page against the auth service's answer through the operator proxy; the network
// is the only stand-in. Built-in permissions come with Stack's English descriptions on the wire.
const teamDefinitions: PermissionDefinition[] = [
  { id: "$delete_team", description: "Delete the team", contained_permission_ids: [] },
  { id: "$remove_members", description: "Remove other members from the team", contained_permission_ids: [] },
  { id: "team_admin", description: "Our admins", contained_permission_ids: ["$delete_team"] },
];

beforeEach(() => {
  vi.stubGlobal("fetch", async (url: string) =>
    Response.json({
      items: url.includes("/team-permission-definitions") ? teamDefinitions : [],
      is_paginated: false,
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("PermissionsPage", () => {
  it("says what a built-in permission allows in the operator's language, and a project's own as written", async () => {
    await useLang("de");
    renderSignedIn(<PermissionsPage />, { queryClient: testQueryClient() });
    expect(await screen.findByText("Das Team löschen")).toBeTruthy();
    expect(screen.getByText("Mitglieder entfernen und Einladungen zurückziehen")).toBeTruthy();
    expect(screen.queryByText("Delete the team")).toBeNull();
    expect(screen.getByText("Our admins")).toBeTruthy();
    cleanup();
    await useLang("en");
    renderSignedIn(<PermissionsPage />, { queryClient: testQueryClient() });
    expect(await screen.findByText("Delete the team")).toBeTruthy();
    expect(screen.getByText("Remove members and withdraw invitations")).toBeTruthy();
  });
});
