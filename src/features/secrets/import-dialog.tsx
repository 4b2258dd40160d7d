import { useLingui } from "@lingui/react/macro";
import { Upload } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import { FieldError } from "@/components/field-error";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { errorText, isApiError } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { type ImportPreview, previewImport, useImportSecrets } from "./api";
import { ValueTextarea } from "./value-textarea";

type Entry = ImportPreview["entries"][number];

function StatusBadge({ entry }: { entry: Entry }) {
  const { t } = useLingui();
  const [text, tone] =
    entry.status === "new"
      ? [t`New`, "border-emerald-400/40 text-emerald-200"]
      : entry.status === "replace"
        ? [t`Will be replaced`, "border-amber-400/50 text-amber-200"]
        : entry.status === "unchanged"
          ? [t`Unchanged`, "border-white/15 text-slate-300"]
          : entry.reason === "value_too_large"
            ? [t`Invalid: value over 64 KiB`, "border-red-400/50 text-red-200"]
            : [t`Invalid: not a valid key`, "border-red-400/50 text-red-200"];
  return <span className={cn("rounded border px-1.5 py-0.5 text-xs whitespace-nowrap", tone)}>{text}</span>;
}

/**
 * Paste or upload a .env file; the preview (read by the server with the same parser as the
 * import) says which keys are new and which would be replaced, then one transaction applies it.
 */
export function ImportDialog({
  appId,
  open,
  onOpenChange,
}: {
  appId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t, i18n } = useLingui();
  const fileId = useId();
  const [content, setContent] = useState("");
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const apply = useImportSecrets(appId);

  function reset() {
    setContent("");
    setPreview(null);
    setError(null);
  }

  async function runPreview(text = content) {
    setError(null);
    setPreviewing(true);
    try {
      setPreview(await previewImport(appId, text));
    } catch (e) {
      setPreview(null);
      setError(errorText(i18n, e));
    } finally {
      setPreviewing(false);
    }
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const text = await file.text();
    setContent(text);
    await runPreview(text);
  }

  async function onImport() {
    if (!preview) return;
    setError(null);
    try {
      const replace = preview.entries.filter((e) => e.status === "replace").map((e) => e.key);
      const result = await apply.mutateAsync({ content, replace });
      const added = result.created.length;
      const replaced = result.replaced.length;
      notify.success(t`Imported: ${added} new, ${replaced} replaced.`);
      reset();
      onOpenChange(false);
    } catch (e) {
      setError(errorText(i18n, e));
      // The secrets changed since the preview: show what the import would do now.
      if (isApiError(e, "IMPORT_CONFLICT")) await runPreview();
    }
  }

  const entries = preview?.entries ?? [];
  const invalid = entries.some((e) => e.status === "invalid");
  const changes = entries.filter((e) => e.status === "new" || e.status === "replace").length;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent closeLabel={t`Close`} wide>
        <DialogHeader>
          <DialogTitle>{t`Import .env`}</DialogTitle>
          <DialogDescription>
            {t`Paste the contents of a .env file or choose one. You see what would change before anything is saved.`}
          </DialogDescription>
        </DialogHeader>
        <div className="grid min-w-0 grid-cols-1 gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${fileId}-text`}>{t`.env contents`}</Label>
            <ValueTextarea
              id={`${fileId}-text`}
              value={content}
              placeholder={'API_KEY=sk_live_…\nPRIVATE_KEY="-----BEGIN…"'}
              onChange={(e) => {
                setContent(e.target.value);
                setPreview(null);
              }}
              className="min-h-28"
            />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" asChild>
              <label htmlFor={`${fileId}-file`} className="cursor-pointer">
                <Upload aria-hidden="true" />
                {t`Choose file`}
              </label>
            </Button>
            <input id={`${fileId}-file`} type="file" className="sr-only" onChange={(e) => void onFile(e)} />
            <Button
              size="sm"
              variant="outline"
              disabled={content === "" || previewing}
              onClick={() => void runPreview()}
            >
              {previewing && <Spinner />}
              {t`Preview`}
            </Button>
          </div>
          {preview && (
            <section aria-label={t`Preview`} className="grid gap-2">
              <ul className="grid max-h-64 gap-1 overflow-auto rounded-md border border-white/10 p-2">
                {entries.map((entry) => (
                  <li key={entry.key} className="flex min-w-0 items-center justify-between gap-2 text-sm">
                    <span className="min-w-0 font-mono break-all text-slate-100">{entry.key}</span>
                    <StatusBadge entry={entry} />
                  </li>
                ))}
              </ul>
              <p role="status" className="text-sm text-slate-300">
                {invalid
                  ? t`Fix the invalid lines to import.`
                  : changes === 0
                    ? t`Nothing to change: every key has this value already.`
                    : t`${changes} keys will be saved in one step.`}
              </p>
            </section>
          )}
          <FieldError message={error} />
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t`Cancel`}</Button>
          </DialogClose>
          <Button disabled={!preview || invalid || changes === 0 || apply.isPending} onClick={() => void onImport()}>
            {apply.isPending && <Spinner />}
            {t`Import`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
