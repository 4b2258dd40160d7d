import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { type EmailTemplate, previewQuery, useResetTemplate, useSaveTemplate } from "./emails-api";
import { TEMPLATE_VARIABLES, templateLabel } from "./template-label";

/**
 * Edits one template with a live preview: the server renders the unsaved text exactly as a mail
 * (example values, HTML escaping), shown in a sandboxed frame so the HTML cannot run anything.
 */
export function TemplateEditor({ template }: { template: EmailTemplate }) {
  const { t, i18n } = useLingui();
  const [subject, setSubject] = useState(template.subject);
  const [content, setContent] = useState(template.content);
  const [confirmReset, setConfirmReset] = useState(false);
  const save = useSaveTemplate();
  const reset = useResetTemplate();
  const settledSubject = useDebouncedValue(subject, 300);
  const settledContent = useDebouncedValue(content, 300);
  const preview = useQuery(previewQuery(template.type, settledSubject, settledContent));
  const changed = subject !== template.subject || content !== template.content;
  const label = templateLabel(i18n, template.type);
  const fail = (e: unknown) => notify.error(errorText(i18n, e, msg`An error occurred`));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await save.mutateAsync({ type: template.type, subject, content });
      notify.success(t`Template saved`);
    } catch (e) {
      fail(e);
    }
  }

  async function onReset() {
    setConfirmReset(false);
    try {
      await reset.mutateAsync(template.type);
      notify.success(t`Template reset to the default`);
    } catch (e) {
      fail(e);
    }
  }

  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <form className="grid content-start gap-3" onSubmit={(e) => void onSubmit(e)}>
        <div className="grid gap-1">
          <Label htmlFor="template-subject">{t`Subject`}</Label>
          <Input
            id="template-subject"
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            required
            maxLength={500}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="template-content">{t`Content`}</Label>
          <Textarea
            id="template-content"
            value={content}
            onChange={(e) => setContent(e.target.value)}
            required
            maxLength={20_000}
            rows={12}
            className="font-mono"
            aria-describedby="template-variables"
          />
          <p id="template-variables" className="text-xs text-slate-400">
            {t`Plain text; a blank line starts a paragraph. Variables:`}{" "}
            {TEMPLATE_VARIABLES.map((name) => `{{${name}}}`).join(" ")}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={!changed || save.isPending}>
            {save.isPending && <Spinner />}
            {t`Save template`}
          </Button>
          {!template.is_default && (
            <Button type="button" variant="outline" disabled={reset.isPending} onClick={() => setConfirmReset(true)}>
              {t`Reset to default`}
            </Button>
          )}
        </div>
      </form>
      <section className="grid content-start gap-2" aria-labelledby="template-preview">
        <h4 id="template-preview" className="text-sm font-medium text-slate-200">
          {t`Preview`}
        </h4>
        {preview.isError && (
          <p role="alert" className="text-sm text-red-300">
            {errorText(i18n, preview.error)}
          </p>
        )}
        {preview.data && (
          <div className="grid gap-2 rounded-lg border border-white/10 bg-white/5 p-3">
            <p className="text-sm text-slate-100">
              <span className="text-slate-400">{t`Subject:`}</span>{" "}
              <span data-testid="preview-subject">{preview.data.subject}</span>
            </p>
            <iframe
              title={t`Preview of ${label}`}
              sandbox=""
              srcDoc={`<!doctype html><html><body style="font-family:sans-serif;color:#111;background:#fff;margin:12px">${preview.data.html}</body></html>`}
              className="h-72 w-full rounded bg-white"
            />
          </div>
        )}
      </section>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={t`Reset to default`}
        description={t`Replace your version of "${label}" with the built-in template? Your edits are lost.`}
        onConfirm={() => void onReset()}
      />
    </div>
  );
}
