/**
 * Whether the browser holds a refresh-token cookie of the Stack SDK for this project. It is the
 * cheap signal that lets signed-out visitors skip loading the SDK (about 230 KB) entirely.
 * Names: `stack-refresh-<id>--default`, `hexclave-refresh-<id>--…`, `__Host-` variants on
 * https, and the legacy `stack-refresh-<id>` and `stack-refresh`.
 */
export function hasSessionCookie(cookieHeader: string, projectId: string): boolean {
  return cookieHeader.split(";").some((part) => {
    const name = part.trim().split("=")[0] ?? "";
    const bare = name.replace(/^__Host-/, "");
    const match = /^(?:stack|hexclave)-refresh(?:-(.+?))?(?:--.*)?$/.exec(bare);
    if (!match) return false;
    const value = part.slice(part.indexOf("=") + 1).trim();
    return value !== "" && (match[1] === undefined || match[1] === projectId);
  });
}

/**
 * Polls for the session cookie every `intervalMs` up to `timeoutMs`: right after a sign-in in
 * another tab, or while the SDK is still writing cookies, the guard waits instead of bouncing
 * the user to /login.
 */
export async function waitForSessionCookie(
  projectId: string,
  { timeoutMs = 2000, intervalMs = 100, readCookies = () => document.cookie } = {},
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (hasSessionCookie(readCookies(), projectId)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
