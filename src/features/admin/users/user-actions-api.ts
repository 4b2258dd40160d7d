import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminFetch, adminKeys, adminSend, contactChannelListSchema } from "../admin-api";
import type { AdminSession } from "./users-api";

const userPath = (id: string) => `/users/${encodeURIComponent(id)}`;
/** Every cached answer about users (the list, the user, their sessions): refreshed after an action. */
const usersKey = [...adminKeys.all, "users"] as const;

/** The operator's help for a user who cannot get in: each is one Stack server call. */
export function useUserAction(userId: string) {
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: usersKey });
  return {
    markVerified: useMutation({
      mutationFn: () => adminSend(userPath(userId), { method: "PATCH", json: { primary_email_verified: true } }),
      onSettled: done,
    }),
    /** A new verification mail to the primary address, through the same limits as the user's own request. */
    sendVerification: useMutation({
      mutationFn: async () => {
        const channels = await adminFetch(
          `/contact-channels?user_id=${encodeURIComponent(userId)}`,
          contactChannelListSchema,
        );
        const primary = channels.items.find((channel) => channel.is_primary);
        if (!primary) throw new Error("no primary e-mail");
        return adminSend(
          `/contact-channels/${encodeURIComponent(userId)}/${encodeURIComponent(primary.id)}/send-verification-code`,
          { method: "POST", json: { callback_url: new URL("/verify-email", window.location.origin).href } },
        );
      },
      onSettled: done,
    }),
    /** Removes the authenticator app: the user signs in without a code and may set one up again. */
    resetMfa: useMutation({
      mutationFn: () => adminSend(userPath(userId), { method: "PATCH", json: { totp_secret_base64: null } }),
      onSettled: done,
    }),
    /** Ends every session of the user, one by one (Stack has no call for all at once). */
    endSessions: useMutation({
      mutationFn: async (sessions: AdminSession[]) => {
        for (const session of sessions) {
          await adminSend(`/auth/sessions/${encodeURIComponent(session.id)}?user_id=${encodeURIComponent(userId)}`, {
            method: "DELETE",
          });
        }
      },
      onSettled: done,
    }),
  };
}
