import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { useCreateEndpoint } from "./webhooks-api";

/** Adds an endpoint; its signing secret is shown here once, for the receiver's configuration. */
export function AddEndpointForm() {
  const { t, i18n } = useLingui();
  const create = useCreateEndpoint();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    setSecret(null);
    try {
      const created = await create.mutateAsync({
        url: String(form.get("url") ?? "").trim(),
        description: String(form.get("description") ?? "").trim(),
      });
      setSecret(created.secret);
      formRef.current?.reset();
    } catch (e) {
      setError(errorText(i18n, e, msg`An error occurred`));
    }
  }

  return (
    <section className="grid gap-3 rounded-lg border border-white/10 bg-white/5 p-4" aria-labelledby="add-endpoint">
      <h3 id="add-endpoint" className="font-medium text-white">
        {t`Add endpoint`}
      </h3>
      <form
        ref={formRef}
        className="grid gap-3 md:grid-cols-[2fr_1fr_auto] md:items-end"
        onSubmit={(e) => void onSubmit(e)}
      >
        <div className="grid gap-1">
          <Label htmlFor="endpoint-url">{t`Endpoint URL`}</Label>
          <Input id="endpoint-url" name="url" type="url" required placeholder="https://example.com/webhooks" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="endpoint-description">{t`Description`}</Label>
          <Input id="endpoint-description" name="description" autoComplete="off" maxLength={1000} />
        </div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Spinner />}
          {t`Add endpoint`}
        </Button>
      </form>
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      {secret && (
        <div role="status" className="grid gap-1 rounded-md border border-amber-300/30 bg-amber-300/10 p-3 text-sm">
          <p className="text-amber-100">
            {t`Signing secret for the receiver (Standard Webhooks). It is shown only this once:`}
          </p>
          <div className="flex items-center gap-2">
            <code className="min-w-0 flex-1 truncate rounded bg-black/30 px-2 py-1 text-xs text-slate-100">
              {secret}
            </code>
            <CopyButton value={secret} label={t`Copy signing secret`} />
          </div>
        </div>
      )}
    </section>
  );
}
