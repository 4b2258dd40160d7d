import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { FieldError } from "@/components/field-error";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { EmailHtmlFrame } from "./email-html-frame";
import { type OpenedEmail, openedEmailQuery, type SentEmail, useResendEmail } from "./emails-api";

/**
 * One mail of the outbox opened: its recipient and subject, and while the outbox keeps its body
 * (no SMTP server took it, or it still waits), the text, the HTML in a sandboxed frame and its
 * link to copy; such a mail can be sent again. A delivered mail's body is gone (its link was a
 * credential), which the dialog says.
 */
export function EmailViewerDialog({ mail, onClose }: { mail: SentEmail | null; onClose(): void }) {
  const { t } = useLingui();
  return (
    <Dialog open={mail !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t`Close`} wide>
        <DialogHeader>
          <DialogTitle>{mail?.subject ?? ""}</DialogTitle>
          <DialogDescription>{mail ? t`To ${mail.to.join(", ")}` : ""}</DialogDescription>
        </DialogHeader>
        {mail && <OpenedMail id={mail.id} />}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t`Close`}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function OpenedMail({ id }: { id: string }) {
  const opened = useQuery(openedEmailQuery(id));
  return <QueryState query={opened}>{(mail) => <MailBody mail={mail} />}</QueryState>;
}

function MailBody({ mail }: { mail: OpenedEmail }) {
  const { t, i18n } = useLingui();
  const resend = useResendEmail();
  if (!mail.body_kept || mail.text === null || mail.html === null) {
    return (
      <p className="text-sm text-slate-300">
        {t`This e-mail was delivered or given up; the outbox keeps only its recipient, subject and status, since its link was a credential.`}
      </p>
    );
  }
  async function onResend() {
    try {
      await resend.mutateAsync(mail.id);
      notify.success(t`The e-mail is in the outbox again.`);
    } catch {
      // Said next to the button (errorText of resend.error).
    }
  }
  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
      {mail.link && (
        <div className="grid gap-1.5">
          <span className="text-sm text-slate-300">{t`Link in the e-mail`}</span>
          <div className="flex min-w-0 items-start gap-2">
            <code
              data-testid="mail-link"
              className="min-w-0 flex-1 rounded-md bg-black/30 p-2 font-mono text-xs break-all text-slate-100"
            >
              {mail.link}
            </code>
            <CopyButton value={mail.link} label={t`Copy link`} />
          </div>
        </div>
      )}
      <section aria-label={t`Text`} className="grid gap-1.5">
        <h3 className="text-sm font-medium text-white">{t`Text`}</h3>
        <pre
          data-testid="mail-text"
          className="max-h-48 overflow-auto rounded-md border border-white/10 bg-black/30 p-2 text-xs whitespace-pre-wrap break-words text-slate-100"
        >
          {mail.text}
        </pre>
      </section>
      <section aria-label={t`HTML`} className="grid gap-1.5">
        <h3 className="text-sm font-medium text-white">{t`HTML`}</h3>
        <EmailHtmlFrame html={mail.html} title={t`The e-mail as HTML`} />
      </section>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => void onResend()}>
          {resend.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          {t`Send again`}
        </Button>
        <FieldError message={resend.error ? errorText(i18n, resend.error) : null} />
      </div>
    </div>
  );
}
