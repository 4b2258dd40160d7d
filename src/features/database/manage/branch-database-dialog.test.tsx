// @vitest-environment happy-dom
import type { Database } from "@contract/databases";
import { I18nProvider } from "@lingui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadAreaMessages } from "@/lib/area-messages";
import { i18n } from "@/lib/i18n";
import { BranchDatabaseDialog } from "./branch-database-dialog";

// The branch dialog against the API's answers as the server sends them (a `[data, error]` pair);
// the network is the only stand-in, so what the dialog posts is read from the request itself.
const source: Database = {
  id: "3f1c3a0e-8a51-4c55-9e51-0d2b8b3c9a10",
  name: "shop",
  kind: "managed",
  engine: "pglite",
} as Database;
const branch: Database = { ...source, id: "5d7f0f6b-1b1d-4a3e-8f0e-6f5b9a2c7e11", name: "shop-try" };

let requests: Array<{ url: string; method: string; body: unknown }>;
let answer: { status: number; pair: unknown };

beforeEach(() => {
  requests = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    requests.push({ url, method: init.method ?? "GET", body: init.body ? JSON.parse(String(init.body)) : null });
    return new Response(JSON.stringify(answer.pair), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function show(locale: "en" | "de", onBranched = vi.fn(), onClose = vi.fn()) {
  i18n.activate(locale);
  await loadAreaMessages();
  // The error-code texts load once per page (the first locale's); a test page switches locales.
  const errors = await (locale === "de"
    ? import("../../../../locales/de/errors.po")
    : import("../../../../locales/en/errors.po"));
  i18n.load(locale, errors.messages as never);
  i18n.activate(locale);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <BranchDatabaseDialog database={source} onClose={onClose} onBranched={onBranched} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { onBranched, onClose };
}

describe("BranchDatabaseDialog", () => {
  it("posts the name and schema-only choice, and hands the new database on", async () => {
    answer = { status: 201, pair: [branch, null] };
    const { onBranched, onClose } = await show("en");
    const name = screen.getByRole("textbox", { name: "Name" });
    expect(name).toHaveProperty("value", "shop-branch");
    await userEvent.clear(name);
    await userEvent.type(name, " shop-try ");
    await userEvent.click(screen.getByRole("radio", { name: /Schema only/ }));
    await userEvent.click(screen.getByRole("button", { name: "Create branch", exact: true } as never));
    await waitFor(() => expect(onBranched).toHaveBeenCalledWith(branch));
    expect(onClose).toHaveBeenCalled();
    expect(requests).toEqual([
      { url: `/api/v1/db/${source.id}/branch`, method: "POST", body: { name: "shop-try", withData: false } },
    ]);
  });

  it("branches with the rows unless told otherwise", async () => {
    answer = { status: 201, pair: [branch, null] };
    const { onBranched } = await show("en");
    await userEvent.click(screen.getByRole("button", { name: "Create branch", exact: true } as never));
    await waitFor(() => expect(onBranched).toHaveBeenCalled());
    expect(requests[0]?.body).toEqual({ name: "shop-branch", withData: true });
  });

  it("says why the server refused, in the user's language, and stays open", async () => {
    answer = {
      status: 409,
      pair: [null, { code: "DATABASE_BRANCH_EXTERNAL", message: "The server's English, never shown." }],
    };
    const { onBranched, onClose } = await show("de");
    await userEvent.click(screen.getByRole("button", { name: "Abzweigung anlegen", exact: true } as never));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "Nur Datenbanken, die die Konsole verwaltet, lassen sich abzweigen; diese liegt auf Ihrem eigenen Server.",
    );
    expect(onBranched).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("reads a taken name with the name", async () => {
    answer = {
      status: 409,
      pair: [null, { code: "DATABASE_NAME_TAKEN", message: "taken", details: { name: "shop-branch" } }],
    };
    await show("en");
    await userEvent.click(screen.getByRole("button", { name: "Create branch", exact: true } as never));
    expect((await screen.findByRole("alert")).textContent).toBe('A database named "shop-branch" exists already.');
  });
});
