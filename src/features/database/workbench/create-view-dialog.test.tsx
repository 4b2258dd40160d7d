// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installFakeApi, type Lang, renderSignedIn, testQueryClient, useLang } from "@/test-support/render-signed-in";
import { CreateViewDialog } from "./create-view-dialog";

const DB = "33333333-3333-4333-8333-333333333333";
const HOSTILE = 'a"; drop table x; --';
const PLANNED = 'CREATE VIEW "public"."a""; drop table x; --" AS\nSELECT id FROM x';

const TEXT = {
  en: {
    title: "Create view",
    name: "View name",
    schema: "Schema",
    review: "Review SQL",
    sql: "SQL to run (one transaction)",
    run: "Create view",
    readOnly: "This server runs SQL read-only: nothing can be written.",
  },
  de: {
    title: "Ansicht erstellen",
    name: "Name der Ansicht",
    schema: "Schema",
    review: "SQL prüfen",
    sql: "Auszuführendes SQL (eine Transaktion)",
    run: "Ansicht erstellen",
    readOnly: "Dieser Server führt SQL nur lesend aus: Es kann nichts geschrieben werden.",
  },
} as const;

describe.each(["en", "de"] as Lang[])("the Create view dialog (%s)", (lang) => {
  const text = TEXT[lang];
  beforeEach(() => useLang(lang));
  afterEach(() => cleanup());

  function show(onOpenChange: (open: boolean) => void = () => undefined) {
    renderSignedIn(<CreateViewDialog dbId={DB} query="SELECT id FROM x;" open onOpenChange={onOpenChange} />, {
      queryClient: testQueryClient(),
    });
    return screen.findByRole("dialog", { name: text.title });
  }

  it("plans CREATE VIEW for the name and schema, shows it editable, and runs the edited text", async () => {
    const user = userEvent.setup();
    const api = installFakeApi((_method, path) =>
      path.endsWith("/plan")
        ? { pair: [{ statements: [{ sql: PLANNED, field: "query" }], version: null }, null] }
        : { pair: [{ applied: 1 }, null] },
    );
    const open: boolean[] = [];
    const dialog = await show((next) => open.push(next));
    await user.type(within(dialog).getByLabelText(text.name), HOSTILE);
    await user.clear(within(dialog).getByLabelText(text.schema));
    await user.type(within(dialog).getByLabelText(text.schema), "public");
    await user.click(within(dialog).getByRole("button", { name: text.review }));
    const sql = (await within(dialog).findByLabelText(text.sql)) as HTMLTextAreaElement;
    expect(sql.value).toBe(`${PLANNED};`);
    await user.type(sql, " WITH CHECK OPTION");
    await user.click(within(dialog).getByRole("button", { name: text.run }));
    await waitFor(() => expect(open).toEqual([false]));
    expect(api.calls.filter((call) => call.method === "POST")).toEqual([
      {
        method: "POST",
        path: `/db/${DB}/schema-editor/plan`,
        body: { change: { op: "create_view", schema: "public", name: HOSTILE, query: "SELECT id FROM x;" } },
      },
      {
        method: "POST",
        path: `/db/${DB}/schema-editor/apply`,
        body: { statements: [{ sql: `${PLANNED}; WITH CHECK OPTION`, field: null }], expected: null },
      },
    ]);
  });

  it("says a read-only server's refusal in the user's language and stays open", async () => {
    const user = userEvent.setup();
    installFakeApi(() => ({
      status: 403,
      pair: [null, { code: "DATABASE_READ_ONLY", message: "Read-only." }],
    }));
    const dialog = await show();
    await user.type(within(dialog).getByLabelText(text.name), "v");
    await user.click(within(dialog).getByRole("button", { name: text.review }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(text.readOnly);
  });
});
