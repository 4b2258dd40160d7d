import { useLingui } from "@lingui/react/macro";
import { Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { notify } from "@/lib/notify";
import { type Secret, useDeleteSecret, useSaveSecret } from "./api";
import { FieldError } from "./field-error";
import { MASKED_VALUE } from "./mask";

interface EnvVarRowProps {
  appId: string;
  secret: Secret;
  editing: boolean;
  onEdit(): void;
  onDoneEditing(): void;
}

export function EnvVarRow({ appId, secret, editing, onEdit, onDoneEditing }: EnvVarRowProps) {
  const { t } = useLingui();
  const [revealed, setRevealed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSecret(appId);
  const remove = useDeleteSecret(appId);
  const { key } = secret;

  async function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("value"));
    setError(null);
    try {
      await save.mutateAsync({ key, value });
      onDoneEditing();
    } catch (e) {
      const message = e instanceof Error ? e.message : t`Unknown error`;
      notify.error(message);
      setError(message);
    }
  }

  async function onDelete() {
    if (!window.confirm(t`Are you sure you want to delete the secret "${key}"?`)) return;
    try {
      await remove.mutateAsync(key);
    } catch (e) {
      const message = e instanceof Error ? e.message : t`Unknown error`;
      notify.error(message);
      window.alert(message);
    }
  }

  if (editing) {
    return (
      <li className="rounded-md border border-indigo-300/40 bg-white/5 p-3">
        <form className="grid gap-2" onSubmit={(e) => void onSave(e)}>
          <label htmlFor={`edit-${key}`} className="font-mono text-sm break-all">
            {key}
          </label>
          <Input
            id={`edit-${key}`}
            name="value"
            defaultValue={secret.decryptedValue}
            required
            autoFocus
            autoComplete="off"
            aria-invalid={error ? true : undefined}
          />
          <FieldError message={error} />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={onDoneEditing}>
              {t`Cancel`}
            </Button>
            <Button type="submit" size="sm" disabled={save.isPending}>
              {save.isPending && <Spinner />}
              {save.isPending ? t`Saving...` : t`Save`}
            </Button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li className="flex items-center gap-2 rounded-md border border-white/10 bg-white/5 px-3 py-2">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="font-mono text-sm break-all text-slate-100">{key}</span>
        <span className="font-mono text-xs break-all text-slate-300" data-testid="secret-value">
          {revealed ? secret.decryptedValue : MASKED_VALUE}
        </span>
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={revealed ? t`Hide value of ${key}` : t`Show value of ${key}`}
        aria-pressed={revealed}
        onClick={() => setRevealed((value) => !value)}
      >
        {revealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </Button>
      <Button variant="ghost" size="icon" aria-label={t`Edit ${key}`} onClick={onEdit}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t`Delete ${key}`}
        disabled={remove.isPending}
        onClick={() => void onDelete()}
      >
        {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
      </Button>
    </li>
  );
}
