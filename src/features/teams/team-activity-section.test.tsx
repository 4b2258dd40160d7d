// @vitest-environment happy-dom
import type { TeamActivityEntry, TeamActivityPage } from "@contract/team-activity";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installFakeApi, type Lang, renderSignedIn, testQueryClient, useLang } from "@/test-support/render-signed-in";
import { TeamActivitySection } from "./team-activity-section";

const TEAM = "11111111-1111-4111-8111-111111111111";
const BEA = "22222222-2222-4222-8222-222222222222";

const entry = (id: string, fields: Partial<TeamActivityEntry>): TeamActivityEntry => ({
  id,
  action: "secret.created",
  subject: null,
  actor: { kind: "user", id: BEA, label: "bea@example.test", impersonator: null },
  resource: { type: "team", id: TEAM, name: null },
  detail: null,
  createdAt: "2026-11-29T10:00:00.000Z",
  ...fields,
});

const ENTRIES = [
  entry("a1", { subject: "API_KEY", resource: { type: "app", id: "app-1", name: "Shop" } }),
  entry("t1", { action: "member.role_changed", subject: "cy@example.test", detail: { role: "developer" } }),
  entry("a2", {
    action: "secrets.pulled",
    subject: "deploy-bot",
    actor: { kind: "token", id: "tok", label: "deploy-bot", impersonator: null },
    resource: { type: "app", id: "app-1", name: "Shop" },
  }),
  entry("a3", {
    subject: "OLD_KEY",
    actor: { kind: "user", id: "44444444-4444-4444-8444-444444444444", label: "gone@example.test", impersonator: null },
    resource: { type: "app", id: "app-1", name: "Shop" },
  }),
];

const TEXT = {
  en: {
    heading: "Activity",
    member: "Member",
    action: "Action",
    created: "bea@example.test added API_KEY",
    role: "bea@example.test made cy@example.test Developer",
    pulled: 'Token "deploy-bot" read the secrets',
    roleOption: "Role changed",
    export: "Export CSV",
    empty: "No activity matches these filters.",
    nothing: "Nothing has happened in this team yet.",
    list: "Team activity",
    notMember: "You are not a member of this team.",
    allMembers: "All members",
    former: "Former members",
  },
  de: {
    heading: "Aktivität",
    member: "Mitglied",
    action: "Aktion",
    created: "bea@example.test hat API_KEY hinzugefügt",
    role: "bea@example.test hat cy@example.test zu Entwickler gemacht",
    pulled: "Token „deploy-bot“ hat die Secrets gelesen",
    roleOption: "Rolle geändert",
    export: "Als CSV exportieren",
    empty: "Keine Aktivität passt zu diesen Filtern.",
    nothing: "In diesem Team ist noch nichts geschehen.",
    list: "Team-Aktivität",
    notMember: "Sie sind kein Mitglied dieses Teams.",
    allMembers: "Alle Mitglieder",
    former: "Ehemalige Mitglieder",
  },
} as const;

/** Every URL the section asked for, with its query (the fake API keeps paths only). */
function recordUrls(): string[] {
  const urls: string[] = [];
  const inner = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input));
    return inner(input, init);
  }) as typeof fetch;
  return urls;
}

describe.each(["en", "de"] as Lang[])("the team page's activity section (%s)", (lang) => {
  const text = TEXT[lang];
  beforeEach(() => useLang(lang));
  afterEach(() => cleanup());

  it("lists who did what, filters by member and action, and exports the filtered CSV", async () => {
    const user = userEvent.setup();
    installFakeApi((_method, path) => {
      if (path.endsWith("/activity.csv")) return { pair: [null, null] };
      return { pair: [{ entries: ENTRIES, nextBefore: null } satisfies TeamActivityPage, null] };
    });
    const urls = recordUrls();
    // The browser's download of the blob: not ours to test, only to let happen.
    URL.createObjectURL = () => "blob:activity";
    URL.revokeObjectURL = () => undefined;
    renderSignedIn(
      <TeamActivitySection
        teamId={TEAM}
        members={[
          { id: BEA, label: "bea@example.test" },
          { id: "33333333-3333-4333-8333-333333333333", label: "cy@example.test" },
        ]}
      />,
      { queryClient: testQueryClient() },
    );
    expect(await screen.findByRole("heading", { name: text.heading })).toBeTruthy();
    const list = await screen.findByRole("list", { name: text.list });
    const lines = within(list)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(lines[0]).toContain(`Shop${text.created}`);
    expect(lines[1]).toContain(text.role);
    expect(lines[2]).toContain(text.pulled);
    // A member who has left is still named, and can be chosen in the filter.
    expect(lines[3]).toContain("gone@example.test");
    const memberSelect = screen.getByRole("combobox", { name: text.member }) as HTMLSelectElement;
    expect(Array.from(memberSelect.options).map((option) => option.text)).toEqual([
      text.allMembers,
      "bea@example.test",
      "cy@example.test",
      "gone@example.test",
    ]);
    expect(within(memberSelect).getByRole("group", { name: text.former })).toBeTruthy();

    await user.selectOptions(screen.getByRole("combobox", { name: text.member }), BEA);
    await user.selectOptions(screen.getByRole("combobox", { name: text.action }), text.roleOption);
    await waitFor(() =>
      expect(urls.at(-1)).toBe(`/api/v1/teams/${TEAM}/activity?actor=${BEA}&action=member.role_changed&limit=50`),
    );
    await user.click(screen.getByRole("button", { name: text.export }));
    await waitFor(() =>
      expect(urls.at(-1)).toBe(`/api/v1/teams/${TEAM}/activity.csv?actor=${BEA}&action=member.role_changed`),
    );
  });

  it("says so when nothing happened, and when the filters match nothing", async () => {
    const user = userEvent.setup();
    installFakeApi(() => ({ pair: [{ entries: [], nextBefore: null }, null] }));
    renderSignedIn(<TeamActivitySection teamId={TEAM} members={[{ id: BEA, label: "bea@example.test" }]} />, {
      queryClient: testQueryClient(),
    });
    expect(await screen.findByText(text.nothing)).toBeTruthy();
    await user.selectOptions(screen.getByRole("combobox", { name: text.member }), BEA);
    expect(await screen.findByText(text.empty)).toBeTruthy();
  });

  it("shows the server's refusal in the reader's language", async () => {
    installFakeApi(() => ({
      status: 403,
      pair: [null, { code: "NOT_A_TEAM_MEMBER", message: "You are not a member of this team." }],
    }));
    renderSignedIn(<TeamActivitySection teamId={TEAM} members={[]} />, { queryClient: testQueryClient() });
    expect((await screen.findByRole("alert")).textContent).toContain(text.notMember);
  });
});
