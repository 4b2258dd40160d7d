import { useLingui } from "@lingui/react/macro";
import { Upload } from "lucide-react";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
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
import { useDebouncedValue } from "@/hooks/use-debounced-value";
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
 * Once shown, the preview stays while the text is edited and follows it (read again when the typing
 * pauses); invalid lines can be left out by importing the valid ones, which the result names.
 */
export function ImportDialog({
  appId,
  environment,
  open,
  onOpenChange,
}: {
  appId: string;
  /** The environment the file goes into (none: the server's default). */
  environment?: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t, i18n } = useLingui();
  const fileId = useId();
  const [content, setContent] = useState("");
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The text the shown preview was read from; another text means the preview is being brought up to date.
  const [previewedText, setPreviewedText] = useState<string | null>(null);
  const latestRequest = useRef(0);
  const apply = useImportSecrets(appId, environment);
  const settledContent = useDebouncedValue(content, 400);

  function reset() {
    setContent("");
    setPreview(null);
    setPreviewedText(null);
    setError(null);
  }

  async function runPreview(text = content) {
    const request = ++latestRequest.current;
    setError(null);
    setPreviewing(true);
    try {
      const next = await previewImport(appId, text, environment);
      if (request !== latestRequest.current) return;
      setPreview(next);
      setPreviewedText(text);
    } catch (e) {
      if (request !== latestRequest.current) return;
      setPreview(null);
      setPreviewedText(null);
      setError(errorText(i18n, e));
    } finally {
      if (request === latestRequest.current) setPreviewing(false);
    }
  }

  // Edits after a preview: read the text again once typing pauses (the preview shown meanwhile is
  // the last one, marked as out of date, and cannot be imported).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a settled text only
  useEffect(() => {
    if (previewedText === null || settledContent === previewedText || settledContent !== content) return;
    if (settledContent.trim() === "") return;
    void runPreview(settledContent);
  }, [settledContent]);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const text = await file.text();
    setContent(text);
    await runPreview(text);
  }

  async function onImport(skipInvalid = false) {
    if (!preview) return;
    setError(null);
    try {
      const replace = preview.entries.filter((e) => e.status === "replace").map((e) => e.key);
      const result = await apply.mutateAsync({ content, replace, skipInvalid });
      const added = result.created.length;
      const replaced = result.replaced.length;
      const skippedKeys = result.skipped.map((s) => s.key).join(", ");
      if (result.skipped.length > 0)
        notify.success(t`Imported: ${added} new, ${replaced} replaced. Skipped: ${skippedKeys}.`);
      else notify.success(t`Imported: ${added} new, ${replaced} replaced.`);
      reset();
      onOpenChange(false);
    } catch (e) {
      setError(errorText(i18n, e));
      // The secrets changed since the preview: show what the import would do now.
      if (isApiError(e, "IMPORT_CONFLICT")) await runPreview();
    }
  }

  const entries = preview?.entries ?? [];
  const invalidKeys = entries.filter((e) => e.status === "invalid").map((e) => e.key);
  const invalid = invalidKeys.length > 0;
  const changes = entries.filter((e) => e.status === "new" || e.status === "replace").length;
  const stale = preview !== null && previewedText !== content;
  const skippedList = invalidKeys.join(", ");

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
              onChange={(e) => setContent(e.target.value)}
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
            <section aria-label={t`Preview`} aria-busy={stale} className="grid gap-2">
              {stale && <p className="text-xs text-amber-200">{t`The text changed; the preview is being updated.`}</p>}
              <ul
                className={cn(
                  "grid max-h-64 gap-1 overflow-auto rounded-md border border-white/10 p-2",
                  stale && "opacity-60",
                )}
              >
                {entries.map((entry) => (
                  <li key={entry.key} className="flex min-w-0 items-center justify-between gap-2 text-sm">
                    <span className="min-w-0 font-mono break-all text-slate-100">{entry.key}</span>
                    <StatusBadge entry={entry} />
                  </li>
                ))}
              </ul>
              <p role="status" className="text-sm text-slate-300">
                {invalid
                  ? changes > 0
                    ? t`Fix the invalid lines, or import the ${changes} valid keys and skip ${skippedList}.`
                    : t`Fix the invalid lines to import.`
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
          {invalid && changes > 0 && (
            <Button variant="outline" disabled={stale || apply.isPending} onClick={() => void onImport(true)}>
              {t`Import valid lines only`}
            </Button>
          )}
          <Button
            disabled={!preview || stale || invalid || changes === 0 || apply.isPending}
            onClick={() => void onImport()}
          >
            {apply.isPending && <Spinner />}
            {t`Import`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
