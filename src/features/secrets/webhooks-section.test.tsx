// @vitest-environment happy-dom
import type { AppWebhook, WebhookDelivery } from "@contract/app-webhooks";
import type { TeamRole } from "@contract/teams";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installFakeApi, type Lang, useLang as loadLang, testQueryClient } from "@/test-support/render-signed-in";
import { WebhooksSection } from "./webhooks-section";

// The Webhooks section of the app page against a stand-in of the webhooks API (only fetch stands
// in): what each role is offered, the house's confirmation before a delete, the delivery log.
const appId = "app-1";
const base = `/apps/${appId}/webhooks`;
let webhooks: AppWebhook[];
let calls: Array<{ method: string; path: string; body: unknown }>;

const delivery: WebhookDelivery = {
  id: "d1",
  messageId: "msg_1",
  eventType: "secrets.changed",
  status: "failed",
  attempts: 5,
  statusCode: 500,
  error: "HTTP 500",
  durationMs: 42,
  createdAt: "2026-11-29T12:00:00.000Z",
  lastAttemptAt: "2026-11-29T12:40:00.000Z",
  nextAttemptAt: null,
  environment: "production",
  keys: ["API_KEY", "DATABASE_URL"],
};

beforeEach(() => {
  webhooks = [
    {
      id: "hook-1",
      url: "https://hooks.example.com/secrets",
      environment: { slug: "production", name: "Production" },
      enabled: true,
      createdAt: "2026-11-29T11:00:00.000Z",
      lastDelivery: { status: "delivered", at: "2026-11-29T12:00:00.000Z", statusCode: 204 },
    },
  ];
  ({ calls } = installFakeApi((method, path) => {
    if (path === base) return { pair: [webhooks, null] };
    if (path === `${base}/hook-1/deliveries`) return { pair: [[delivery], null] };
    if (path === `${base}/hook-1` && method === "DELETE") {
      webhooks = [];
      return { pair: [{ id: "hook-1", deleted: true }, null] };
    }
    if (path === `${base}/hook-1/test`) return { status: 202, pair: [{ ...delivery, status: "pending" }, null] };
    return { pair: [[], null] };
  }));
});

afterEach(cleanup);

async function show(role: TeamRole, lang: Lang = "en") {
  await loadLang(lang);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={testQueryClient()}>
        <WebhooksSection appId={appId} role={role} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const changes = () => calls.filter((c) => c.method !== "GET");

describe("WebhooksSection", () => {
  it("tells a viewer who sees webhooks, and asks the server nothing", async () => {
    await show("viewer");
    expect(screen.getByText("Only the app's developers and admins see its webhooks.")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows a developer the list and the delivery log, nothing to change", async () => {
    await show("developer");
    const list = await screen.findByRole("list", { name: "Webhooks" });
    expect(list.textContent).toContain("https://hooks.example.com/secrets");
    expect(list.textContent).toContain("Production");
    expect(screen.queryByRole("button", { name: "Add webhook" })).toBeNull();
    expect(within(list).queryByRole("button", { name: "Delete" })).toBeNull();
    expect(within(list).queryByRole("button", { name: "Send test" })).toBeNull();

    await userEvent.click(within(list).getByRole("button", { name: "Deliveries" }));
    const dialog = await screen.findByRole("dialog");
    const log = await within(dialog).findByRole("list", { name: "Deliveries" });
    expect(log.textContent).toContain("Failed");
    expect(log.textContent).toContain("HTTP 500 · 42 ms · attempt 5");
    expect(log.textContent).toContain("production: API_KEY, DATABASE_URL");
  });

  it("lets an admin send a test and delete after confirming, in German", async () => {
    await show("admin", "de");
    const list = await screen.findByRole("list", { name: "Webhooks" });
    await userEvent.click(within(list).getByRole("button", { name: "Test senden" }));
    await waitFor(() => expect(changes()).toEqual([{ method: "POST", path: `${base}/hook-1/test`, body: undefined }]));

    await userEvent.click(within(list).getByRole("button", { name: "Löschen" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Webhook löschen?" });
    expect(changes()).toHaveLength(1);
    await userEvent.click(within(confirm).getByRole("button", { name: "Webhook löschen" }));
    await waitFor(() => expect(changes()[1]).toEqual({ method: "DELETE", path: `${base}/hook-1`, body: undefined }));
    expect(await screen.findByText("Noch keine Webhooks.")).toBeTruthy();
  });
});
