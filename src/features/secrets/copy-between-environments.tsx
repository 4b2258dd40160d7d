import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Copy } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FieldError } from "@/components/field-error";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText, isApiError } from "@/lib/errors/error-text";
import { type CopyEnvironmentResult, type EnvironmentComparison, useCopyBetweenEnvironments } from "./api";

type Env = EnvironmentComparison["environments"][number];
type Row = EnvironmentComparison["keys"][number];

export interface CopyBetweenEnvironmentsProps {
  appId: string;
  environments: Env[];
  /** The key to copy (its row of the comparison when the copy was asked for); null: every missing key. */
  row: Row | null;
  readOnly: boolean;
  onClose(): void;
}

const selectClass =
  "h-9 w-full min-w-0 rounded-md border border-white/15 bg-slate-900 px-2 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-300/60";

/**
 * Copies one key, or every key missing in the target, from one environment into another. The server
 * copies (values never reach the page); when the target has another value for the key, it refuses
 * with COPY_WOULD_REPLACE and this asks whether to replace before sending again with `replace`.
 */
export function CopyBetweenEnvironments({ appId, environments, row, readOnly, onClose }: CopyBetweenEnvironmentsProps) {
  const { t, i18n } = useLingui();
  const copy = useCopyBetweenEnvironments(appId);
  // For one key: from where it has a value, to where it is missing or different.
  const sources = row ? environments.filter((_, i) => row.groups[i] !== null) : environments;
  const [from, setFrom] = useState(sources[0]?.slug ?? "");
  const groupOf = (slug: string) => (row ? row.groups[environments.findIndex((e) => e.slug === slug)] : undefined);
  const targets = environments.filter((e) => e.slug !== from && (!row || groupOf(e.slug) !== groupOf(from)));
  const [chosenTo, setTo] = useState("");
  const to = targets.some((e) => e.slug === chosenTo) ? chosenTo : (targets[0]?.slug ?? "");
  const [error, setError] = useState<string | null>(null);
  const [replacing, setReplacing] = useState<string[] | null>(null);
  const [result, setResult] = useState<CopyEnvironmentResult | null>(null);
  const nameOf = (slug: string) => environments.find((e) => e.slug === slug)?.name ?? slug;
  const keys = row ? [row.key] : ("missing" as const);

  async function send(replace: boolean) {
    setError(null);
    try {
      setResult(await copy.mutateAsync({ to, from, keys, ...(replace ? { replace: true } : {}) }));
      setReplacing(null);
    } catch (e) {
      if (!replace && isApiError(e, "COPY_WOULD_REPLACE")) {
        setReplacing(e.details?.keys ?? (row ? [row.key] : []));
        return;
      }
      setReplacing(null);
      setError(errorText(i18n, e));
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (readOnly || copy.isPending || from === "" || to === "") return;
    void send(false);
  }

  const title = row ? t`Copy ${row.key}` : t`Copy missing keys`;
  if (result) {
    return (
      <section aria-label={title} className="grid min-w-0 gap-3 rounded-md border border-white/10 p-3">
        <CopyDone result={result} row={row} nameOf={nameOf} />
        <Button variant="outline" size="sm" className="justify-self-start" onClick={onClose}>
          {t`Done`}
        </Button>
      </section>
    );
  }
  const fromId = `copy-from-${row?.key ?? "missing"}`;
  const toId = `copy-to-${row?.key ?? "missing"}`;
  const fromName = nameOf(from);
  const toName = nameOf(to);
  const replacedKeys = (replacing ?? []).join(", ");
  return (
    <section aria-label={title} className="grid min-w-0 gap-3 rounded-md border border-white/10 p-3">
      <h3 className="text-sm font-medium text-slate-100">{title}</h3>
      <form className="grid min-w-0 gap-3" onSubmit={onSubmit}>
        <div className="grid gap-3 sm:grid-cols-2 [&>*]:min-w-0">
          <div className="grid gap-1">
            <Label htmlFor={fromId}>{t`From environment`}</Label>
            <select id={fromId} value={from} onChange={(e) => setFrom(e.target.value)} className={selectClass}>
              {sources.map((e) => (
                <option key={e.slug} value={e.slug}>
                  {e.name}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={toId}>{t`To environment`}</Label>
            <select id={toId} value={to} onChange={(e) => setTo(e.target.value)} className={selectClass}>
              {targets.map((e) => (
                <option key={e.slug} value={e.slug}>
                  {e.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        {!row && <p className="text-xs text-slate-300">{t`Keys the target has already keep their value there.`}</p>}
        <FieldError message={error} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={readOnly || copy.isPending || to === ""}>
            {copy.isPending ? <Spinner /> : <Copy aria-hidden="true" />}
            {t`Copy`}
          </Button>
          <Button type="button" variant="outline" size="sm" disabled={copy.isPending} onClick={onClose}>
            {t`Cancel`}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={replacing !== null}
        onOpenChange={(open) => !open && setReplacing(null)}
        title={t`Replace value?`}
        description={
          <Trans>
            <code className="font-mono text-slate-100 break-all">{replacedKeys}</code> has another value in {toName}.
            Replace it with the value from {fromName}?
          </Trans>
        }
        confirmLabel={t`Replace`}
        confirmVariant="default"
        pending={copy.isPending}
        onConfirm={() => void send(true)}
      />
    </section>
  );
}

function CopyDone({
  result,
  row,
  nameOf,
}: {
  result: CopyEnvironmentResult;
  row: Row | null;
  nameOf(slug: string): string;
}) {
  const { t } = useLingui();
  const from = nameOf(result.from);
  const to = nameOf(result.to);
  const written = [...result.created, ...result.replaced];
  let text: string;
  if (row) {
    const key = row.key;
    if (result.replaced.length > 0) text = t`Replaced ${key} in ${to} with the value from ${from}.`;
    else if (result.created.length > 0) text = t`Copied ${key} from ${from} to ${to}.`;
    else text = t`${key} has the same value in ${to} already; nothing was copied.`;
  } else {
    const copied = result.created.length;
    text =
      copied === 0
        ? t`${to} has every key of ${from} already; nothing was copied.`
        : t`Copied ${plural(copied, { one: "# key", other: "# keys" })} from ${from} to ${to}.`;
    const kept = result.kept.length;
    if (kept > 0) {
      const left = plural(kept, {
        one: "# key with another value in the target was left as it is.",
        other: "# keys with other values in the target were left as they are.",
      });
      text = `${text} ${left}`;
    }
  }
  return (
    <>
      <p role="status" className="text-sm text-slate-100">
        {text}
      </p>
      {!row && written.length > 0 && <p className="font-mono text-xs break-all text-slate-300">{written.join(", ")}</p>}
    </>
  );
}
