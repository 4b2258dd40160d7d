// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installFakeApi, type Lang, renderSignedIn, testQueryClient, useLang } from "@/test-support/render-signed-in";
import { RemoveMemberButton } from "./remove-member-button";

const TEAM = "11111111-1111-4111-8111-111111111111";
const MEMBER = "22222222-2222-4222-8222-222222222222";

const TEXT = {
  en: {
    button: "Remove Bea from the team",
    dialog: "Remove Bea?",
    description:
      "Bea loses access to the apps, secrets and databases of Crew at once. Their own apps and databases stay theirs.",
    confirm: "Remove from team",
    cancel: "Cancel",
    self: "You cannot remove yourself: use Leave team instead.",
  },
  de: {
    button: "Bea aus dem Team entfernen",
    dialog: "Bea entfernen?",
    description:
      "Bea verliert sofort den Zugriff auf die Apps, Secrets und Datenbanken von Crew. Eigene Apps und Datenbanken bleiben erhalten.",
    confirm: "Aus dem Team entfernen",
    cancel: "Abbrechen",
    self: "Sie können sich nicht selbst entfernen: Verwenden Sie stattdessen „Team verlassen“.",
  },
} as const;

const render = (props: Partial<Parameters<typeof RemoveMemberButton>[0]> = {}) =>
  renderSignedIn(
    <RemoveMemberButton
      teamId={TEAM}
      teamName="Crew"
      member={{ id: MEMBER, label: "Bea", role: "developer" }}
      callerRole="admin"
      isCaller={false}
      {...props}
    />,
    { queryClient: testQueryClient() },
  );

describe.each(["en", "de"] as Lang[])("removing a member on the team page (%s)", (lang) => {
  const text = TEXT[lang];
  beforeEach(() => useLang(lang));
  afterEach(() => cleanup());

  it("asks first, naming the member and the team; Cancel sends nothing, confirming sends DELETE", async () => {
    const user = userEvent.setup();
    const api = installFakeApi((method) =>
      method === "DELETE" ? { pair: [{ userId: MEMBER, removed: true }, null] } : { pair: [[], null] },
    );
    render();
    await user.click(await screen.findByRole("button", { name: text.button }));
    const dialog = await screen.findByRole("alertdialog", { name: text.dialog });
    expect(dialog.textContent).toContain(text.description);
    await user.click(screen.getByRole("button", { name: text.cancel }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(api.calls.filter((call) => call.method === "DELETE")).toEqual([]);

    await user.click(screen.getByRole("button", { name: text.button }));
    await user.click(await screen.findByRole("button", { name: text.confirm }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(api.calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([
      `/teams/${TEAM}/members/${MEMBER}`,
    ]);
  });

  it("keeps the dialog open with the server's refusal in the user's language", async () => {
    const user = userEvent.setup();
    installFakeApi((method) =>
      method === "DELETE"
        ? { status: 400, pair: [null, { code: "TEAM_REMOVE_SELF", message: "You cannot remove yourself." }] }
        : { pair: [[], null] },
    );
    render();
    await user.click(await screen.findByRole("button", { name: text.button }));
    await user.click(await screen.findByRole("button", { name: text.confirm }));
    expect((await screen.findByRole("alert")).textContent).toBe(text.self);
    expect(screen.getByRole("alertdialog", { name: text.dialog })).toBeTruthy();
  });

  it("is offered to admins for others only, and for an owner only to owners", async () => {
    installFakeApi(() => ({ pair: [[], null] }));
    const cases = [
      { callerRole: "developer", member: { id: MEMBER, label: "Bea", role: "viewer" }, isCaller: false },
      { callerRole: "admin", member: { id: MEMBER, label: "Bea", role: "owner" }, isCaller: false },
      { callerRole: "owner", member: { id: MEMBER, label: "Bea", role: "owner" }, isCaller: true },
    ] as const;
    for (const props of cases) {
      render(props);
      // Once the page around it has rendered, the button would be there.
      await screen.findByText("at home");
      expect(screen.queryByRole("button", { name: text.button })).toBeNull();
      cleanup();
    }
    render({ callerRole: "owner", member: { id: MEMBER, label: "Bea", role: "owner" } });
    expect(await screen.findByRole("button", { name: text.button })).toBeTruthy();
  });
});
