// @vitest-environment happy-dom
import type { Database } from "@contract/databases";
import { I18nProvider } from "@lingui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadAreaMessages } from "@/lib/area-messages";
import { i18n } from "@/lib/i18n";
import { DownloadSqlDialog } from "./download-sql-dialog";
import { RestoreSqlDialog } from "./restore-sql-dialog";

// The download and restore dialogs against the API's answers as the server sends them; the network
// is the only stand-in, so what the dialogs ask for is read from the requests themselves.
const database: Database = {
  id: "3f1c3a0e-8a51-4c55-9e51-0d2b8b3c9a10",
  name: "shop",
  kind: "managed",
  engine: "postgres",
} as Database;

let requests: Array<{ url: string; method: string; body: BodyInit | null | undefined; type: string | null }>;
let answer: () => Response;

const json = (status: number, pair: unknown) =>
  new Response(JSON.stringify(pair), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  requests = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    requests.push({
      url,
      method: init.method ?? "GET",
      body: init.body,
      type: new Headers(init.headers).get("content-type"),
    });
    return answer();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function show(locale: "en" | "de", dialog: ReactNode) {
  i18n.activate(locale);
  await loadAreaMessages();
  const errors = await (locale === "de"
    ? import("../../../../locales/de/errors.po")
    : import("../../../../locales/en/errors.po"));
  i18n.load(locale, errors.messages as never);
  i18n.activate(locale);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>{dialog}</QueryClientProvider>
    </I18nProvider>,
  );
}

describe("DownloadSqlDialog", () => {
  it("asks for the schema alone when chosen and saves the file under the server's name", async () => {
    answer = () =>
      new Response("-- dump\n", {
        status: 200,
        headers: { "content-disposition": "attachment; filename*=UTF-8''shop-schema-2026-11-29T12-00-00Z.sql" },
      });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const onClose = vi.fn();
    await show("en", <DownloadSqlDialog database={database} onClose={onClose} />);
    await userEvent.click(screen.getByRole("radio", { name: /Schema only/ }));
    await userEvent.click(screen.getByRole("button", { name: "Download SQL" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.map((r) => [r.method, r.url])).toEqual([["GET", `/api/v1/db/${database.id}/dump?contents=schema`]]);
    expect(saved).toEqual(["shop-schema-2026-11-29T12-00-00Z.sql"]);
  });

  it("says in German why pg_dump cannot read the database, and stays open", async () => {
    answer = () =>
      json(409, [
        null,
        {
          code: "DUMP_UNAVAILABLE",
          message: "never shown",
          details: { reason: "versionMismatch", serverVersion: "18.6", clientVersion: "15.20" },
        },
      ]);
    const onClose = vi.fn();
    await show("de", <DownloadSqlDialog database={database} onClose={onClose} />);
    await userEvent.click(screen.getByRole("button", { name: "SQL herunterladen" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Diese Datenbank läuft auf PostgreSQL 18.6; pg_dump 15.20 des Servers kann sie nicht lesen.",
    );
    expect(requests[0]?.url).toBe(`/api/v1/db/${database.id}/dump?contents=data`);
    expect(onClose).not.toHaveBeenCalled();
  });
  it("says a download of the database is running already", async () => {
    answer = () => json(409, [null, { code: "DUMP_RUNNING", message: "never shown", details: { scope: "database" } }]);
    const onClose = vi.fn();
    await show("en", <DownloadSqlDialog database={database} onClose={onClose} />);
    await userEvent.click(screen.getByRole("button", { name: "Download SQL" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "A download of this database is running already. Try again when it has finished.",
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe("RestoreSqlDialog", () => {
  const file = () => new File(["CREATE TABLE a (id int);\n"], "shop.sql", { type: "application/sql" });

  it("sends the file as the body and shows what was restored", async () => {
    answer = () => json(200, [{ statements: 3, rows: 120, bytes: 25 }, null]);
    await show("en", <RestoreSqlDialog database={database} onClose={vi.fn()} />);
    const restore = screen.getByRole("button", { name: "Restore" });
    expect(restore).toHaveProperty("disabled", true);
    await userEvent.upload(screen.getByLabelText(/SQL file/), file());
    await userEvent.click(restore);
    expect((await screen.findByText(/^Restored:/)).textContent).toBe("Restored: 3 statements run, 120 rows loaded.");
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: `/api/v1/db/${database.id}/restore`,
      type: "application/sql",
    });
    expect(await (requests[0]?.body as Blob | undefined)?.text()).toBe("CREATE TABLE a (id int);\n");
  });

  it("names the failing statement's line, in German", async () => {
    answer = () =>
      json(400, [
        null,
        {
          code: "RESTORE_STATEMENT_FAILED",
          message: "never shown",
          details: { line: 42, sqlState: "42P01", reason: 'relation "x" does not exist' },
        },
      ]);
    await show("de", <RestoreSqlDialog database={database} onClose={vi.fn()} />);
    await userEvent.upload(screen.getByLabelText(/SQL-Datei/), file());
    await userEvent.click(screen.getByRole("button", { name: "Wiederherstellen" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      'Die Anweisung in Zeile 42 ist fehlgeschlagen: relation "x" does not exist. Es wurde nichts wiederhergestellt.',
    );
  });

  it("says a database that is not empty is refused", async () => {
    answer = () => json(409, [null, { code: "RESTORE_NOT_EMPTY", message: "never shown", details: { objects: 4 } }]);
    await show("en", <RestoreSqlDialog database={database} onClose={vi.fn()} />);
    await userEvent.upload(screen.getByLabelText(/SQL file/), file());
    await userEvent.click(screen.getByRole("button", { name: "Restore" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The database is not empty (4 objects): restore into a new, empty database.",
    );
  });
});
