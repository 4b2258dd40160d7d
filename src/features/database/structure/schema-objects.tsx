import type { FunctionInfo, SequenceInfo } from "@contract/databases";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { errorText } from "@/lib/errors/error-text";
import { functionDefinitionQuery } from "./structure-api";

/**
 * A schema's functions (opening their definition) and sequences, for the tree under its tables
 * and views.
 */
export function SchemaObjects({
  dbId,
  functions,
  sequences,
}: {
  dbId: string;
  functions: FunctionInfo[];
  sequences: SequenceInfo[];
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState<FunctionInfo | null>(null);
  if (functions.length === 0 && sequences.length === 0) return null;
  const kinds: Record<FunctionInfo["kind"], string> = {
    function: t`function`,
    procedure: t`procedure`,
    aggregate: t`aggregate`,
    window: t`window function`,
  };
  return (
    <>
      {functions.length > 0 && (
        <details className="ml-3">
          <summary className="cursor-pointer py-0.5 text-xs text-slate-300">
            <Trans>Functions ({functions.length})</Trans>
          </summary>
          <ul className="ml-3 text-xs">
            {functions.map((f) => (
              <li key={f.oid} className="py-0.5">
                <button
                  type="button"
                  className="text-left font-mono text-slate-300 hover:text-white focus-visible:outline focus-visible:outline-sky-400"
                  onClick={() => setOpen(f)}
                  title={kinds[f.kind]}
                >
                  {f.name}({f.arguments}){f.returns ? ` → ${f.returns}` : ""}
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
      {sequences.length > 0 && (
        <details className="ml-3">
          <summary className="cursor-pointer py-0.5 text-xs text-slate-300">
            <Trans>Sequences ({sequences.length})</Trans>
          </summary>
          <ul className="ml-3 text-xs">
            {sequences.map((s) => (
              <li key={s.name} className="flex gap-2 py-0.5 text-slate-300">
                <span className="font-mono">{s.name}</span>
                <span className="ml-auto text-slate-400">{s.ownedBy ?? s.dataType}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        {open && <FunctionDefinitionDialog dbId={dbId} fn={open} />}
      </Dialog>
    </>
  );
}

function FunctionDefinitionDialog({ dbId, fn }: { dbId: string; fn: FunctionInfo }) {
  const { t, i18n } = useLingui();
  const definition = useQuery(functionDefinitionQuery(dbId, fn.oid));
  return (
    <DialogContent wide closeLabel={t`Close`}>
      <DialogHeader>
        <DialogTitle className="font-mono">
          {fn.name}({fn.arguments})
        </DialogTitle>
      </DialogHeader>
      {definition.isPending && (
        <p role="status" className="text-sm text-slate-400">
          <Trans>Loading definition…</Trans>
        </p>
      )}
      {definition.isError && (
        <p role="alert" className="text-sm text-red-300">
          {errorText(i18n, definition.error)}
        </p>
      )}
      {definition.data && (
        <pre className="max-h-[60vh] overflow-auto rounded bg-slate-950 p-3 font-mono text-xs whitespace-pre-wrap text-slate-200">
          {definition.data.definition}
        </pre>
      )}
    </DialogContent>
  );
}
