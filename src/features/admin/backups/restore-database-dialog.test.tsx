// @vitest-environment happy-dom
import type { ArchiveDatabases, BackupArchive } from "@contract/backups";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installFakeApi, type Lang, useLang as loadLang, testQueryClient } from "@/test-support/render-signed-in";
import { RestoreDatabaseDialog } from "./restore-database-dialog";

// The dialog against the API's answers as the server sends them; only fetch stands in.
const archive: BackupArchive = {
  name: "backup-2026-11-29T03-00-00.000Z.tar",
  bytes: 4096,
  createdAt: "2026-11-29T03:00:00.000Z",
  store: "pglite",
  databases: 2,
  seal: "valid",
  where: "folder",
};
const listPath = `/admin/backups/${archive.name}/databases`;
const restorePath = `/admin/backups/${archive.name}/restore-database`;
let listed: ArchiveDatabases;
let listRefusal: { status: number; code: string } | null;
let refusal: { status: number; code: string } | null;
let calls: Array<{ method: string; path: string; body: unknown }>;
let closed: boolean;

beforeEach(() => {
  listed = {
    archive: archive.name,
    createdAt: archive.createdAt,
    databases: [
      {
        location: "ud_aa",
        bytes: 2048,
        name: "shop",
        owner: { type: "user", id: "u1", label: "carol@example.com" },
        liveName: "shop",
      },
      {
        location: "ud_bb",
        bytes: 1024,
        name: "old",
        owner: { type: "team", id: "t1", label: "Ops" },
        liveName: null,
      },
    ],
  };
  listRefusal = null;
  refusal = null;
  closed = false;
  ({ calls } = installFakeApi((method, path, body) => {
    if (path === listPath) {
      if (listRefusal) return { status: listRefusal.status, pair: [null, { code: listRefusal.code, message: "no" }] };
      return { pair: [listed, null] };
    }
    if (path === restorePath && method === "POST") {
      if (refusal) return { status: refusal.status, pair: [null, { code: refusal.code, message: "no" }] };
      const { name } = body as { name: string };
      return { status: 201, pair: [{ id: "db-new", name, kind: "managed" }, null] };
    }
    return { status: 404, pair: [null, { code: "NOT_FOUND", message: "no" }] };
  }));
});

afterEach(cleanup);

async function open(lang: Lang) {
  await loadLang(lang);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={testQueryClient()}>
        <RestoreDatabaseDialog archive={archive} onOpenChange={(next) => (closed = !next)} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return screen.findByRole("dialog");
}

const restores = () => calls.filter((call) => call.path === restorePath);

describe("RestoreDatabaseDialog", () => {
  it("lists the archive's databases, names the new one, asks to confirm, then restores it", async () => {
    const user = userEvent.setup();
    const dialog = await open("en");
    const shop = await within(dialog).findByRole("radio", { name: /shop/ });
    expect(within(dialog).getByText("Ops, 1 kB, deleted since")).toBeTruthy();
    expect(within(dialog).getByText("carol@example.com, 2 kB")).toBeTruthy();
    // Nothing chosen: refused in the dialog, nothing sent.
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Choose a database.");
    await user.click(shop);
    const name = within(dialog).getByLabelText("New database name") as HTMLInputElement;
    expect(name.value).toBe("shop (restored)");
    await user.clear(name);
    await user.type(name, "shop-yesterday");
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(restores()).toEqual([]);
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getByRole("heading").textContent).toBe("Restore into a new database?");
    expect(
      within(confirm).getByText(/becomes a new database named shop-yesterday, owned by carol@example\.com\./),
    ).toBeTruthy();
    expect(within(confirm).getByText(/stays as it is\./)).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Restore shop-yesterday" }));
    await expect.poll(() => closed).toBe(true);
    expect(restores().map((call) => call.body)).toEqual([{ location: "ud_aa", name: "shop-yesterday" }]);
  });

  it("shows the server's refusal by its code and lets the operator go back", async () => {
    refusal = { status: 422, code: "ARCHIVE_ALTERED" };
    const user = userEvent.setup();
    const dialog = await open("en");
    await user.click(await within(dialog).findByRole("radio", { name: /old/ }));
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getByText(/no longer exists\./)).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Restore old (restored)" }));
    expect((await within(confirm).findByRole("alert")).textContent).toBe(
      "The backup does not match its checksums: it was altered or damaged. Nothing was restored.",
    );
    expect(closed).toBe(false);
    await user.click(within(confirm).getByRole("button", { name: "Back" }));
    expect(await within(dialog).findByRole("radio", { name: /old/ })).toBeTruthy();
  });

  it("says when the backup cannot be read, and when it holds no database", async () => {
    listRefusal = { status: 422, code: "ARCHIVE_TRUNCATED" };
    const dialog = await open("en");
    expect(await within(dialog).findByText("The backup is incomplete (cut short); nothing was restored.")).toBeTruthy();
    cleanup();
    listRefusal = null;
    listed = { ...listed, databases: [] };
    const empty = await open("en");
    expect(await within(empty).findByText("This backup holds no managed database.")).toBeTruthy();
  });

  it("speaks German", async () => {
    const user = userEvent.setup();
    const dialog = await open("de");
    expect(within(dialog).getByRole("heading").textContent).toBe("Datenbank wiederherstellen");
    await user.click(await within(dialog).findByRole("radio", { name: /shop/ }));
    expect((within(dialog).getByLabelText("Name der neuen Datenbank") as HTMLInputElement).value).toBe(
      "shop (wiederhergestellt)",
    );
    await user.click(within(dialog).getByRole("button", { name: "Weiter" }));
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getByRole("heading").textContent).toBe("In eine neue Datenbank wiederherstellen?");
  });
});
