import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { SessionOrigin } from "../stores/sessions.ts";
import { sessionOrigin } from "./session-origin.ts";

async function originOf(header: string | undefined, headers: Record<string, string>): Promise<SessionOrigin> {
  const app = new Hono();
  app.get("/", (c) => c.json(sessionOrigin(c, { AUTH_COUNTRY_HEADER: header })));
  return (await (await app.request("/", { headers })).json()) as SessionOrigin;
}

describe("sessionOrigin", () => {
  it("believes no country header unless the operator names one", async () => {
    expect(await originOf(undefined, { "cf-ipcountry": "DE", "user-agent": "curl/8.5.0" })).toEqual({
      userAgent: "curl/8.5.0",
      countryCode: null,
      locale: "en",
    });
    expect((await originOf("X-Geo-Country", { "x-geo-country": "fr" })).countryCode).toBe("FR");
    expect((await originOf("X-Geo-Country", { "cf-ipcountry": "FR" })).countryCode).toBeNull();
  });

  it("keeps the request's language for the mails that come later", async () => {
    expect((await originOf(undefined, { "accept-language": "de-DE,de;q=0.9" })).locale).toBe("de");
    expect((await originOf(undefined, { cookie: "locale=de", "accept-language": "en" })).locale).toBe("de");
  });

  it("keeps no User-Agent that is empty, and none of its control characters", async () => {
    expect((await originOf(undefined, {})).userAgent).toBeNull();
    expect((await originOf(undefined, { "user-agent": "A\tB" })).userAgent).toBe("AB");
  });
});
