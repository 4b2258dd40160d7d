/** What the sessions list names a device by: the browser and the system, each null when unknown. */
export interface DeviceSummary {
  browser: string | null;
  system: string | null;
}

// Order matters: Edge, Opera and Samsung Internet also say Chrome, Chrome also says Safari, and
// every browser on iOS is a Safari underneath with a token of its own (CriOS, FxiOS, EdgiOS).
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bVivaldi\//, "Vivaldi"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrom(e|ium)\/|\bCriOS\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/^curl\//, "curl"],
  [/^node\b|\bnode-fetch\b|\bundici\b/, "Node.js"],
];

// iOS before macOS (an iPhone says "like Mac OS X"), Android before Linux (Android says Linux).
const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

const first = (table: Array<[RegExp, string]>, userAgent: string) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

/**
 * The main browsers and systems from a User-Agent string (a guess: any client can send any
 * string); versions are left out, since a list of sessions needs only to tell them apart.
 */
export function summarizeUserAgent(userAgent: string | null | undefined): DeviceSummary {
  if (!userAgent) return { browser: null, system: null };
  return { browser: first(BROWSERS, userAgent), system: first(SYSTEMS, userAgent) };
}
