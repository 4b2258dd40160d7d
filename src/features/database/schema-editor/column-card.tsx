import type { CatalogType, EditorColumn } from "@contract/schema-editor";
import { Trans, useLingui } from "@lingui/react/macro";
import { Trash2 } from "lucide-react";
import { memo } from "react";
import { FieldError } from "@/components/field-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { TypeSelect } from "./type-select";

type DefaultChoice = "none" | "now" | "uuid" | "identity_always" | "identity_by_default" | "expression";

const choiceOf = (column: EditorColumn): DefaultChoice => {
  if (column.defaultKind !== "expression") return column.defaultKind;
  if (column.defaultExpression === "now()") return "now";
  if (column.defaultExpression === "gen_random_uuid()") return "uuid";
  return "expression";
};

function withChoice(column: EditorColumn, choice: DefaultChoice): EditorColumn {
  if (choice === "now") return { ...column, defaultKind: "expression", defaultExpression: "now()" };
  if (choice === "uuid") return { ...column, defaultKind: "expression", defaultExpression: "gen_random_uuid()" };
  if (choice === "expression")
    return { ...column, defaultKind: "expression", defaultExpression: column.defaultExpression ?? "" };
  return { ...column, defaultKind: choice, defaultExpression: null };
}

const check = "size-4 accent-sky-500";
const select = "h-9 w-full min-w-0 rounded-md border border-white/10 bg-slate-900 px-2 text-sm text-slate-100";

/** One column of the table editor: every property on a card that wraps on a phone. */
export const ColumnCard = memo(function ColumnCard({
  index,
  column,
  types,
  error,
  onChange,
  onRemove,
}: {
  index: number;
  column: EditorColumn;
  types: CatalogType[];
  error: string | null;
  onChange: (index: number, column: EditorColumn) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useLingui();
  const id = `column-${index}`;
  const set = (patch: Partial<EditorColumn>) => onChange(index, { ...column, ...patch });
  const type = types.find((x) => x.sql === column.type.sql);
  const choice = choiceOf(column);
  const retyped = column.originalName !== null && column.using !== null;
  return (
    <fieldset className="grid gap-2 rounded-md border border-white/10 p-2" aria-label={t`Column ${index + 1}`}>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_1fr_auto]">
        <div className="grid gap-1">
          <label htmlFor={`${id}-name`} className="text-xs text-slate-300">
            <Trans>Column name</Trans>
          </label>
          <Input id={`${id}-name`} value={column.name} onChange={(e) => set({ name: e.target.value })} />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-type`} className="text-xs text-slate-300">
            <Trans>Type</Trans>
          </label>
          <TypeSelect
            id={`${id}-type`}
            value={column.type.sql}
            types={types}
            invalid={error !== null}
            onChange={(sql) => set({ type: { ...column.type, sql, modifier: null } })}
          />
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="self-end"
          aria-label={t`Remove column ${column.name}`}
          title={t`Remove column ${column.name}`}
          onClick={() => onRemove(index)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <div className="grid gap-1">
          <label htmlFor={`${id}-default`} className="text-xs text-slate-300">
            <Trans>Default</Trans>
          </label>
          <select
            id={`${id}-default`}
            className={select}
            value={choice}
            onChange={(e) => onChange(index, withChoice(column, e.target.value as DefaultChoice))}
          >
            <option value="none">{t`No default`}</option>
            <option value="now">now()</option>
            <option value="uuid">gen_random_uuid()</option>
            <option value="identity_always">{t`Identity (always generated)`}</option>
            <option value="identity_by_default">{t`Identity (by default)`}</option>
            <option value="expression">{t`Expression…`}</option>
          </select>
        </div>
        {choice === "expression" && (
          <div className="grid gap-1">
            <label htmlFor={`${id}-expression`} className="text-xs text-slate-300">
              <Trans>Default expression (SQL)</Trans>
            </label>
            <Input
              id={`${id}-expression`}
              className="font-mono"
              value={column.defaultExpression ?? ""}
              onChange={(e) => set({ defaultExpression: e.target.value })}
            />
          </div>
        )}
        {type?.takesModifier && (
          <div className="grid gap-1">
            <label htmlFor={`${id}-modifier`} className="text-xs text-slate-300">
              <Trans>Length or precision</Trans>
            </label>
            <Input
              id={`${id}-modifier`}
              inputMode="numeric"
              placeholder="20 / 10,2"
              value={column.type.modifier ?? ""}
              onChange={(e) => set({ type: { ...column.type, modifier: e.target.value.trim() || null } })}
            />
          </div>
        )}
        {column.originalName !== null && (
          <div className="grid gap-1">
            <label htmlFor={`${id}-using`} className="text-xs text-slate-300">
              <Trans>USING when the type changes (optional)</Trans>
            </label>
            <Input
              id={`${id}-using`}
              className="font-mono"
              value={column.using ?? ""}
              placeholder={retyped ? undefined : `"${column.name}"::…`}
              onChange={(e) => set({ using: e.target.value.trim() ? e.target.value : null })}
            />
          </div>
        )}
        <div className="grid gap-1">
          <label htmlFor={`${id}-comment`} className="text-xs text-slate-300">
            <Trans>Comment</Trans>
          </label>
          <Input
            id={`${id}-comment`}
            value={column.comment ?? ""}
            onChange={(e) => set({ comment: e.target.value || null })}
          />
        </div>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-200">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className={check}
            checked={column.type.array}
            onChange={(e) => set({ type: { ...column.type, array: e.target.checked } })}
          />
          <Trans>Array</Trans>
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className={check}
            checked={column.nullable && !column.primaryKey}
            disabled={column.primaryKey}
            onChange={(e) => set({ nullable: e.target.checked })}
          />
          <Trans>Nullable</Trans>
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className={check}
            checked={column.unique}
            onChange={(e) => set({ unique: e.target.checked })}
          />
          <Trans>Unique</Trans>
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className={check}
            checked={column.primaryKey}
            onChange={(e) =>
              set({ primaryKey: e.target.checked, nullable: e.target.checked ? false : column.nullable })
            }
          />
          <Trans>Primary key</Trans>
        </label>
      </div>
      <FieldError message={error} />
    </fieldset>
  );
});
