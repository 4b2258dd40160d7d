import { getRuntimeConfig } from "@/lib/runtime-config";
import { hasSessionCookie } from "./session-hint";
import { getStackApp } from "./stack";

/**
 * A current access token of the signed-in user, or null. The SDK refreshes a token that is
 * about to expire (and writes it back to the cookie, which the socket uses). Without a session
 * cookie the SDK is not even loaded.
 */
export async function freshAccessToken(): Promise<string | null> {
  const { projectId } = await getRuntimeConfig();
  if (!hasSessionCookie(document.cookie, projectId)) return null;
  const app = await getStackApp();
  const user = await app.getUser();
  return (await user?.getAuthJson())?.accessToken ?? null;
}

/** Headers for our API: the token in the SDK's own header, which the app API reads first. */
export async function apiAuthHeaders(): Promise<Record<string, string>> {
  const token = await freshAccessToken();
  return token ? { "x-stack-access-token": token } : {};
}
