import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { UserRoundCog } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { handOverWhenReady, IMPERSONATE_PATH } from "@/lib/session/impersonation-handover";
import { useStartImpersonation } from "./users-api";

/**
 * "Open as this user": a new tab of this console, signed in as the user for half an hour with a
 * banner naming both. The tab is opened at once (in the click, or the browser blocks it); the
 * session reaches it by postMessage once it says it is ready. The operator's tabs stay theirs.
 */
export function OpenAsUserButton({
  userId,
  open = (url) => window.open(url, "_blank"),
}: {
  userId: string;
  /** window.open, replaceable in component tests. */
  open?: (url: string) => Window | null;
}) {
  const { t, i18n } = useLingui();
  const start = useStartImpersonation(userId);
  const [error, setError] = useState<string | null>(null);

  async function openTab() {
    setError(null);
    const tab = open(IMPERSONATE_PATH);
    if (!tab) {
      setError(t`The browser blocked the new tab. Allow pop-ups for this console and try again.`);
      return;
    }
    const session = start.mutateAsync();
    const stop = handOverWhenReady(window, tab, session);
    try {
      await session;
    } catch (e) {
      stop();
      tab.close();
      setError(errorText(i18n, e, msg`An error occurred`));
    }
  }

  return (
    <div className="grid justify-items-end gap-1">
      <Button variant="outline" disabled={start.isPending} onClick={() => void openTab()}>
        {start.isPending ? <Spinner /> : <UserRoundCog aria-hidden="true" />}
        {t`Open as this user`}
      </Button>
      {error && (
        <p role="alert" className="max-w-xs text-right text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
