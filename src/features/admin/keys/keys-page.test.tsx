// @vitest-environment happy-dom
import type { KeySet } from "@contract/auth-api-keys";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderSignedIn, testQueryClient, useLang } from "@/test-support/render-signed-in";
import { KeysPage } from "./keys-page";

// The keys page against the auth service's answer through the operator proxy; the network is the
// only stand-in. The answer is read with the contract's schema: one of another shape (a server of
// another version) is the page's error state, not a crash in the table.
const keySet: KeySet = {
  id: "0b6f3c9e-1d2a-4f5b-8c7d-9e0f1a2b3c4d",
  description: "CI deploys",
  created_at_millis: Date.UTC(2026, 10, 1),
  expires_at_millis: Date.UTC(2099, 0, 1),
  secret_server_key: { last_four: "wxyz" },
};

let answer: unknown;
let requested: string[];

beforeEach(() => {
  requested = [];
  // The operator proxy answers the auth service's own JSON, not the app API's pairs.
  vi.stubGlobal("fetch", async (url: string) => {
    requested.push(url);
    return Response.json(answer);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = () => renderSignedIn(<KeysPage />, { queryClient: testQueryClient() });

describe("KeysPage", () => {
  it("lists the key sets the auth service answers", async () => {
    answer = { items: [keySet], is_paginated: false };
    await useLang("en");
    show();
    expect(await screen.findByRole("rowheader", { name: "CI deploys" })).toBeTruthy();
    expect(screen.getByText("…wxyz")).toBeTruthy();
    expect(requested).toEqual(["/api/v1/admin/auth/internal/api-keys"]);
  });

  it("shows an answer of another shape as the page's error, in both languages", async () => {
    // A key shown whole where the list has last fours only, and no creation time.
    answer = { items: [{ ...keySet, created_at_millis: undefined, secret_server_key: "ssk_whole" }] };
    await useLang("en");
    show();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The server's answer could not be read. Reload the page; if this persists, the server and this page may be from different versions.",
    );
    expect(screen.queryByRole("table")).toBeNull();
    cleanup();
    await useLang("de");
    show();
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Die Antwort des Servers konnte nicht gelesen werden.",
    );
  });
});
