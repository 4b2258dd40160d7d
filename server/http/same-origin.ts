/**
 * Cross-site request checks for what a browser sends on its own: cookies. A request that
 * authenticates with the SDK's session cookie and changes something (or opens the socket) must come
 * from the console's own pages. Headers carrying a token (Authorization, x-stack-access-token) are
 * not checked: a browser sends them cross-site only after a CORS preflight this server never grants,
 * and only a page that already holds the token can set them.
 *
 * The console's own origin is PUBLIC_URL's, or the host the request was addressed to (Host), which
 * is what a page served by this server sends as its Origin, whatever scheme a proxy in front strips.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

function hostOf(value: string | undefined): string | null {
  if (!value || value === "null") return null;
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Whether a cookie-authenticated request comes from the console itself: its Origin, or without one
 * Sec-Fetch-Site, or without that the Referer. A request with none of them is not a browser's
 * (browsers send Origin on every cross-site write and socket), so it passes.
 */
export function fromOwnOrigin(header: (name: string) => string | undefined, publicUrl: string): boolean {
  const own = new Set([hostOf(publicUrl), header("host")?.toLowerCase() ?? null].filter((h): h is string => !!h));
  const origin = header("origin");
  if (origin !== undefined) {
    const host = hostOf(origin);
    return host !== null && own.has(host);
  }
  const site = header("sec-fetch-site");
  if (site !== undefined) return site === "same-origin" || site === "none";
  const referer = header("referer");
  if (referer !== undefined) {
    const host = hostOf(referer);
    return host !== null && own.has(host);
  }
  return true;
}
