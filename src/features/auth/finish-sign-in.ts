import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { errorText } from "@/lib/errors/error-text";
import { restartLiveUpdates } from "@/lib/live-restart";
import { authKeys, loadSessionUser } from "../../lib/session/current-user";
import { initializeProject } from "../../lib/session/project-init";
import { takeReturnTo } from "../../lib/session/return-to";

/**
 * The steps after the service accepted a sign-in (password, code or TOTP), kept in one place so
 * the three forms cannot drift: read the new session's user into the cache, reconnect the live
 * socket under the new identity, set up the project on a first sign-in, then go where the visitor
 * was headed. Resolves `false` when the session has no user, so each form shows its own error;
 * anything thrown is left to the form's own catch.
 */
export function useFinishSignIn(): () => Promise<boolean> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const user = await loadSessionUser();
    queryClient.setQueryData(authKeys.user, user);
    if (!user) return false;
    restartLiveUpdates();
    // A failed initialisation has already shown its own error; stay on the page.
    if (!user.projectInitialized && !(await initializeProject())) return true;
    await navigate({ href: takeReturnTo() });
    return true;
  }, [navigate, queryClient]);
}

/** The SDK's answer to a sign-in call: done, or refused with a known error. */
type SignInAnswer = { status: "ok" } | { status: "error"; error: unknown };

/**
 * The password and code forms' reading of the service's answer: its refusal in the reader's
 * language, or the steps above. Resolves the error the form shows, or null once signed in.
 */
export function useSignInAnswer(): (answer: SignInAnswer) => Promise<string | null> {
  const finishSignIn = useFinishSignIn();
  const { i18n } = useLingui();
  return useCallback(
    async (answer: SignInAnswer) => {
      const failed = msg`An error occurred during login`;
      if (answer.status === "error") return errorText(i18n, answer.error, failed);
      return (await finishSignIn()) ? null : i18n._(failed);
    },
    [finishSignIn, i18n],
  );
}
