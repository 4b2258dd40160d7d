import { useLingui } from "@lingui/react/macro";
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { notify } from "@/lib/notify";
import { Button } from "./button";

/** Copies `value` to the clipboard; the label names what is copied for screen readers. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      aria-label={label}
      title={label}
      onClick={() => {
        navigator.clipboard.writeText(value).then(
          () => {
            setCopied(true);
            notify.success(t`Copied to clipboard`);
            setTimeout(() => setCopied(false), 1500);
          },
          () => notify.error(t`Could not copy to the clipboard`),
        );
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
    </Button>
  );
}
