import { describe, expect, it } from "vitest";
import { isSidebarShortcut, sidebarCookie, sidebarOpenFromCookie } from "./sidebar-state";

const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe("sidebar state", () => {
  it("keeps the state in a cookie for seven days", () => {
    expect(sidebarCookie(false)).toBe("sidebar:state=false; Path=/; Max-Age=604800; SameSite=Lax");
  });
  it("is open unless the cookie says false", () => {
    expect(sidebarOpenFromCookie(undefined)).toBe(true);
    expect(sidebarOpenFromCookie("true")).toBe(true);
    expect(sidebarOpenFromCookie("false")).toBe(false);
  });
  it("toggles on Ctrl+B and Cmd+B only", () => {
    expect(isSidebarShortcut(key("b", { ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key("B", { metaKey: true }))).toBe(true);
    expect(isSidebarShortcut(key("b"))).toBe(false);
    expect(isSidebarShortcut(key("b", { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key("n", { ctrlKey: true }))).toBe(false);
  });
});
