import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { QueryState } from "@/components/query-state";
import { cn } from "@/lib/cn";
import { type TemplateType, templatesQuery } from "./emails-api";
import { SentEmails } from "./sent-emails";
import { TemplateEditor } from "./template-editor";
import { templateLabel } from "./template-label";
import { TestEmailForm } from "./test-email-form";

/** /admin/emails: the four templates every mail is built from, an SMTP test, and the sent-mail log. */
export function EmailsPage() {
  const { t, i18n } = useLingui();
  const templates = useQuery(templatesQuery());
  const [selected, setSelected] = useState<TemplateType>("email_verification");
  const template = templates.data?.find((item) => item.type === selected);

  return (
    <div className="grid gap-6">
      <h2 className="text-2xl font-semibold text-white">{t`E-mails`}</h2>
      <section className="grid gap-3" aria-labelledby="email-templates">
        <h3 id="email-templates" className="font-medium text-white">
          {t`Templates`}
        </h3>
        <QueryState query={templates}>
          {(list) => (
            <>
              <ul className="flex flex-wrap gap-2" aria-label={t`Templates`}>
                {list.map((item) => (
                  <li key={item.type}>
                    <button
                      type="button"
                      aria-pressed={item.type === selected}
                      onClick={() => setSelected(item.type)}
                      className={cn(
                        "rounded-md border border-white/15 px-3 py-1.5 text-sm text-slate-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-indigo-300",
                        item.type === selected && "border-indigo-300/60 bg-white/10 text-white",
                      )}
                    >
                      {templateLabel(i18n, item.type)}
                      {!item.is_default && <span className="ml-2 text-xs text-amber-200">{t`edited`}</span>}
                    </button>
                  </li>
                ))}
              </ul>
              {template && (
                // A new server version (saved, reset) starts the editor afresh from it.
                <TemplateEditor
                  key={`${template.type}:${template.is_default}:${template.subject}:${template.content}`}
                  template={template}
                />
              )}
            </>
          )}
        </QueryState>
      </section>
      <section className="grid gap-3" aria-labelledby="test-email">
        <h3 id="test-email" className="font-medium text-white">
          {t`Test an SMTP server`}
        </h3>
        <TestEmailForm />
      </section>
      <section className="grid gap-3" aria-labelledby="sent-emails">
        <h3 id="sent-emails" className="font-medium text-white">
          {t`Sent e-mails`}
        </h3>
        <SentEmails />
      </section>
    </div>
  );
}
