// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installFakeApi, type Lang, renderSignedIn, testQueryClient, useLang } from "@/test-support/render-signed-in";
import { MemberRoleSelect } from "./member-role-select";

const TEAM = "11111111-1111-4111-8111-111111111111";
const MEMBER = "22222222-2222-4222-8222-222222222222";

const TEXT = {
  en: {
    select: "Role of Bea",
    roles: ["Viewer", "Developer", "Admin"],
    owner: "Owner",
    needsOwner: "A team needs an owner: make another member owner first.",
    needsRole: "This needs the role Owner in this team. Ask a team admin for it.",
  },
  de: {
    select: "Rolle von Bea",
    roles: ["Betrachter", "Entwickler", "Admin"],
    owner: "Eigentümer",
    needsOwner: "Ein Team braucht einen Eigentümer: Machen Sie zuerst ein anderes Mitglied zum Eigentümer.",
    needsRole: "Dafür braucht es die Rolle Eigentümer in diesem Team. Bitten Sie einen Admin des Teams darum.",
  },
} as const;

describe.each(["en", "de"] as Lang[])("a member's role on the team page (%s)", (lang) => {
  const text = TEXT[lang];
  beforeEach(() => useLang(lang));
  afterEach(() => cleanup());

  it("lets an admin change a member's role with PUT …/role, but not hand out the owner role", async () => {
    const user = userEvent.setup();
    const api = installFakeApi((method, _path, body) =>
      method === "PUT" ? { pair: [{ userId: MEMBER, ...(body as object) }, null] } : { pair: [[], null] },
    );
    renderSignedIn(
      <MemberRoleSelect teamId={TEAM} member={{ id: MEMBER, label: "Bea", role: "viewer" }} callerRole="admin" />,
      { queryClient: testQueryClient() },
    );
    const select = await screen.findByRole("combobox", { name: text.select });
    const options = Array.from((select as HTMLSelectElement).options).map((option) => option.text);
    expect(options).toEqual(text.roles);
    await user.selectOptions(select, "developer");
    await waitFor(() => expect(api.calls.some((call) => call.method === "PUT")).toBe(true));
    const put = api.calls.find((call) => call.method === "PUT");
    expect(put?.path).toBe(`/teams/${TEAM}/members/${MEMBER}/role`);
    expect(put?.body).toEqual({ role: "developer" });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows an owner's role to an admin without a way to change it", async () => {
    installFakeApi(() => ({ pair: [[], null] }));
    renderSignedIn(
      <MemberRoleSelect teamId={TEAM} member={{ id: MEMBER, label: "Bea", role: "owner" }} callerRole="admin" />,
      { queryClient: testQueryClient() },
    );
    await screen.findByText(text.owner);
    expect(screen.queryByRole("combobox")).toBeNull();
  });

  it("says the server's refusal in the user's language, naming the role it needs", async () => {
    const user = userEvent.setup();
    let refusal: [unknown, unknown] = [null, { code: "TEAM_NEEDS_OWNER", message: "A team needs an owner." }];
    installFakeApi((method) =>
      method === "PUT" ? { status: refusal[1] ? 409 : 200, pair: refusal } : { pair: [[], null] },
    );
    renderSignedIn(
      <MemberRoleSelect teamId={TEAM} member={{ id: MEMBER, label: "Bea", role: "owner" }} callerRole="owner" />,
      { queryClient: testQueryClient() },
    );
    const select = await screen.findByRole("combobox", { name: text.select });
    await user.selectOptions(select, "admin");
    expect((await screen.findByRole("alert")).textContent).toBe(text.needsOwner);

    refusal = [
      null,
      { code: "TEAM_ROLE_REQUIRED", message: "Your role does not allow this.", details: { role: "owner" } },
    ];
    await user.selectOptions(select, "developer");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(text.needsRole));
  });
});
