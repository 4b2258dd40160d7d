import type { EditorTableResponse } from "@contract/schema-editor";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { TypedNameConfirmDialog } from "@/components/typed-name-confirm-dialog";
import { Button } from "@/components/ui/button";
import { errorText, isApiError } from "@/lib/errors/error-text";
import { applyStatements, planChange } from "./editor-api";

/** Truncate and drop, each asked with the table's name typed and its estimated rows said. */
export function TableDangerZone({
  dbId,
  loaded,
  onDone,
  onConflict,
}: {
  dbId: string;
  loaded: EditorTableResponse;
  onDone: () => void;
  onConflict: () => void;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<"drop_table" | "truncate_table" | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { schema, name } = loaded.table;
  const rows = loaded.structure.estimatedRows;
  const rowsText =
    rows === null || rows < 0 ? t`Its number of rows is not known yet.` : t`It holds about ${Math.round(rows)} rows.`;

  const run = async () => {
    if (!asking) return;
    setPending(true);
    setError(null);
    try {
      const plan = await planChange(dbId, { op: asking, schema, table: name });
      await applyStatements(dbId, {
        statements: plan.statements,
        expected: { schema, table: name, version: loaded.version },
      });
      await queryClient.invalidateQueries({ queryKey: ["db", dbId] });
      setAsking(null);
      onDone();
    } catch (cause) {
      setError(errorText(i18n, cause));
      if (isApiError(cause, "STRUCTURE_CHANGED")) onConflict();
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="grid gap-2 border-t border-white/10 pt-3" aria-labelledby="danger-heading">
      <h3 id="danger-heading" className="text-sm font-semibold text-slate-200">
        <Trans>Empty or remove the table</Trans>
      </h3>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => setAsking("truncate_table")}>
          <Trans>Truncate table…</Trans>
        </Button>
        <Button type="button" variant="destructive" onClick={() => setAsking("drop_table")}>
          <Trans>Drop table…</Trans>
        </Button>
      </div>
      <TypedNameConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
          setError(null);
        }}
        title={asking === "drop_table" ? t`Drop table ${name}?` : t`Truncate table ${name}?`}
        description={
          asking === "drop_table"
            ? `${t`The table and all its rows are removed for good.`} ${rowsText}`
            : `${t`Every row of the table is deleted for good.`} ${rowsText}`
        }
        confirmLabel={asking === "drop_table" ? t`Drop table` : t`Truncate table`}
        name={name}
        pending={pending}
        error={error}
        onConfirm={run}
      />
    </section>
  );
}
