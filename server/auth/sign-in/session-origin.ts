import type { Context } from "hono";
import type { Config } from "../../config.ts";
import { type Locale, requestLocale } from "../../lib/request-locale.ts";
import { requestCountry } from "../policy/request-country.ts";

/** Longer User-Agent strings are cut: enough to name the browser and system, no room for a payload. */
export const USER_AGENT_MAX_LENGTH = 256;

/**
 * Where a session starts, as the account page lists it: the sign-in request's User-Agent and its
 * country from the operator's proxy header (AUTH_COUNTRY_HEADER; null without it). The address is
 * never kept.
 */
export interface SessionOrigin {
  userAgent: string | null;
  countryCode: string | null;
  /** The language the request asked for (the web app's choice, else the browser's), for later mails. */
  locale?: Locale;
}

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
