import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { notify } from "@/lib/notify";
import { AuthCard } from "../../components/auth-card";
import { authKeys, loadSessionUser } from "../../lib/session/current-user";
import { initializeProject } from "../../lib/session/project-init";
import { takeReturnTo } from "../../lib/session/return-to";
import { getStackApp, withoutSdkRedirects } from "../../lib/session/stack";
import { runOnce } from "./run-once";

/** Home, the page a sign-in was asked to come back to, or /login. */
type Destination = string;

/** Finishes a social sign-in: exchanges the code through the SDK, then the spec's branches. */
export function OAuthCallbackPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  // The address as the page opened: the SDK removes the code from it while it works, and the
  // effect can run again meanwhile (a catalog that arrives, like the error texts with the SDK,
  // gives `t` a new identity); that run must find the same one-shot run, not start one without code.
  const [search] = useState(() => window.location.search);

  useEffect(() => {
    let active = true;
    runOnce(`oauth-callback:${search}`, async (): Promise<Destination> => {
      const failure = () => {
        notify.error(t`Error signing in during OAuth callback. Please try again.`);
        return "/login" as const;
      };
      try {
        const app = await getStackApp();
        const signedIn = await withoutSdkRedirects(() => app.callOAuthCallback());
        if (!signedIn) {
          setFailed(true);
          return failure();
        }
      } catch {
        setFailed(true);
        return failure();
      }
      const user = await loadSessionUser();
      queryClient.setQueryData(authKeys.user, user);
      if (!user) {
        notify.success(t`Signed in successfully`);
        return "/login";
      }
      if (user.projectInitialized || (await initializeProject())) return takeReturnTo();
      return failure();
    }).then((to) => {
      if (active) void navigate({ href: to, replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate, queryClient, t, search]);

  return (
    <AuthCard title={failed ? t`Error` : t`Signing in...`}>
      <p role="status" className="flex items-center justify-center gap-2 text-slate-200">
        {failed ? t`Error signing in during OAuth callback. Please try again.` : <Spinner />}
      </p>
    </AuthCard>
  );
}
