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
 * Whether the browser holds any refresh-token cookie of the SDK at all, for any project: answered
 * synchronously before /config.json names the project, so a visitor with none goes to /login
 * without a moment of 'Authenticating...'.
 */
export function mayHaveSession(cookieHeader: string): boolean {
  return cookieHeader.split(";").some((part) => {
    const [name = "", value = ""] = part.trim().split("=");
    return /^(?:__Host-)?(?:stack|hexclave)-refresh(?:-|$)/.test(name) && value.trim() !== "";
  });
}
