// @vitest-environment happy-dom
import type { ImpersonationHandover } from "@contract/impersonation";
import { afterEach, describe, expect, it } from "vitest";
import {
  clearImpersonation,
  currentImpersonation,
  IMPERSONATION_STORAGE_KEY,
  resetImpersonationCache,
  storeImpersonation,
} from "./impersonation";
import { handOverWhenReady, receiveHandover } from "./impersonation-handover";

// The hand-over between the admin area's tab and the new one, with window's own message events; the
// other tab is a recording stand-in (happy-dom has no second browsing context).
const HANDOVER: ImpersonationHandover = {
  accessToken: "access.token.value",
  refreshToken: "refresh-token-value",
  expiresAt: "2026-12-06T23:30:00.000Z",
  user: { id: "u-carol", email: "carol@example.test" },
  operator: { id: "u-alice", email: "alice@example.test" },
};

function recorder() {
  const sent: Array<{ message: unknown; origin: string }> = [];
  return { sent, postMessage: (message: unknown, origin: string) => sent.push({ message, origin }) };
}

/** The hand-over answers in a promise callback, queued as the event is delivered: one turn lets it run. */
const deliver = (data: unknown, source: unknown, origin = window.location.origin) =>
  window.dispatchEvent(new MessageEvent("message", { data, origin, source: source as MessageEventSource }));

afterEach(() => {
  clearImpersonation();
  resetImpersonationCache();
});

describe("the admin area's side", () => {
  it("hands the session over only when that very tab, of this origin, says it is ready", async () => {
    const tab = recorder();
    const stranger = recorder();
    const stop = handOverWhenReady(window, tab as unknown as Window, Promise.resolve(HANDOVER));
    deliver({ type: "console-impersonation-ready" }, tab, "https://evil.example");
    deliver({ type: "console-impersonation-ready" }, stranger);
    deliver({ type: "something-else" }, tab);
    await Promise.resolve();
    expect(tab.sent).toEqual([]);
    deliver({ type: "console-impersonation-ready" }, tab);
    await Promise.resolve();
    expect(tab.sent).toEqual([
      { message: { type: "console-impersonation-handover", handover: HANDOVER }, origin: window.location.origin },
    ]);
    // Once is all: a second "ready" gets nothing.
    deliver({ type: "console-impersonation-ready" }, tab);
    await Promise.resolve();
    expect(tab.sent).toHaveLength(1);
    stop();
  });

  it("sends nothing when the session could not be started", async () => {
    const tab = recorder();
    handOverWhenReady(window, tab as unknown as Window, Promise.reject(new Error("refused")));
    deliver({ type: "console-impersonation-ready" }, tab);
    await Promise.resolve();
    expect(tab.sent).toEqual([]);
  });
});

describe("the new tab's side", () => {
  it("says it is ready to its opener, addressed to this origin, and takes only the opener's well-formed session", async () => {
    const opener = recorder();
    const received = receiveHandover(window, opener as unknown as Window);
    expect(opener.sent).toEqual([{ message: { type: "console-impersonation-ready" }, origin: window.location.origin }]);
    const handover = { type: "console-impersonation-handover", handover: HANDOVER };
    deliver(handover, opener, "https://evil.example");
    deliver(handover, recorder());
    deliver({ type: "console-impersonation-handover", handover: { ...HANDOVER, refreshToken: "" } }, opener);
    deliver(handover, opener);
    expect(await received).toEqual(HANDOVER);
  });

  it("refuses to wait without an opener (the page opened by hand)", async () => {
    await expect(receiveHandover(window, null)).rejects.toThrow("no opener");
  });
});

describe("the tab's session store", () => {
  it("keeps the session in this tab's sessionStorage only, and forgets it", () => {
    expect(currentImpersonation()).toBeNull();
    storeImpersonation(HANDOVER);
    expect(JSON.parse(sessionStorage.getItem(IMPERSONATION_STORAGE_KEY) ?? "null")).toEqual(HANDOVER);
    expect(localStorage.getItem(IMPERSONATION_STORAGE_KEY)).toBeNull();
    expect(document.cookie).not.toContain(HANDOVER.refreshToken);
    resetImpersonationCache();
    expect(currentImpersonation()).toEqual(HANDOVER);
    clearImpersonation();
    resetImpersonationCache();
    expect(currentImpersonation()).toBeNull();
  });

  it("ignores a stored value that is not a session", () => {
    sessionStorage.setItem(IMPERSONATION_STORAGE_KEY, "{not json");
    expect(currentImpersonation()).toBeNull();
    resetImpersonationCache();
    sessionStorage.setItem(IMPERSONATION_STORAGE_KEY, JSON.stringify({ accessToken: "x" }));
    expect(currentImpersonation()).toBeNull();
  });
});
