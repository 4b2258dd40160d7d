// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installFakeApi, type Lang, renderSignedIn, testQueryClient, useLang } from "@/test-support/render-signed-in";
import CreateTeamDialog from "./create-team-dialog";

const TEAM = "44444444-4444-4444-8444-444444444444";

const TEXT = {
  en: { title: "Create team", name: "Team name", disabled: "Creating teams is turned off on this server." },
  de: {
    title: "Team erstellen",
    name: "Teamname",
    disabled: "Das Erstellen von Teams ist auf diesem Server ausgeschaltet.",
  },
} as const;

describe.each(["en", "de"] as Lang[])("the Create team dialog (%s)", (lang) => {
  const text = TEXT[lang];
  beforeEach(() => useLang(lang));
  afterEach(() => cleanup());

  it("creates the team through the app API (which records who did it) and opens its page", async () => {
    const user = userEvent.setup();
    const api = installFakeApi((method, path) =>
      method === "POST" && path === "/teams"
        ? { status: 201, pair: [{ id: TEAM, displayName: "Crew" }, null] }
        : { pair: [[], null] },
    );
    const created: string[] = [];
    renderSignedIn(<CreateTeamDialog open onOpenChange={() => undefined} onCreated={(id) => created.push(id)} />, {
      queryClient: testQueryClient(),
    });
    const dialog = await screen.findByRole("dialog", { name: text.title });
    await user.type(within(dialog).getByLabelText(text.name), " Crew ");
    await user.click(within(dialog).getByRole("button", { name: text.title }));
    await waitFor(() => expect(created).toEqual([TEAM]));
    expect(await screen.findByText("at a team page")).toBeTruthy();
    expect(api.calls.filter((call) => call.method === "POST")).toEqual([
      { method: "POST", path: "/teams", body: { displayName: "Crew" } },
    ]);
  });

  it("says in the user's language when the server lets no one create teams", async () => {
    const user = userEvent.setup();
    installFakeApi(() => ({ status: 403, pair: [null, { code: "TEAM_CREATION_DISABLED", message: "Off." }] }));
    renderSignedIn(<CreateTeamDialog open onOpenChange={() => undefined} />, { queryClient: testQueryClient() });
    const dialog = await screen.findByRole("dialog", { name: text.title });
    await user.type(within(dialog).getByLabelText(text.name), "Crew");
    await user.click(within(dialog).getByRole("button", { name: text.title }));
    expect(await within(dialog).findByText(text.disabled)).toBeTruthy();
  });
});
