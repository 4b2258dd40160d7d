import { useLingui } from "@lingui/react/macro";
import { Eye, EyeOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { MASKED_VALUE } from "./mask";
import type { Resolution } from "./use-resolved-values";

/**
 * "Resolves to: •••" under a revealed value that holds a reference: what a program gets, masked
 * like any value until revealed on its own. A reference that cannot be followed says why, naming
 * the key the server names (the environment resolves as a whole, so it may be another key).
 */
export function ResolvedLine({
  secretKey,
  resolution,
  shown,
  onToggle,
}: {
  secretKey: string;
  resolution: Resolution;
  /** The resolved value is asked to be shown (else masked). */
  shown: boolean;
  onToggle(): void;
}) {
  const { t, i18n } = useLingui();
  const value = resolution.status === "done" ? resolution.values.get(secretKey) : undefined;
  return (
    <span className="flex flex-wrap items-start gap-1 text-xs text-slate-400" data-testid="resolved-line">
      <span className="shrink-0 text-sky-200">{t`Resolves to:`}</span>
      {shown && resolution.status === "error" ? (
        <span role="alert" className="text-red-300">
          {errorText(i18n, resolution.error)}
        </span>
      ) : shown && resolution.status === "pending" ? (
        <Spinner />
      ) : (
        <span
          className="max-h-60 min-w-0 flex-1 overflow-auto font-mono break-all whitespace-pre-wrap text-slate-300"
          data-testid="resolved-value"
        >
          {shown && value !== undefined ? value : MASKED_VALUE}
        </span>
      )}
      <Button
        variant="ghost"
        size="icon"
        className="size-6"
        aria-label={shown ? t`Hide resolved value of ${secretKey}` : t`Show resolved value of ${secretKey}`}
        aria-pressed={shown}
        onClick={onToggle}
      >
        {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </Button>
    </span>
  );
}
