// @vitest-environment happy-dom
import type { MyTeam } from "@contract/teams";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Workspace } from "@/lib/workspace/workspace";
import {
  installFakeApi,
  type Lang,
  renderSignedIn,
  TEST_USER,
  testQueryClient,
  useLang,
} from "@/test-support/render-signed-in";
import { MoveResourceDialog } from "./move-resource-dialog";

const ALPHA = "11111111-1111-4111-8111-111111111111";
const BETA = "22222222-2222-4222-8222-222222222222";
const teams: MyTeam[] = [
  { id: ALPHA, displayName: "Alpha", role: "admin" },
  { id: BETA, displayName: "Beta", role: "viewer" },
];

const TEXT = {
  en: {
    title: "Move app",
    dbTitle: "Move database",
    move: "Move",
    personal: "Personal",
    needsAdmin: "This needs the role Admin in this team. Ask a team admin for it.",
  },
  de: {
    title: "App verschieben",
    dbTitle: "Datenbank verschieben",
    move: "Verschieben",
    personal: "Persönlich",
    needsAdmin: "Dafür braucht es die Rolle Admin in diesem Team. Bitten Sie einen Admin des Teams darum.",
  },
} as const;

describe.each(["en", "de"] as Lang[])("moving a resource between workspaces (%s)", (lang) => {
  const text = TEXT[lang];
  beforeEach(() => useLang(lang));
  afterEach(() => cleanup());

  it("offers only the teams the user administers, and moves there with POST …/move", async () => {
    const user = userEvent.setup();
    const api = installFakeApi((method, path, body) => {
      if (path === "/teams") return { pair: [teams, null] };
      if (method === "POST")
        return { pair: [{ id: "app-1", owner: { type: "team", id: (body as { team_id: string }).team_id } }, null] };
      return { pair: [[], null] };
    });
    const moved: Workspace[] = [];
    let closed = 0;
    renderSignedIn(
      <MoveResourceDialog
        resource={{ kind: "app", id: "app-1", name: "Shop", owner: { type: "user", id: TEST_USER.id } }}
        onClose={() => closed++}
        onMoved={(to) => moved.push(to)}
      />,
      { queryClient: testQueryClient() },
    );
    const dialog = await screen.findByRole("alertdialog", { name: text.title });
    await within(dialog).findByRole("radio", { name: "Alpha" });
    // Not where it is (Personal), not where the user is only a viewer (Beta).
    expect(
      within(dialog)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual([`team:${ALPHA}`]);
    const confirm = within(dialog).getByRole("button", { name: text.move, exact: true } as never);
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole("radio", { name: "Alpha" }));
    await user.click(confirm);
    await waitFor(() => expect(moved).toEqual([{ type: "team", id: ALPHA }]));
    expect(api.calls.find((call) => call.method === "POST")).toMatchObject({
      path: "/apps/app-1/move",
      body: { team_id: ALPHA },
    });
    expect(closed).toBe(1);
  });

  it("moves a team's database back to Personal, and says a refusal naming the role needed", async () => {
    const user = userEvent.setup();
    let refuse = true;
    const api = installFakeApi((method, path) => {
      if (path === "/teams") return { pair: [teams, null] };
      if (method === "POST" && refuse)
        return {
          status: 403,
          pair: [
            null,
            { code: "TEAM_ROLE_REQUIRED", message: "Your role does not allow this.", details: { role: "admin" } },
          ],
        };
      if (method === "POST") return { pair: [{ id: "db-1" }, null] };
      return { pair: [[], null] };
    });
    renderSignedIn(
      <MoveResourceDialog
        resource={{ kind: "database", id: "db-1", name: "orders", owner: { type: "team", id: ALPHA } }}
        onClose={() => undefined}
      />,
      { queryClient: testQueryClient() },
    );
    const dialog = await screen.findByRole("alertdialog", { name: text.dbTitle });
    await user.click(await within(dialog).findByRole("radio", { name: text.personal }));
    await user.click(within(dialog).getByRole("button", { name: text.move }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(text.needsAdmin);
    expect(api.calls.find((call) => call.method === "POST")).toMatchObject({
      path: "/db/db-1/move",
      body: { team_id: null },
    });

    refuse = false;
    await user.click(within(dialog).getByRole("button", { name: text.move }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === "POST")).toHaveLength(2));
  });
});
