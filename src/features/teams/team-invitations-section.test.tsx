// @vitest-environment happy-dom
import type { TeamInvitation } from "@contract/teams";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SdkTeam } from "@/lib/teams-sdk";
import { installFakeApi, type Lang, renderSignedIn, testQueryClient, useLang } from "@/test-support/render-signed-in";
import { TeamInvitationsSection } from "./team-invitations-section";

const TEAM = "11111111-1111-4111-8111-111111111111";

const TEXT = {
  en: {
    email: "Invite by e-mail",
    role: "Role",
    roles: ["Viewer", "Developer", "Admin"],
    send: "Send invitation",
    developer: "Developer",
    defaultRole: "Default role",
    withdraw: "Withdraw",
  },
  de: {
    email: "Per E-Mail einladen",
    role: "Rolle",
    roles: ["Betrachter", "Entwickler", "Admin"],
    send: "Einladung senden",
    developer: "Entwickler",
    defaultRole: "Standardrolle",
    withdraw: "Zurückziehen",
  },
} as const;

/** The SDK's team as far as the section uses it: sending records the invitation, listing answers it. */
function fakeTeam() {
  const sent: Array<{ email: string; callbackUrl: string }> = [];
  const team = {
    id: TEAM,
    displayName: "Crew",
    inviteUser: async (options: { email: string; callbackUrl: string }) => {
      sent.push(options);
    },
    listInvitations: async () =>
      sent.map((invitation, i) => ({
        id: `sent-${i}`,
        recipientEmail: invitation.email,
        expiresAt: new Date(Date.now() + 86_400_000 + i),
        revoke: async () => {},
      })),
  };
  return { team: team as unknown as SdkTeam, sent };
}

const open: TeamInvitation[] = [
  { id: "inv-1", email: "bea@example.test", expiresAt: "2030-01-01T00:00:00.000Z", role: "developer" },
  { id: "inv-2", email: "cy@example.test", expiresAt: "2030-01-01T00:00:00.000Z", role: null },
];

describe.each(["en", "de"] as Lang[])("team invitations with roles (%s)", (lang) => {
  const text = TEXT[lang];
  beforeEach(() => useLang(lang));
  afterEach(() => cleanup());

  it("lets an admin pick the role (never owner), sends by the SDK, then sets the role with PUT …/role", async () => {
    const user = userEvent.setup();
    const api = installFakeApi((method) => (method === "GET" ? { pair: [open, null] } : { pair: [{}, null] }));
    const { team, sent } = fakeTeam();
    renderSignedIn(<TeamInvitationsSection team={team} callerRole="admin" canRevoke canList />, {
      queryClient: testQueryClient(),
    });
    const role = await screen.findByRole("combobox", { name: text.role });
    expect(Array.from((role as HTMLSelectElement).options).map((option) => option.text)).toEqual(text.roles);
    expect((role as HTMLSelectElement).value).toBe("viewer");

    // The pending list names each invitation's role.
    const list = await screen.findByRole("list");
    const items = within(list).getAllByRole("listitem");
    expect(items[0]?.textContent).toContain(text.developer);
    expect(items[1]?.textContent).toContain(text.defaultRole);

    await user.type(screen.getByLabelText(text.email), "dan@example.test");
    await user.selectOptions(role, "admin");
    await user.click(screen.getByRole("button", { name: text.send }));
    await waitFor(() => expect(api.calls.some((call) => call.method === "PUT")).toBe(true));
    expect(sent.map((invitation) => invitation.email)).toEqual(["dan@example.test"]);
    expect(api.calls.find((call) => call.method === "PUT")).toEqual({
      method: "PUT",
      path: `/teams/${TEAM}/invitations/sent-0/role`,
      body: { role: "admin" },
    });

    await user.click(
      within(items[0] as HTMLElement).getByRole("button", { name: `${text.withdraw} bea@example.test` }),
    );
    await waitFor(() => expect(api.calls.some((call) => call.method === "DELETE")).toBe(true));
    expect(api.calls.find((call) => call.method === "DELETE")?.path).toBe(`/teams/${TEAM}/invitations/inv-1`);
  });

  it("lets a member who may only invite send with the default role, through the SDK alone", async () => {
    const user = userEvent.setup();
    const api = installFakeApi(() => ({ pair: [[], null] }));
    const { team, sent } = fakeTeam();
    renderSignedIn(<TeamInvitationsSection team={team} callerRole="viewer" canRevoke={false} canList={false} />, {
      queryClient: testQueryClient(),
    });
    await user.type(await screen.findByLabelText(text.email), "eve@example.test");
    expect(screen.queryByRole("combobox", { name: text.role })).toBeNull();
    await user.click(screen.getByRole("button", { name: text.send }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(api.calls.filter((call) => call.path.includes("/invitations"))).toEqual([]);
  });
});
