import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { History, TriangleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import { FieldError } from "@/components/field-error";
import { Button } from "@/components/ui/button";
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
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { type RollbackResult, useRollbackEnvironment } from "./api";
import { localDateTimeInput } from "./local-date-time";

interface RollbackEnvironmentDialogProps {
  appId: string;
  /** The environment to roll back (the one shown); null: closed. */
  environment: { slug: string; name: string } | null;
  /** Offline: nothing can be sent. */
  readOnly: boolean;
  onClose(): void;
}

/**
 * Puts every key of one environment back as it was at a moment the user picks in their own time;
 * the server writes the old values as new versions, so the rollback can itself be rolled back.
 */
export function RollbackEnvironmentDialog(props: RollbackEnvironmentDialogProps) {
  const { t } = useLingui();
  const { environment, onClose } = props;
  const name = environment?.name ?? "";
  return (
    <Dialog open={environment !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t`Close`}>
        <DialogHeader>
          <DialogTitle>{t`Roll back ${name}`}</DialogTitle>
          <DialogDescription>{t`Every key of ${name} is put back as it was at the time you pick.`}</DialogDescription>
        </DialogHeader>
        {environment !== null && <RollbackForm {...props} environment={environment} key={environment.slug} />}
      </DialogContent>
    </Dialog>
  );
}

function RollbackForm({
  appId,
  environment,
  readOnly,
}: RollbackEnvironmentDialogProps & { environment: { slug: string; name: string } }) {
  const { t, i18n } = useLingui();
  const rollback = useRollbackEnvironment(appId);
  const [at, setAt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<RollbackResult | null>(null);
  const inputId = `rollback-at-${environment.slug}`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The input holds the user's local time without a zone; Date reads it as local time.
    const moment = new Date(at);
    if (readOnly || rollback.isPending || Number.isNaN(moment.getTime())) return;
    setError(null);
    try {
      setResult(await rollback.mutateAsync({ slug: environment.slug, at: moment.toISOString() }));
    } catch (e) {
      setError(errorText(i18n, e));
    }
  }

  if (result) return <RollbackDone result={result} />;
  return (
    <form className="grid min-w-0 gap-4" onSubmit={(e) => void onSubmit(e)}>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={inputId}>{t`Roll back to (your local time)`}</Label>
        <Input
          id={inputId}
          type="datetime-local"
          value={at}
          max={localDateTimeInput(new Date())}
          onChange={(e) => setAt(e.target.value)}
          required
        />
      </div>
      <p
        role="note"
        className="flex items-start gap-2 rounded-md border border-amber-400/40 bg-amber-400/10 p-3 text-sm text-amber-100"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t`This writes a new version of every key that differs, deletes keys made since and brings back keys deleted since. Nothing is lost: to undo it, roll back to a moment just before now.`}
      </p>
      <FieldError message={error} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={rollback.isPending}>
            {t`Cancel`}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={readOnly || rollback.isPending || at === ""}>
          {rollback.isPending ? <Spinner /> : <History aria-hidden="true" />}
          {t`Roll back`}
        </Button>
      </DialogFooter>
    </form>
  );
}

function RollbackDone({ result }: { result: RollbackResult }) {
  const { t } = useLingui();
  const restored = result.restored.length;
  const deleted = result.deleted.length;
  const changed = restored + deleted;
  const unchanged = result.unchanged;
  return (
    <div className="grid min-w-0 gap-4">
      <p role="status" className="text-sm text-slate-100">
        {changed === 0
          ? t`Nothing changed: every key was already as it was then.`
          : t`Rolled back: ${plural(changed, { one: "# key changed", other: "# keys changed" })} (${restored} put back, ${deleted} deleted), ${unchanged} unchanged.`}
      </p>
      {changed > 0 && (
        <p className="font-mono text-xs break-all text-slate-300">
          {[...result.restored, ...result.deleted].join(", ")}
        </p>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t`Close`}</Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}
