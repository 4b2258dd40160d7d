import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { FieldError } from "@/components/field-error";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { environmentsQuery } from "./api";
import { SigningSecret } from "./signing-secret";
import { type AppWebhookWithSecret, useCreateWebhook } from "./webhooks-api";

/** The select's value for "every environment" (no slug can be empty). */
const ALL = "";

function AddWebhookForm({
  appId,
  onCreated,
  onCancel,
}: {
  appId: string;
  onCreated(hook: AppWebhookWithSecret): void;
  onCancel(): void;
}) {
  const { t, i18n } = useLingui();
  const environments = useQuery(environmentsQuery(appId));
  const create = useCreateWebhook(appId);
  const [url, setUrl] = useState("");
  const [environment, setEnvironment] = useState(ALL);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (url.trim() === "") return;
    setError(null);
    try {
      onCreated(await create.mutateAsync({ url: url.trim(), environment: environment === ALL ? null : environment }));
    } catch (e) {
      setError(errorText(i18n, e));
    }
  }

  return (
    <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} aria-label={t`New webhook`}>
      <div className="grid gap-1.5">
        <Label htmlFor={`webhook-url-${appId}`}>{t`Endpoint URL`}</Label>
        <Input
          id={`webhook-url-${appId}`}
          type="url"
          inputMode="url"
          value={url}
          maxLength={2000}
          placeholder="https://example.com/hooks/secrets"
          onChange={(e) => setUrl(e.target.value)}
          required
          autoFocus
          autoComplete="off"
          aria-invalid={error !== null}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`webhook-environment-${appId}`}>{t`Environment`}</Label>
        <select
          id={`webhook-environment-${appId}`}
          value={environment}
          onChange={(e) => setEnvironment(e.target.value)}
          className="h-9 rounded-md border border-white/15 bg-slate-900 px-2 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-300/60"
        >
          <option value={ALL}>{t`All environments`}</option>
          {(environments.data ?? []).map((env) => (
            <option key={env.slug} value={env.slug}>
              {env.name}
            </option>
          ))}
        </select>
      </div>
      <FieldError message={error} />
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t`Cancel`}
        </Button>
        <Button type="submit" disabled={url.trim() === "" || create.isPending}>
          {create.isPending && <Spinner />}
          {t`Add webhook`}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Adds a change webhook: its URL and the environment it hears of (or all); then shows the new
 * signing secret once, in the same dialog.
 */
export function AddWebhookDialog({
  appId,
  open,
  onOpenChange,
}: {
  appId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useLingui();
  const [created, setCreated] = useState<AppWebhookWithSecret | null>(null);
  const createdUrl = created?.url ?? "";
  const close = () => {
    setCreated(null);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent closeLabel={t`Close`} wide>
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>{t`Copy the signing secret now`}</DialogTitle>
              <DialogDescription>{t`The webhook to ${createdUrl} was added.`}</DialogDescription>
            </DialogHeader>
            <SigningSecret secret={created.secret} />
            <DialogFooter>
              <Button onClick={close}>{t`Done`}</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{t`Add webhook`}</DialogTitle>
              <DialogDescription>
                {t`Each change of this app's secrets is posted to the URL, signed: the environment, the keys changed and their new versions, never a value.`}
              </DialogDescription>
            </DialogHeader>
            <AddWebhookForm appId={appId} onCreated={setCreated} onCancel={close} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
