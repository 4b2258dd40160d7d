import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { notify } from "@/lib/notify";
import { useSaveSecret } from "./api";
import { FieldError } from "./field-error";
import { canSubmitNewSecret } from "./mask";

export function AddEnvVarForm({ appId, onDone }: { appId: string; onDone(): void }) {
  const { t } = useLingui();
  const [key, setKey] = useState("");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSecret(appId);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmitNewSecret(key, value, save.isPending)) return;
    setError(null);
    try {
      await save.mutateAsync({ key: key.trim(), value });
      onDone();
    } catch (e) {
      const message = e instanceof Error ? e.message : t`Unknown error`;
      notify.error(message);
      setError(message);
    }
  }

  return (
    <form
      className="grid gap-3 rounded-md border border-white/10 bg-white/5 p-3"
      onSubmit={(e) => void onSubmit(e)}
      aria-label={t`Add New`}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="new-secret-key">{t`Key`}</Label>
        <Input
          id="new-secret-key"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          required
          autoFocus
          autoComplete="off"
          className="font-mono"
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="new-secret-value">{t`Value`}</Label>
        <Input
          id="new-secret-value"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          required
          autoComplete="off"
          className="font-mono"
        />
      </div>
      <FieldError message={error} />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t`Cancel`}
        </Button>
        <Button type="submit" size="sm" disabled={!canSubmitNewSecret(key, value, save.isPending)}>
          {save.isPending && <Spinner />}
          {save.isPending ? t`Saving...` : t`Add`}
        </Button>
      </div>
    </form>
  );
}
