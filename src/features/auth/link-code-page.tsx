import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { errorText } from "@/lib/errors/error-text";
import { AuthCardFailure, AuthCardWaiting } from "../../components/auth-card";
import { authKeys, loadSessionUser } from "../../lib/session/current-user";
import { initializeProject } from "../../lib/session/project-init";
import { takeReturnTo } from "../../lib/session/return-to";
import { getStackApp } from "../../lib/session/stack";
import type { StackClient } from "../../lib/session/stack-client";
import { runOnce } from "./run-once";

type Outcome = { ok: true } | { ok: false; message: string };
type SdkResult = { status: "ok" } | { status: "error"; error: unknown };

interface LinkCodePageProps {
  code: string | undefined;
  /** Names the flow in the run-once key and the console warning. */
  flow: string;
  redeem(app: StackClient, code: string): Promise<SdkResult>;
  onRedeemed?(): void;
  texts: { pending: string; failed: string; missingCode: string; genericError: string };
}

/**
 * A page a mailed link opens (e-mail verification, magic link): redeems its single-use code once,
 * then continues like a sign-in (session, project initialisation, home), or says why it failed.
 */
export function LinkCodePage({ code, flow, redeem, onRedeemed, texts }: LinkCodePageProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const { genericError } = texts;

  // biome-ignore lint/correctness/useExhaustiveDependencies: redeem and onRedeemed are fixed per page
  useEffect(() => {
    if (!code) return;
    let active = true;
    // A code is single use: React's double effects in development must not redeem it twice.
    runOnce(`${flow}:${code}`, async (): Promise<Outcome> => {
      try {
        const result = await redeem(await getStackApp(), code);
        if (result.status === "error") {
          return { ok: false, message: errorText(i18n, result.error) };
        }
      } catch (error) {
        console.warn(`${flow} failed`, error);
        return { ok: false, message: genericError };
      }
      onRedeemed?.();
      const user = await loadSessionUser();
      queryClient.setQueryData(authKeys.user, user);
      // Idempotent, so it runs after every redeemed link.
      if (user) await initializeProject();
      return { ok: true };
    }).then((outcome) => {
      if (!active) return;
      if (outcome.ok) void navigate({ href: takeReturnTo() });
      else setFailure(outcome.message);
    });
    return () => {
      active = false;
    };
  }, [code, flow, genericError, navigate, queryClient]);

  if (!code || failure) {
    return (
      <AuthCardFailure
        title={texts.failed}
        message={failure ?? texts.missingCode}
        action={
          <Link to="/login" className="text-indigo-300 hover:underline">
            {t`Back to login`}
          </Link>
        }
      />
    );
  }
  return <AuthCardWaiting title={texts.pending} />;
}
