import { describe, expect, it } from "vitest";
import { MIN_TOKEN_VALIDITY_MS, usableCookieSession } from "./cookie-session";

const NOW = 1_800_000_000_000;
const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const token = (claims: object) => `${base64url({ alg: "ES256" })}.${base64url(claims)}.signature`;
const cookie = (name: string, access: string) => `${name}=${encodeURIComponent(JSON.stringify(["refresh", access]))}`;

describe("usableCookieSession", () => {
  const good = token({ sub: "user-1", exp: (NOW + 5 * 60_000) / 1000 });

  it("reads the access token from either SDK cookie while it is good for a minute more", () => {
    for (const name of ["hexclave-access", "stack-access"]) {
      expect(usableCookieSession(`locale=en; ${cookie(name, good)}`, NOW)).toEqual({
        token: good,
        claims: { sub: "user-1", exp: (NOW + 5 * 60_000) / 1000, isAnonymous: false, isRestricted: false },
      });
    }
  });

  it("leaves a token about to expire, an expired one, or a broken one to the SDK", () => {
    const soon = token({ sub: "u", exp: (NOW + MIN_TOKEN_VALIDITY_MS - 1000) / 1000 });
    const expired = token({ sub: "u", exp: (NOW - 1000) / 1000 });
    for (const value of [soon, expired, "not-a-jwt", `a.${btoa("{")}.c`, token({ exp: NOW / 1000 + 600 })]) {
      expect(usableCookieSession(cookie("stack-access", value), NOW)).toBeNull();
    }
    expect(usableCookieSession("stack-access=%5Bnot-json", NOW)).toBeNull();
    expect(usableCookieSession("", NOW)).toBeNull();
  });

  it("passes on whether the user is anonymous or restricted", () => {
    const anonymous = token({ sub: "u", exp: NOW / 1000 + 600, is_anonymous: true, is_restricted: true });
    expect(usableCookieSession(cookie("stack-access", anonymous), NOW)?.claims).toMatchObject({
      isAnonymous: true,
      isRestricted: true,
    });
  });
});
