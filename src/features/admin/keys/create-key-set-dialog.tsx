import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { DialogFormEnd } from "@/components/dialog-form-end";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorText } from "@/lib/errors/error-text";
import { keyKindLabel } from "./key-kind-label";
import { type CreatedKeySet, KEY_KINDS, useCreateKeySet } from "./keys-api";

const DAY = 86_400_000;
const LIFETIMES = [1, 7, 30, 90, 365, 3650] as const;

/** Creates an internal API key set; its keys are shown once, in this dialog, and never again. */
export function CreateKeySetDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t, i18n } = useLingui();
  const create = useCreateKeySet();
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedKeySet | null>(null);

  function changeOpen(next: boolean) {
    if (!next) {
      setError(null);
      setCreated(null);
    }
    onOpenChange(next);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const kinds = Object.fromEntries(KEY_KINDS.map((kind) => [kind, form.get(kind) === "on"]));
    if (!KEY_KINDS.some((kind) => kinds[kind])) {
      setError(t`Choose at least one key.`);
      return;
    }
    setError(null);
    try {
      const days = Number(form.get("lifetime"));
      setCreated(
        await create.mutateAsync({
          description: String(form.get("description") ?? "").trim(),
          expires_at_millis: Date.now() + days * DAY,
          has_publishable_client_key: kinds.publishable_client_key === true,
          has_secret_server_key: kinds.secret_server_key === true,
          has_super_secret_admin_key: kinds.super_secret_admin_key === true,
        }),
      );
    } catch (e) {
      setError(errorText(i18n, e, msg`An error occurred`));
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent closeLabel={t`Close`}>
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>{t`Your new keys`}</DialogTitle>
              <DialogDescription>
                {t`Copy them now and keep them somewhere safe: they are shown only this once.`}
              </DialogDescription>
            </DialogHeader>
            <dl className="grid gap-3">
              {KEY_KINDS.map((kind) => {
                const value = created[kind];
                if (!value) return null;
                const label = keyKindLabel(i18n, kind);
                return (
                  <div key={kind} className="grid gap-1">
                    <dt className="text-sm text-slate-300">{label}</dt>
                    <dd className="flex items-center gap-2">
                      <code className="min-w-0 flex-1 truncate rounded bg-black/30 px-2 py-1 text-xs text-slate-100">
                        {value}
                      </code>
                      <CopyButton value={value} label={t`Copy ${label}`} />
                    </dd>
                  </div>
                );
              })}
            </dl>
            <DialogFooter>
              <DialogClose asChild>
                <Button>{t`Done`}</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{t`Create API keys`}</DialogTitle>
              <DialogDescription>{t`Keys let servers and tools act for this project.`}</DialogDescription>
            </DialogHeader>
            <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)}>
              <div className="grid gap-2">
                <Label htmlFor="key-description">{t`Description`}</Label>
                <Input id="key-description" name="description" autoComplete="off" maxLength={1000} />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="key-lifetime">{t`Expires after`}</Label>
                <select
                  id="key-lifetime"
                  name="lifetime"
                  defaultValue="365"
                  className="h-9 rounded-md border border-white/15 bg-slate-900 px-2 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-300/60"
                >
                  {LIFETIMES.map((days) => (
                    <option key={days} value={days}>
                      {days === 1 ? t`1 day` : t`${days} days`}
                    </option>
                  ))}
                </select>
              </div>
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium text-slate-100">{t`Keys`}</legend>
                {KEY_KINDS.map((kind) => (
                  <label key={kind} className="flex items-center gap-2 text-sm text-slate-200">
                    <input
                      type="checkbox"
                      name={kind}
                      defaultChecked={kind !== "super_secret_admin_key"}
                      className="size-4 accent-indigo-400"
                    />
                    {keyKindLabel(i18n, kind)}
                  </label>
                ))}
              </fieldset>
              <DialogFormEnd error={error} pending={create.isPending} disabled={create.isPending}>
                {t`Create keys`}
              </DialogFormEnd>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
