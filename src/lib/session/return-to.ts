/** Stack's name for the page a sign-in should come back to (`/login?after_auth_return_to=…`). */
export const RETURN_TO_PARAM = "after_auth_return_to";
const STORAGE_KEY = "auth-return-to";

/** Only a path of this app: never another origin, nor a protocol-relative `//host`. */
function samePath(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}

/**
 * Remembers, for this tab, where to go once signed in. Session storage rather than the address
 * alone: social sign-in, the MFA prompt and the verification link leave /login on the way.
 */
export function rememberReturnTo(value: string | undefined): void {
  const path = samePath(value);
  if (path) window.sessionStorage.setItem(STORAGE_KEY, path);
}

/** The remembered page (forgotten once read), or the home page. */
export function takeReturnTo(): string {
  const path = samePath(window.sessionStorage.getItem(STORAGE_KEY));
  window.sessionStorage.removeItem(STORAGE_KEY);
  return path ?? "/";
}

/** The /login address that comes back to `path` after signing in. */
export function loginHref(path: string): string {
  return `/login?${new URLSearchParams({ [RETURN_TO_PARAM]: path })}`;
}
