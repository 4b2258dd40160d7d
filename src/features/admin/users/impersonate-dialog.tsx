import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
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
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { getRuntimeConfig } from "@/lib/runtime-config";
import { IMPERSONATION_MILLIS, useImpersonate } from "./users-api";

/**
 * Impersonation as Stack's dashboard offers it: an hour-long session marked as impersonation, handed
 * over as a line to run in another browser (or private window) on this console. The operator's own
 * session here stays as it is.
 */
export function ImpersonateDialog({
  userId,
  name,
  open,
  onOpenChange,
}: {
  userId: string;
  name: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t, i18n } = useLingui();
  const impersonate = useImpersonate(userId);
  const config = useQuery({ queryKey: ["runtime-config"], queryFn: getRuntimeConfig, staleTime: Infinity });
  const [snippet, setSnippet] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setError(null);
    try {
      const { refresh_token } = await impersonate.mutateAsync();
      const projectId = config.data?.projectId ?? (await getRuntimeConfig()).projectId;
      const maxAge = IMPERSONATION_MILLIS / 1000;
      setSnippet(
        `document.cookie = "stack-refresh-${projectId}=${refresh_token}; path=/; max-age=${maxAge}; samesite=lax"; location.assign("/");`,
      );
    } catch (e) {
      setError(errorText(i18n, e, msg`An error occurred`));
    }
  }

  function changeOpen(next: boolean) {
    if (!next) {
      setSnippet(null);
      setError(null);
    }
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent closeLabel={t`Close`}>
        <DialogHeader>
          <DialogTitle>{t`Impersonate ${name}`}</DialogTitle>
          <DialogDescription>
            {t`Creates a session of this user for one hour, marked as impersonation in their session list. Your own session stays as it is.`}
          </DialogDescription>
        </DialogHeader>
        {snippet ? (
          <div className="grid gap-2">
            <p className="text-sm text-slate-200">
              {t`Open this console in another browser or a private window, and run this line in its developer console:`}
            </p>
            <div className="flex items-start gap-2">
              <code className="min-w-0 flex-1 break-all rounded bg-black/30 px-2 py-1 text-xs text-slate-100">
                {snippet}
              </code>
              <CopyButton value={snippet} label={t`Copy the impersonation line`} />
            </div>
          </div>
        ) : (
          error && (
            <p role="alert" className="text-sm text-red-300">
              {error}
            </p>
          )
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{snippet ? t`Done` : t`Cancel`}</Button>
          </DialogClose>
          {!snippet && (
            <Button disabled={impersonate.isPending} onClick={() => void start()}>
              {impersonate.isPending && <Spinner />}
              {t`Start impersonation`}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
