import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { AuthCard } from "@/components/auth-card";
import { Spinner } from "@/components/ui/spinner";
import { storeImpersonation } from "@/lib/session/impersonation";
import { receiveHandover } from "@/lib/session/impersonation-handover";

const enterConsole = () => window.location.replace("/");

/**
 * /impersonate, opened by the admin area's "Open as this user": asks the opener for the session,
 * keeps it in this tab's sessionStorage and loads the console anew, signed in as the user.
 */
export function ImpersonatePage({
  opener = window.opener as Window | null,
  enter = enterConsole,
}: {
  opener?: Pick<Window, "postMessage"> | null;
  enter?: () => void;
}) {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    receiveHandover(window, opener).then(
      (handover) => {
        if (!live) return;
        storeImpersonation(handover);
        enter();
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [opener, enter]);

  return (
    <AuthCard title={t`Impersonation`}>
      {failed ? (
        <p role="alert" className="text-center text-slate-200">
          {t`This page opens a user's session from the admin area. Use "Open as this user" on the user's page there.`}
        </p>
      ) : (
        <p role="status" className="flex items-center justify-center gap-2 text-slate-200">
          <Spinner />
          {t`Opening the user's session…`}
        </p>
      )}
    </AuthCard>
  );
}
