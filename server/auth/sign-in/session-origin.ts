import type { Context } from "hono";
import type { Config } from "../../config.ts";
import { requestLocale } from "../../lib/request-locale.ts";
import { requestCountry } from "../policy/request-country.ts";
import type { SessionOrigin } from "../stores/sessions.ts";

/** Longer User-Agent strings are cut: enough to name the browser and system, no room for a payload. */
export const USER_AGENT_MAX_LENGTH = 256;

export function sessionOrigin(c: Context, config: Pick<Config, "AUTH_COUNTRY_HEADER">): SessionOrigin {
  // Control characters have no place in a User-Agent; dropping them keeps the stored text printable.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const userAgent = (c.req.header("user-agent") ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return {
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
    countryCode: requestCountry(c, config),
    locale: requestLocale(c),
  };
}
