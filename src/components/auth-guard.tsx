import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { createContext, type ReactNode, useContext, useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { throwErr } from "@/lib/throw-err";
import { type SessionUser, sessionUserQuery } from "../lib/session/current-user";
import { clearImpersonation, IMPERSONATION_ENDED_PATH, isImpersonationTab } from "../lib/session/impersonation";
import { mayHaveSession } from "../lib/session/session-hint";

/** Exported for component tests, which render a signed-in part of the app without the guard. */
export const SessionUserContext = createContext<SessionUser | null>(null);

/** The signed-in user; only inside the guard. */
export function useSessionUser(): SessionUser {
  return useContext(SessionUserContext) ?? throwErr("useSessionUser is only available inside <AuthGuard>");
}

/**
 * Shows 'Authenticating...' while the user loads, sends visitors nobody signed in to /login,
 * and checks again on every path change.
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname });
  // Without any session cookie nobody is signed in: straight to /login, nothing to wait for.
  const signedOut = !isImpersonationTab() && !mayHaveSession(document.cookie);
  const { data: user, isError, refetch } = useQuery({ ...sessionUserQuery(), enabled: !signedOut });

  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname !== firstPath.current) void refetch();
    firstPath.current = "";
  }, [pathname, refetch]);

  useEffect(() => {
    // An impersonation that ran out or was ended elsewhere (the user's sessions list): the tab
    // says so rather than offering a sign-in in the operator's browser.
    if (user === null && isImpersonationTab()) {
      clearImpersonation();
      window.location.replace(IMPERSONATION_ENDED_PATH);
      return;
    }
    if (user === null || signedOut) void navigate({ to: "/login", replace: true });
  }, [user, signedOut, navigate]);

  if (signedOut) return null;
  if (user) return <SessionUserContext.Provider value={user}>{children}</SessionUserContext.Provider>;
  if (isError) {
    return (
      <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-8 text-center">
        <p role="alert">{t`An error occurred`}</p>
        <Button onClick={() => void refetch()}>{t`Try again`}</Button>
      </main>
    );
  }
  return (
    <main className="flex min-h-svh items-center justify-center p-8">
      <p role="status" className="flex items-center gap-2 text-slate-300">
        <Spinner />
        {t`Authenticating...`}
      </p>
    </main>
  );
}
