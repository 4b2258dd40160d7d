import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { AdminTable } from "../admin-table";
import { EmailViewerDialog } from "./email-viewer-dialog";
import { type SentEmail, sentEmailsQuery } from "./emails-api";

/** What the project sent, newest first, and why a send failed; each mail opens in a dialog. */
export function SentEmails() {
  const { t } = useLingui();
  const sent = useQuery(sentEmailsQuery());
  return (
    <QueryState query={sent} empty={<p className="text-slate-300">{t`No e-mails sent yet.`}</p>}>
      {(mails) => <SentEmailsTable mails={mails} />}
    </QueryState>
  );
}

function SentEmailsTable({ mails }: { mails: SentEmail[] }) {
  const { t, i18n } = useLingui();
  const statusLabel = { pending: t`Pending`, sent: t`Sent`, failed: t`Failed`, logged: t`Logged (no SMTP)` };
  const [open, setOpen] = useState<SentEmail | null>(null);
  return (
    <>
      <AdminTable label={t`Sent e-mails`} columns={[t`Time`, t`To`, t`Subject`, t`Status`]} actionsLabel={t`Actions`}>
        {mails.map((mail) => (
          <tr key={mail.id} className="border-t border-white/10 align-top text-slate-100">
            <td className="whitespace-nowrap px-3 py-2">
              {i18n.date(new Date(mail.sent_at_millis), { dateStyle: "short", timeStyle: "medium" })}
            </td>
            <td className="px-3 py-2">{mail.to.join(", ")}</td>
            <td className="px-3 py-2">{mail.subject}</td>
            <td className="px-3 py-2">
              {statusLabel[mail.status] ?? mail.status}
              {mail.error && <span className="block text-xs text-red-300">{mail.error}</span>}
            </td>
            <td className="px-3 py-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => setOpen(mail)}
                aria-label={t`Open the e-mail to ${mail.to.join(", ")}: ${mail.subject}`}
              >
                {t`Open`}
              </Button>
            </td>
          </tr>
        ))}
      </AdminTable>
      <EmailViewerDialog mail={open} onClose={() => setOpen(null)} />
    </>
  );
}
