import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { AuthCard } from "./auth-card";
import { authKeys, loadSessionUser } from "./current-user";
import { providerMessage } from "./known-error-message";
import { initializeProject } from "./project-init";
import { runOnce } from "./run-once";
import { getStackApp, withoutSdkRedirects } from "./stack";

type Outcome = { ok: true } | { ok: false; message: string };

/** The link of the sign-in mail: redeems its code once, then continues like a password sign-in. */
export function MagicLinkCallbackPage({ code }: { code: string | undefined }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!code) return;
    let active = true;
    // A code is single use: React's double effects in development must not redeem it twice.
    runOnce(`magic-link:${code}`, async (): Promise<Outcome> => {
      try {
        const app = await getStackApp();
        const result = await withoutSdkRedirects(() => app.signInWithMagicLink(code, { noRedirect: true }));
        if (result.status === "error") {
          return { ok: false, message: providerMessage(result.error) ?? t`An error occurred while signing in` };
        }
      } catch (error) {
        console.warn("magic-link sign-in failed", error);
        return { ok: false, message: t`An error occurred while signing in` };
      }
      const user = await loadSessionUser();
      queryClient.setQueryData(authKeys.user, user);
      if (user) await initializeProject();
      return { ok: true };
    }).then((outcome) => {
      if (!active) return;
      if (outcome.ok) void navigate({ to: "/" });
      else setFailure(outcome.message);
    });
    return () => {
      active = false;
    };
  }, [code, navigate, queryClient, t]);

  if (!code || failure) {
    return (
      <AuthCard title={t`Sign-in failed`}>
        <div className="grid gap-4 text-center">
          <p role="alert" className="text-red-200">
            {failure ?? t`No sign-in code provided`}
          </p>
          <Link to="/login" className="text-indigo-300 hover:underline">
            {t`Back to login`}
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t`Signing you in`}>
      <p role="status" className="flex items-center justify-center gap-2 text-slate-200">
        <Spinner />
        {t`Please wait...`}
      </p>
    </AuthCard>
  );
}
