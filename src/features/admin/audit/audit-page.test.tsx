// @vitest-environment happy-dom
import type { InstanceAuditEvent, InstanceAuditPage } from "@contract/instance-audit";
import { I18nProvider } from "@lingui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadAreaMessages } from "@/lib/area-messages";
import { i18n } from "@/lib/i18n";
import { AuditPage } from "./audit-page";

// The audit page against the API's answers as the server sends them; the network is the only stand-in,
// so the filters are read from the requests the page makes.
const event = (id: number, over: Partial<InstanceAuditEvent> = {}): InstanceAuditEvent => ({
  id,
  action: "user.deleted",
  actor: { id: "op-id", label: "ops@example.com" },
  impersonator: null,
  subject: "u-1",
  subjectLabel: "carol@example.com",
  detail: { fields: ["server_metadata"] },
  createdAt: "2026-11-29T05:00:00.000Z",
  ...over,
});

let requests: URL[];
let pages: InstanceAuditPage[];

beforeEach(() => {
  requests = [];
  vi.stubGlobal("fetch", async (url: string) => {
    const parsed = new URL(url, "http://console.test");
    requests.push(parsed);
    const page = parsed.searchParams.has("before") ? pages[1] : pages[0];
    return new Response(JSON.stringify([page, null]), { status: 200, headers: { "content-type": "application/json" } });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function show(locale: "en" | "de") {
  i18n.activate(locale);
  await loadAreaMessages();
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuditPage />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const lastQuery = () => Object.fromEntries(requests.at(-1)?.searchParams ?? []);

describe("AuditPage", () => {
  it("lists events newest first with both actors of an impersonation, and pages on", async () => {
    pages = [
      {
        events: [
          event(3, {
            action: "secrets.revealed",
            actor: { id: "c", label: "carol@example.com" },
            impersonator: { id: "o", label: "ops@example.com" },
            subject: "app-1",
            subjectLabel: null,
            detail: { count: 2 },
          }),
          event(2),
        ],
        nextBefore: 2,
      },
      { events: [event(1, { action: "instance.restored", actor: null, subjectLabel: "/b/a.tar" })], nextBefore: null },
    ];
    await show("en");
    const table = await screen.findByRole("table", { name: "Audit log" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[1]?.textContent)).toEqual([
      "ops@example.com as carol@example.com",
      "ops@example.com",
    ]);
    expect(within(rows[0] as HTMLElement).getByRole("rowheader").textContent).toBe("Secrets revealed");
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("The instance")).toBeTruthy();
    expect(lastQuery()).toEqual({ limit: "50", before: "2" });
  });

  it("sends the action, actor and search filters, and says when nothing matches (de)", async () => {
    pages = [{ events: [], nextBefore: null }];
    await show("de");
    await screen.findByText("Noch nichts aufgezeichnet.");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Aktion" }), "user.deleted");
    await userEvent.type(screen.getByRole("textbox", { name: "Handelnde Person" }), "ops@example.com");
    await userEvent.type(screen.getByRole("searchbox", { name: "Suchen" }), "carol");
    await waitFor(() =>
      expect(lastQuery()).toEqual({ action: "user.deleted", actor: "ops@example.com", q: "carol", limit: "50" }),
    );
    expect(await screen.findByText("Keine Ereignisse passen zu diesen Filtern.")).toBeTruthy();
    // Every request went to the log itself.
    expect(requests.every((r) => r.pathname === "/api/v1/admin/audit")).toBe(true);
  });
});
