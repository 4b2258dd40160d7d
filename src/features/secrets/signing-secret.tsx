import { useLingui } from "@lingui/react/macro";
import { CopyButton } from "@/components/ui/copy-button";

/** A webhook's signing secret, shown once (after adding the webhook or rotating its secret). */
export function SigningSecret({ secret }: { secret: string }) {
  const { t } = useLingui();
  return (
    <div className="grid min-w-0 grid-cols-1 gap-2">
      <p className="text-sm text-slate-300">
        {t`This is the only time the signing secret is shown. The receiver verifies each request's webhook-signature header with it (Standard Webhooks).`}
      </p>
      <div className="flex min-w-0 items-center gap-2">
        <code
          data-testid="webhook-secret"
          className="min-w-0 flex-1 rounded-md border border-white/15 bg-black/30 p-2 font-mono text-xs break-all text-slate-100"
        >
          {secret}
        </code>
        <CopyButton value={secret} label={t`Copy signing secret`} />
      </div>
    </div>
  );
}
