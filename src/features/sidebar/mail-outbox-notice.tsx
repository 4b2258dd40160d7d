import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { Inbox, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

const DISMISSED_KEY = "mail-outbox-notice:dismissed";

/**
 * For operators of an instance without an SMTP server: no mail leaves it, so sign-up and other
 * links wait in the outbox. Says where to read them; can be put away for the browser session.
 * The shell renders it only for them (app-shell.tsx asks /admin/me).
 */
export function MailOutboxNotice() {
  const { t } = useLingui();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === "1");
  if (dismissed) return null;
  return (
    <section
      aria-label={t`No mail server`}
      className="flex items-start gap-3 border-b border-sky-400/30 bg-sky-950/40 px-4 py-3 text-sm text-sky-100"
    >
      <Inbox aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-sky-300" />
      <p className="min-w-0 flex-1 break-words">
        <Trans>
          This instance has no mail server (SMTP_URL is not set): no mail leaves it. Verification and other mails wait
          in the outbox, which operators read under{" "}
          <Link to="/admin/emails" className="text-sky-200 underline underline-offset-2">
            Admin → E-mails
          </Link>
          .
        </Trans>
      </p>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={t`Hide this notice`}
        onClick={() => {
          sessionStorage.setItem(DISMISSED_KEY, "1");
          setDismissed(true);
        }}
      >
        <X aria-hidden="true" />
      </Button>
    </section>
  );
}
