import { DATABASE_NAME_MAX_LENGTH } from "@contract/databases";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { errorText } from "@/lib/errors/error-text";
import type { RunPlan } from "./pick-statements";

const PREVIEW_CHARS = 200;

/**
 * A snapshot's name: the database's, then the moment in UTC to the second, within the length a
 * database name may have (`shop-snapshot-20261206-231507`).
 */
export function snapshotNameFor(database: string, at: Date): string {
  const stamp = at.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  const suffix = `-snapshot-${stamp}`;
  return `${database.slice(0, DATABASE_NAME_MAX_LENGTH - suffix.length)}${suffix}`;
}

/**
 * Asks before statements that drop, truncate, or update/delete every row, listing each one. Where
 * the database can be branched (a managed one, by someone who may create databases there), it
 * offers one checkbox: snapshot it first, as a branch with its rows, named after the moment. The run
 * waits for the snapshot, and a snapshot that fails runs nothing.
 */
export function DestructiveConfirmDialog({
  plan,
  snapshotName,
  onSnapshot,
  onConfirm,
  onCancel,
}: {
  plan: RunPlan | null;
  /** The snapshot's name when one can be made; null: not offered. */
  snapshotName: string | null;
  /** Makes the snapshot (a branch with data); rejects with the server's error. */
  onSnapshot: (name: string) => Promise<void>;
  onConfirm: (plan: RunPlan) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const checkboxId = useId();
  const [snapshot, setSnapshot] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = plan !== null;
  // Each confirmation starts unticked: a snapshot is a choice made for these statements.
  useEffect(() => {
    if (open) {
      setSnapshot(false);
      setError(null);
    }
  }, [open]);

  const reason = (kind: RunPlan["flagged"][number]["destructive"]) => {
    switch (kind) {
      case "drop":
        return t`Drops an object`;
      case "truncate":
        return t`Empties a table`;
      case "update-without-where":
        return t`Updates every row (no WHERE)`;
      case "delete-without-where":
        return t`Deletes every row (no WHERE)`;
      case "analyze-executes":
        return t`EXPLAIN ANALYZE runs it, and it may change data`;
      default:
        return t`Could not be checked: the SQL does not parse`;
    }
  };

  async function confirm() {
    if (!plan) return;
    if (snapshot && snapshotName) {
      setPending(true);
      setError(null);
      try {
        await onSnapshot(snapshotName);
      } catch (e) {
        setError(errorText(i18n, e, msg`The snapshot could not be made; nothing was run.`));
        return;
      } finally {
        setPending(false);
      }
    }
    onConfirm(plan);
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && !pending && onCancel()}
      title={t`Run destructive statements?`}
      description={t`These statements can destroy data and cannot be undone:`}
      confirmLabel={t`Run anyway`}
      pending={pending}
      pendingLabel={t`Making the snapshot…`}
      onConfirm={() => void confirm()}
    >
      <ul aria-label={t`Destructive statements`} className="flex max-h-64 flex-col gap-2 overflow-y-auto text-sm">
        {plan?.flagged.map((statement, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed while the dialog is open
          <li key={index} className="rounded border border-red-900/60 bg-red-950/30 p-2">
            <p className="text-xs text-red-300">{reason(statement.destructive)}</p>
            <code className="block font-mono text-xs break-all whitespace-pre-wrap text-slate-200">
              {statement.text.length > PREVIEW_CHARS ? `${statement.text.slice(0, PREVIEW_CHARS)}…` : statement.text}
            </code>
          </li>
        ))}
      </ul>
      {snapshotName && (
        <div className="flex items-start gap-2 text-sm">
          <input
            id={checkboxId}
            type="checkbox"
            checked={snapshot}
            disabled={pending}
            onChange={(event) => setSnapshot(event.target.checked)}
            className="mt-1"
          />
          <label htmlFor={checkboxId} className="min-w-0">
            {t`Snapshot the database first`}
            <span className="block text-xs break-all text-slate-400">
              {t`A branch with every table and its rows, named ${snapshotName}, to go back to.`}
            </span>
          </label>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
