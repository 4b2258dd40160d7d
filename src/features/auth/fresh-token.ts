import { getRuntimeConfig } from "@/lib/runtime-config";
import { hasSessionCookie } from "./session-hint";
import { getStackApp } from "./stack";

/**
 * Makes sure the access-token cookie our API reads is current: the SDK refreshes a token that
 * is about to expire and writes it back to the cookie. Without a session there is nothing to do.
 */
export async function ensureFreshAccessToken(): Promise<void> {
  const { projectId } = await getRuntimeConfig();
  if (!hasSessionCookie(document.cookie, projectId)) return;
  const app = await getStackApp();
  const user = await app.getUser();
  await user?.getAuthJson();
}
