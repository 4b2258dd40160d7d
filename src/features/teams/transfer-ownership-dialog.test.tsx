// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installFakeApi, type Lang, renderSignedIn, testQueryClient, useLang } from "@/test-support/render-signed-in";
import { TransferOwnershipDialog } from "./transfer-ownership-dialog";

const TEAM = "11111111-1111-4111-8111-111111111111";
const BEA = "22222222-2222-4222-8222-222222222222";

const TEXT = {
  en: {
    title: "Transfer ownership to Bea?",
    description:
      "Bea becomes the owner of Crew, and you become an admin. Only the new owner can give the ownership back.",
    typed: 'Type the name "Crew" to confirm',
    confirm: "Transfer ownership",
    notMember: "Ownership can only go to a member of this team.",
  },
  de: {
    title: "Eigentümerschaft an Bea übertragen?",
    description:
      "Bea wird Eigentümer von Crew, und Sie werden Admin. Nur der neue Eigentümer kann die Eigentümerschaft zurückgeben.",
    typed: "Geben Sie zur Bestätigung den Namen „Crew“ ein",
    confirm: "Eigentümerschaft übertragen",
    notMember: "Die Eigentümerschaft kann nur an ein Mitglied dieses Teams gehen.",
  },
} as const;

describe.each(["en", "de"] as Lang[])("the transfer-ownership dialog (%s)", (lang) => {
  const text = TEXT[lang];
  beforeEach(() => useLang(lang));
  afterEach(() => cleanup());

  it("names the member, waits for the team's name, then transfers with POST …/transfer", async () => {
    const user = userEvent.setup();
    const api = installFakeApi((method) =>
      method === "POST" ? { pair: [{ owner: BEA, previousOwner: "me" }, null] } : { pair: [[], null] },
    );
    let closed = 0;
    renderSignedIn(
      <TransferOwnershipDialog
        teamId={TEAM}
        teamName="Crew"
        member={{ id: BEA, label: "Bea" }}
        onClose={() => closed++}
      />,
      { queryClient: testQueryClient() },
    );
    const dialog = await screen.findByRole("alertdialog", { name: text.title });
    expect(dialog.textContent).toContain(text.description);
    const confirm = within(dialog).getByRole("button", { name: text.confirm });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(text.typed), "Crew!");
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.clear(within(dialog).getByLabelText(text.typed));
    await user.type(within(dialog).getByLabelText(text.typed), "Crew");
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    await user.click(confirm);
    await waitFor(() => expect(closed).toBe(1));
    const posts = api.calls.filter((call) => call.method === "POST");
    expect(posts).toEqual([{ method: "POST", path: `/teams/${TEAM}/transfer`, body: { userId: BEA } }]);
  });

  it("keeps the dialog open with the server's refusal in the user's language", async () => {
    const user = userEvent.setup();
    installFakeApi(() => ({
      status: 400,
      pair: [null, { code: "TRANSFER_TARGET_NOT_MEMBER", message: "Not a member.", details: { userId: BEA } }],
    }));
    let closed = 0;
    renderSignedIn(
      <TransferOwnershipDialog
        teamId={TEAM}
        teamName="Crew"
        member={{ id: BEA, label: "Bea" }}
        onClose={() => closed++}
      />,
      { queryClient: testQueryClient() },
    );
    const dialog = await screen.findByRole("alertdialog", { name: text.title });
    await user.type(within(dialog).getByLabelText(text.typed), "Crew");
    await user.click(within(dialog).getByRole("button", { name: text.confirm }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(text.notMember);
    expect(closed).toBe(0);
  });

  it("stays closed without a member", () => {
    installFakeApi(() => ({ pair: [[], null] }));
    renderSignedIn(<TransferOwnershipDialog teamId={TEAM} teamName="Crew" member={null} onClose={() => {}} />, {
      queryClient: testQueryClient(),
    });
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});
