import type { PlannedStatement, SchemaChangeInput } from "@contract/schema-editor";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { errorText, isApiError } from "@/lib/errors/error-text";
import { applyStatements, planChange } from "./editor-api";

export interface ReviewFailure {
  /** The form field the failing statement came from (`columns.2.type`), when known. */
  field: string | null;
  message: string;
}

const joined = (statements: PlannedStatement[]) => statements.map((s) => `${s.sql};`).join("\n\n");

/**
 * The two steps of every schema change: Review SQL asks the server for the DDL, which shows here,
 * editable; Run applies it in one transaction. Unedited, each statement keeps the field it came
 * from, so the database's error lands beside that field; edited text runs as the user wrote it.
 */
export function SqlReview({
  dbId,
  change,
  expected,
  onFailure,
  onApplied,
  onConflict,
  runLabel,
}: {
  dbId: string;
  /** The change as the form has it now; null while the form is not complete. */
  change: () => SchemaChangeInput | null;
  /** The table the change is for, to check nobody changed it meanwhile. */
  expected?: { schema: string; table: string; version: string } | null;
  onFailure: (failure: ReviewFailure | null) => void;
  onApplied: () => void;
  /** The table changed since the editor loaded it (STRUCTURE_CHANGED). */
  onConflict?: () => void;
  runLabel?: string;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const [planned, setPlanned] = useState<PlannedStatement[] | null>(null);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const fail = (cause: unknown) => {
    const message = errorText(i18n, cause);
    const field = cause instanceof ApiError && typeof cause.details?.field === "string" ? cause.details.field : null;
    setError(message);
    onFailure({ field, message });
    if (isApiError(cause, "STRUCTURE_CHANGED")) onConflict?.();
  };

  const review = async () => {
    const value = change();
    if (!value) return;
    setBusy(true);
    setError(null);
    onFailure(null);
    try {
      const plan = await planChange(dbId, value);
      setPlanned(plan.statements);
      setText(joined(plan.statements));
    } catch (cause) {
      fail(cause);
    } finally {
      setBusy(false);
    }
  };

  const run = async () => {
    if (!planned) return;
    setBusy(true);
    setError(null);
    onFailure(null);
    try {
      const statements = text === joined(planned) ? planned : [{ sql: text, field: null }];
      await applyStatements(dbId, { statements, expected: expected ?? null });
      await queryClient.invalidateQueries({ queryKey: ["db", dbId] });
      onApplied();
    } catch (cause) {
      fail(cause);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-2 border-t border-white/10 pt-3">
      {planned === null ? (
        <Button type="button" onClick={review} disabled={busy}>
          <Trans>Review SQL</Trans>
        </Button>
      ) : (
        <>
          <label htmlFor={`${id}-sql`} className="text-sm font-medium text-slate-200">
            <Trans>SQL to run (one transaction)</Trans>
          </label>
          {planned.length === 0 ? (
            <p className="text-sm text-slate-400">
              <Trans>Nothing to change.</Trans>
            </p>
          ) : (
            <Textarea
              id={`${id}-sql`}
              value={text}
              onChange={(event) => setText(event.target.value)}
              spellCheck={false}
              rows={Math.min(14, text.split("\n").length + 1)}
              className="font-mono text-xs"
            />
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setPlanned(null)} disabled={busy}>
              <Trans>Back to the form</Trans>
            </Button>
            <Button type="button" onClick={run} disabled={busy || planned.length === 0 || text.trim() === ""}>
              {runLabel ?? t`Run`}
            </Button>
          </div>
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
