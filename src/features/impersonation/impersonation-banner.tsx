import type { ImpersonationHandover } from "@contract/impersonation";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { UserRoundCog } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { endImpersonation } from "@/lib/session/end-impersonation";

/**
 * On every page of an impersonation tab: who is signed in, by which operator, until when, and the
 * way out. A region of its own so screen readers find it, first on the page and in the page's flow:
 * pinned, it would cover the sticky header and the sidebar (whose foot holds the user menu).
 */
export function ImpersonationBanner({
  impersonation,
  end = endImpersonation,
}: {
  impersonation: ImpersonationHandover;
  /** endImpersonation, replaceable in component tests. */
  end?: () => Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const [ending, setEnding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const user = impersonation.user.email ?? impersonation.user.id;
  const operator = impersonation.operator.email ?? impersonation.operator.id;
  const until = i18n.date(new Date(impersonation.expiresAt), { hour: "2-digit", minute: "2-digit" });

  async function onEnd() {
    setEnding(true);
    setError(null);
    try {
      await end();
    } catch (e) {
      setError(errorText(i18n, e, msg`An error occurred`));
      setEnding(false);
    }
  }

  return (
    <section
      aria-label={t`Impersonation`}
      className="relative z-20 flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-amber-300/40 bg-amber-950 px-4 py-2 text-sm text-amber-50"
    >
      <UserRoundCog aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1 break-words">
        {t`Signed in as ${user} by operator ${operator} (impersonation), until ${until}.`}
      </p>
      {error && (
        <p role="alert" className="text-red-200">
          {error}
        </p>
      )}
      <Button size="sm" variant="outline" disabled={ending} onClick={() => void onEnd()}>
        {ending && <Spinner />}
        {t`End impersonation`}
      </Button>
    </section>
  );
}
