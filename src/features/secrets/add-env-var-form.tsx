import { SECRET_KEY_MAX_LENGTH, SECRET_KEY_PATTERN } from "@contract/secrets";
import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { FieldError } from "@/components/field-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText, isApiError } from "@/lib/errors/error-text";
import { SCHEMA_FIELD_TEXTS } from "@/lib/errors/schema-field-texts";
import { useSaveSecret } from "./api";
import { editorKeys } from "./editor-keys";
import { canSubmitNewSecret } from "./mask";
import { ReplaceConfirmDialog } from "./replace-confirm-dialog";
import { ValueTextarea } from "./value-textarea";

interface AddEnvVarFormProps {
  appId: string;
  environment?: string;
  /** Keys the list shows: adding one of them asks before replacing its value. */
  existingKeys: readonly string[];
  disabled?: boolean;
  onDone(): void;
}

export function AddEnvVarForm({ appId, environment, existingKeys, disabled, onDone }: AddEnvVarFormProps) {
  const { t, i18n } = useLingui();
  const [key, setKey] = useState("");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const save = useSaveSecret(appId, environment);

  async function send(name: string, overwrite: boolean) {
    setError(null);
    try {
      await save.mutateAsync({ key: name, value, overwrite });
      setConfirming(null);
      onDone();
    } catch (e) {
      // Added meanwhile in another tab or by someone else: ask, as for a key the list shows.
      if (!overwrite && isApiError(e, "SECRET_EXISTS")) {
        setConfirming(name);
        return;
      }
      setConfirming(null);
      // Said once, next to the form (no toast on top of it).
      setError(errorText(i18n, e));
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disabled || !canSubmitNewSecret(key, value, save.isPending)) return;
    const name = key.trim();
    // The server's key rule, checked here first so the answer comes at once and in the user's language.
    if (!SECRET_KEY_PATTERN.test(name) || name.length > SECRET_KEY_MAX_LENGTH) {
      setError(i18n._(SCHEMA_FIELD_TEXTS.key));
      return;
    }
    setError(null);
    // Never replace silently: an existing key is confirmed first, and the server refuses it anyway.
    if (existingKeys.includes(name)) setConfirming(name);
    else void send(name, false);
  }

  return (
    <form
      className="grid gap-3 rounded-md border border-white/10 bg-white/5 p-3"
      onSubmit={onSubmit}
      onKeyDown={editorKeys(onDone)}
      aria-label={t`Add New`}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`new-secret-key-${appId}`}>{t`Key`}</Label>
        <Input
          id={`new-secret-key-${appId}`}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          required
          autoFocus
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`new-secret-value-${appId}`}>{t`Value`}</Label>
        <ValueTextarea
          id={`new-secret-value-${appId}`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          required
        />
      </div>
      <FieldError message={error} />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onDone} aria-keyshortcuts="Escape">
          {t`Cancel`}
        </Button>
        <Button
          type="submit"
          size="sm"
          disabled={disabled || !canSubmitNewSecret(key, value, save.isPending)}
          aria-keyshortcuts="Control+Enter Meta+Enter"
        >
          {save.isPending && <Spinner />}
          {save.isPending ? t`Saving...` : t`Add`}
        </Button>
      </div>
      <ReplaceConfirmDialog
        secretKey={confirming}
        pending={save.isPending}
        onReplace={() => confirming && void send(confirming, true)}
        onCancel={() => setConfirming(null)}
      />
    </form>
  );
}
