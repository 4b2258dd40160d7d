import {
  type ColumnKind,
  FILTER_OPS_BY_KIND,
  FILTER_OPS_WITHOUT_VALUE,
  type TableFilter,
  type TableFilterOp,
} from "@contract/table-filter";
import { Trans, useLingui } from "@lingui/react/macro";
import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { splitList } from "./filter-url";
import { OPERATOR_LABELS } from "./operator-labels";

export interface FilterColumn {
  name: string;
  kind: ColumnKind;
}

interface Draft {
  key: number;
  column: string;
  op: TableFilterOp;
  value: string;
}

const field = "h-8 min-w-0 rounded border border-slate-700 bg-slate-800 px-2 text-sm text-slate-100";

let nextKey = 1;
const toDrafts = (filter: TableFilter): Draft[] =>
  filter.map((c) => ({
    key: nextKey++,
    column: c.column,
    op: c.op,
    value: c.op === "in" ? (c.values ?? []).join(", ") : (c.value ?? ""),
  }));

/** The drafts that are complete, as the server's filter; the others are left out until filled. */
export function draftsToFilter(drafts: Array<Omit<Draft, "key">>): TableFilter {
  return drafts.flatMap((d): TableFilter => {
    if (!d.column) return [];
    if (FILTER_OPS_WITHOUT_VALUE.includes(d.op)) return [{ column: d.column, op: d.op }];
    if (d.op === "in") {
      const values = splitList(d.value);
      return values.length ? [{ column: d.column, op: d.op, values }] : [];
    }
    return d.value === "" ? [] : [{ column: d.column, op: d.op, value: d.value }];
  });
}

/** The input that suits a column's kind: a date picker for dates, true/false for booleans. */
function ValueInput({
  kind,
  op,
  value,
  label,
  onChange,
}: {
  kind: ColumnKind;
  op: TableFilterOp;
  value: string;
  label: string;
  onChange: (value: string) => void;
}) {
  const { t } = useLingui();
  if (FILTER_OPS_WITHOUT_VALUE.includes(op)) return <span className="hidden sm:block sm:w-40" />;
  if (kind === "boolean") {
    return (
      <select
        aria-label={label}
        className={`${field} min-w-[8rem] flex-1 sm:w-40 sm:flex-none`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">—</option>
        <option value="true">{t`true`}</option>
        <option value="false">{t`false`}</option>
      </select>
    );
  }
  const text = op === "in" || op === "contains" || op === "starts_with";
  const type = text
    ? "text"
    : kind === "date"
      ? "date"
      : kind === "datetime"
        ? "datetime-local"
        : kind === "time"
          ? "time"
          : "text";
  return (
    <input
      aria-label={label}
      className={`${field} min-w-[8rem] flex-1 sm:w-40 sm:flex-none`}
      type={type}
      step={type === "datetime-local" || type === "time" ? 1 : undefined}
      inputMode={kind === "number" && !text ? "decimal" : undefined}
      placeholder={op === "in" ? t`a, b, c` : undefined}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * Conditions on a table's columns, all of which must hold: each picks a column, an operator that
 * suits the column's kind and a value typed for it. Apply hands the complete ones to `onApply`.
 */
export function FilterBuilder({
  columns,
  filter,
  onApply,
}: {
  columns: FilterColumn[];
  filter: TableFilter;
  onApply: (filter: TableFilter) => void;
}) {
  const { t, i18n } = useLingui();
  const [drafts, setDrafts] = useState<Draft[]>(() => toDrafts(filter));
  const id = useId();
  const kindOf = (name: string): ColumnKind => columns.find((c) => c.name === name)?.kind ?? "other";
  const update = (key: number, change: Partial<Draft>) =>
    setDrafts((all) =>
      all.map((d) => {
        if (d.key !== key) return d;
        const next = { ...d, ...change };
        // A new column may not take the old operator (booleans have no order).
        if (!FILTER_OPS_BY_KIND[kindOf(next.column)].includes(next.op)) next.op = "eq";
        return next;
      }),
    );
  const add = () =>
    setDrafts((all) => [...all, { key: nextKey++, column: columns[0]?.name ?? "", op: "eq", value: "" }]);
  const applied = draftsToFilter(drafts);

  return (
    <form
      aria-label={t`Filter rows`}
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(applied);
      }}
    >
      {drafts.length === 0 && (
        <p className="text-sm text-slate-400">
          <Trans>No conditions: every row is shown.</Trans>
        </p>
      )}
      <ol className="flex flex-col gap-2">
        {drafts.map((d, index) => {
          const n = index + 1;
          return (
            <li key={d.key} className="flex flex-wrap items-center gap-2">
              <span id={`${id}-${d.key}`} className="w-10 text-xs text-slate-400">
                {index === 0 ? <Trans>where</Trans> : <Trans>and</Trans>}
              </span>
              <select
                aria-label={t`Column of condition ${n}`}
                className={`${field} min-w-[7rem] max-w-[10rem] flex-1 sm:flex-none`}
                value={d.column}
                onChange={(e) => update(d.key, { column: e.target.value })}
              >
                {columns.map((c) => (
                  <option key={c.name} value={c.name}>
                    {c.name}
                  </option>
                ))}
              </select>
              <select
                aria-label={t`Operator of condition ${n}`}
                className={`${field} min-w-[7rem] max-w-[10rem] flex-1 sm:flex-none`}
                value={d.op}
                onChange={(e) => update(d.key, { op: e.target.value as TableFilterOp })}
              >
                {FILTER_OPS_BY_KIND[kindOf(d.column)].map((op) => (
                  <option key={op} value={op}>
                    {i18n._(OPERATOR_LABELS[op])}
                  </option>
                ))}
              </select>
              <ValueInput
                kind={kindOf(d.column)}
                op={d.op}
                value={d.value}
                label={t`Value of condition ${n}`}
                onChange={(value) => update(d.key, { value })}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t`Remove condition ${n}`}
                onClick={() => setDrafts((all) => all.filter((x) => x.key !== d.key))}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={add} disabled={columns.length === 0}>
          <Plus aria-hidden="true" className="size-4" />
          <Trans>Add condition</Trans>
        </Button>
        <Button type="submit" size="sm">
          <Trans>Apply filter</Trans>
        </Button>
        {filter.length > 0 && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setDrafts([]);
              onApply([]);
            }}
          >
            <Trans>Clear filter</Trans>
          </Button>
        )}
      </div>
    </form>
  );
}
