import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { authServiceRequestRaw } from "@/lib/api-client";
import { AuthCard } from "../../components/auth-card";
import { getStackApp } from "../../lib/session/stack";

type State = { kind: "idle" | "working" | "done" | "signed-out" } | { kind: "failed"; message: string };

/**
 * /handler/cli-auth-confirm?login_code=…: the signed-in user lets a command-line tool sign in as
 * them. The page proves who confirms with its own refresh token; the tool gets a session of its own.
 */
export function CliAuthConfirmPage({ loginCode }: { loginCode: string | undefined }) {
  const { t } = useLingui();
  const [state, setState] = useState<State>({ kind: "idle" });

  async function confirm(code: string) {
    setState({ kind: "working" });
    try {
      const app = await getStackApp();
      const user = await app.getUser();
      if (!user) {
        setState({ kind: "signed-out" });
        return;
      }
      const { refreshToken } = await user.currentSession.getTokens();
      const response = await authServiceRequestRaw("/auth/cli/complete", {
        method: "POST",
        access: "client",
        json: { login_code: code, refresh_token: refreshToken },
      });
      setState(
        response.ok
          ? { kind: "done" }
          : { kind: "failed", message: t`This login link is invalid or has expired. Start the login again.` },
      );
    } catch (error) {
      console.warn("command-line login confirmation failed", error);
      setState({ kind: "failed", message: t`The command-line login could not be confirmed. Please try again.` });
    }
  }

  if (!loginCode) {
    return (
      <AuthCard title={t`Command-line login`}>
        <p role="alert" className="text-center text-red-200">{t`No login code provided`}</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t`Command-line login`}>
      <div className="grid gap-4 text-center">
        {state.kind === "done" ? (
          <p role="status" className="text-slate-200">
            {t`The command-line tool is signed in. You can close this tab.`}
          </p>
        ) : (
          <>
            <p className="text-slate-200">{t`A command-line tool asks to sign in to your account.`}</p>
            <Button onClick={() => void confirm(loginCode)} disabled={state.kind === "working"}>
              {t`Allow sign-in`}
            </Button>
          </>
        )}
        {state.kind === "failed" && (
          <p role="alert" className="text-red-200">
            {state.message}
          </p>
        )}
        {state.kind === "signed-out" && (
          <p role="alert" className="text-red-200">
            {t`Please log in first, then open this link again.`}{" "}
            <Link to="/login" className="text-indigo-300 hover:underline">
              {t`Log in`}
            </Link>
          </p>
        )}
      </div>
    </AuthCard>
  );
}
