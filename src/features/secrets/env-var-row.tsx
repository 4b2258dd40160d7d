import { hasSecretReference } from "@contract/secret-references";
import { useLingui } from "@lingui/react/macro";
import { Eye, EyeOff, History, Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { FieldError } from "@/components/field-error";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { type Secret, useDeleteSecret, useSaveSecret } from "./api";
import { editorKeys } from "./editor-keys";
import { MASKED_VALUE } from "./mask";
import { ResolvedLine } from "./resolved-line";
import type { Resolution } from "./use-resolved-values";
import { usesCrlf, ValueTextarea, withLineEndingsOf } from "./value-textarea";

interface EnvVarRowProps {
  appId: string;
  /** The environment the row's value belongs to (none: the server's default). */
  environment?: string;
  secret: Secret;
  editing: boolean;
  /** Show all is on: the value shows whatever this row's own toggle says. */
  revealAll: boolean;
  /** Offline: the row can still be read, not changed. */
  readOnly: boolean;
  /** A team viewer's row: the key without its value, nothing to reveal or change. */
  keysOnly?: boolean;
  onEdit(): void;
  onDoneEditing(): void;
  /** Opens the key's versions (viewers too: who changed it when). */
  onHistory(): void;
  /** The environment's resolved values, as far as asked for (none: this row cannot ask). */
  resolution?: Resolution;
  /** Asks for the resolved values (the reveal route with `resolve=true`). */
  onResolve?(): void;
  /** "Show resolved values" is on: a revealed value shows what it resolves to instead. */
  showResolved?: boolean;
}

export function EnvVarRow({
  appId,
  environment,
  secret,
  editing,
  revealAll,
  readOnly,
  keysOnly = false,
  onEdit,
  onDoneEditing,
  onHistory,
  resolution = { status: "idle" },
  onResolve,
  showResolved = false,
}: EnvVarRowProps) {
  const { t, i18n } = useLingui();
  const [revealedHere, setRevealedHere] = useState(false);
  const [resolvedHere, setResolvedHere] = useState(false);
  const [draft, setDraft] = useState(secret.decryptedValue);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSecret(appId, environment);
  const remove = useDeleteSecret(appId, environment);
  const { key } = secret;
  const revealed = revealAll || revealedHere;
  const isReference = !keysOnly && hasSecretReference(secret.decryptedValue);
  const resolvedValue = resolution.status === "done" ? resolution.values.get(key) : undefined;
  // Show resolved values swaps a revealed value for what it resolves to, once that is known.
  const swapped = showResolved && revealed && resolvedValue !== undefined;
  const wantsResolved = showResolved && revealed && !keysOnly;
  // Shown values are asked for resolved (once for the environment: the panel shares the answer);
  // also after the typed values changed, which forgets the previous answer.
  useEffect(() => {
    if (wantsResolved && resolution.status === "idle") onResolve?.();
  }, [wantsResolved, resolution.status, onResolve]);

  async function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = withLineEndingsOf(secret.decryptedValue, draft);
    // Nothing changed: nothing to store, nothing to record.
    if (value === secret.decryptedValue) return onDoneEditing();
    setError(null);
    try {
      await save.mutateAsync({ key, value, overwrite: true });
      onDoneEditing();
    } catch (e) {
      // Said once, next to the field (no toast on top of it).
      setError(errorText(i18n, e));
    }
  }

  async function onDelete() {
    if (!window.confirm(t`Are you sure you want to delete the secret "${key}"?`)) return;
    try {
      await remove.mutateAsync(key);
    } catch (e) {
      window.alert(errorText(i18n, e));
    }
  }

  if (editing) {
    return (
      <li className="rounded-md border border-indigo-300/40 bg-white/5 p-3">
        <form className="grid gap-2" onSubmit={(e) => void onSave(e)} onKeyDown={editorKeys(onDoneEditing)}>
          <label htmlFor={`edit-${appId}-${key}`} className="font-mono text-sm break-all">
            {key}
          </label>
          <ValueTextarea
            id={`edit-${appId}-${key}`}
            name="value"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            required
            autoFocus
            disabled={readOnly}
            aria-invalid={error ? true : undefined}
          />
          {usesCrlf(secret.decryptedValue) && (
            <p className="text-xs text-slate-400">{t`This value has Windows line endings (CRLF); they are kept.`}</p>
          )}
          <FieldError message={error} />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={onDoneEditing} aria-keyshortcuts="Escape">
              {t`Cancel`}
            </Button>
            <Button
              type="submit"
              size="sm"
              disabled={save.isPending || readOnly || draft === ""}
              aria-keyshortcuts="Control+Enter Meta+Enter"
            >
              {save.isPending && <Spinner />}
              {save.isPending ? t`Saving...` : t`Save`}
            </Button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li className="flex items-start gap-2 rounded-md border border-white/10 bg-white/5 px-3 py-2">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm break-all text-slate-100">{key}</span>
          {!keysOnly && <ReferenceBadge value={secret.decryptedValue} />}
        </span>
        <span
          className="max-h-60 overflow-auto font-mono text-xs break-all whitespace-pre-wrap text-slate-300"
          data-testid="secret-value"
        >
          {swapped && isReference && <span className="mr-1 font-sans text-sky-200">{t`Resolved:`}</span>}
          {swapped ? resolvedValue : revealed ? secret.decryptedValue : MASKED_VALUE}
        </span>
        {isReference && revealed && !swapped && onResolve && (
          <ResolvedLine
            secretKey={key}
            resolution={resolution}
            shown={resolvedHere}
            onToggle={() => {
              if (!resolvedHere) onResolve();
              setResolvedHere(!resolvedHere);
            }}
          />
        )}
      </div>
      <Button variant="ghost" size="icon" aria-label={t`History of ${key}`} onClick={onHistory}>
        <History aria-hidden="true" />
      </Button>
      {!keysOnly && (
        <>
          <Button
            variant="ghost"
            size="icon"
            aria-label={revealed ? t`Hide value of ${key}` : t`Show value of ${key}`}
            aria-pressed={revealed}
            disabled={revealAll}
            onClick={() => {
              // Hiding the value hides what it resolves to as well.
              if (revealedHere) setResolvedHere(false);
              setRevealedHere(!revealedHere);
            }}
          >
            {revealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t`Edit ${key}`}
            disabled={readOnly}
            onClick={() => {
              setDraft(secret.decryptedValue);
              setError(null);
              onEdit();
            }}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t`Delete ${key}`}
            disabled={readOnly || remove.isPending}
            onClick={() => void onDelete()}
          >
            {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
          </Button>
        </>
      )}
    </li>
  );
}

/**
 * Marks a value that names other values (`${KEY}`, `${staging.KEY}`, …): stored as typed, resolved
 * only when read for use (a token, `secrets pull`, `run`), so the list shows the reference, not what
 * a program gets. Shown with the value masked too: it tells how the value is made, not what it is.
 */
function ReferenceBadge({ value }: { value: string }) {
  const { t } = useLingui();
  if (!hasSecretReference(value)) return null;
  return (
    <span
      className="rounded border border-sky-300/40 px-1.5 py-px text-xs text-sky-200"
      title={t`This value refers to other values; programs get them filled in.`}
    >
      {t`reference`}
    </span>
  );
}
