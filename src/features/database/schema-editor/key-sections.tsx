import type { EditorForeignKey, EditorIndex, EditorTable } from "@contract/schema-editor";
import { FK_ACTIONS, INDEX_METHODS } from "@contract/schema-editor";
import { Trans, useLingui } from "@lingui/react/macro";
import { Plus, Trash2 } from "lucide-react";
import { FieldError } from "@/components/field-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

const select = "h-9 w-full min-w-0 rounded-md border border-white/10 bg-slate-900 px-2 text-sm text-slate-100";
const ACTION_SQL: Record<(typeof FK_ACTIONS)[number], string> = {
  no_action: "NO ACTION",
  restrict: "RESTRICT",
  cascade: "CASCADE",
  set_null: "SET NULL",
  set_default: "SET DEFAULT",
};

export interface TableChoice {
  schema: string;
  table: string;
  columns: string[];
}

interface SectionProps {
  table: EditorTable;
  onTable: (update: (table: EditorTable) => EditorTable) => void;
  errorFor: (field: string) => string | null;
}

/** Foreign keys: this table's column, the table and column it refers to, what happens on update and delete. */
export function ForeignKeysSection({ table, onTable, errorFor, tables }: SectionProps & { tables: TableChoice[] }) {
  const { t } = useLingui();
  const names = table.columns.map((c) => c.name);
  const setKey = (index: number, patch: Partial<EditorForeignKey>) =>
    onTable((x) => ({ ...x, foreignKeys: x.foreignKeys.map((k, i) => (i === index ? { ...k, ...patch } : k)) }));
  const add = () => {
    const target = tables[0];
    if (!target) return;
    onTable((x) => ({
      ...x,
      foreignKeys: [
        ...x.foreignKeys,
        {
          originalName: null,
          columns: [names[0] ?? ""],
          references: { schema: target.schema, table: target.table, columns: [target.columns[0] ?? ""] },
          onUpdate: "no_action",
          onDelete: "no_action",
        },
      ],
    }));
  };
  return (
    <section className="grid gap-2" aria-labelledby="fk-heading">
      <div className="flex items-center justify-between">
        <h3 id="fk-heading" className="text-sm font-semibold text-slate-200">
          <Trans>Foreign keys</Trans>
        </h3>
        <Button type="button" variant="outline" size="sm" onClick={add} disabled={tables.length === 0}>
          <Plus aria-hidden="true" />
          <Trans>Add foreign key</Trans>
        </Button>
      </div>
      {table.foreignKeys.map((fk, index) => {
        const id = `fk-${index}`;
        const target = tables.find((x) => x.schema === fk.references.schema && x.table === fk.references.table);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: keys are edited in place; their position is their identity here
          <fieldset key={index} className="grid gap-2 rounded-md border border-white/10 p-2 sm:grid-cols-2">
            <legend className="sr-only">{t`Foreign key ${index + 1}`}</legend>
            <div className="grid gap-1">
              <label htmlFor={`${id}-column`} className="text-xs text-slate-300">
                <Trans>Column</Trans>
              </label>
              <select
                id={`${id}-column`}
                className={select}
                value={fk.columns[0]}
                onChange={(e) => setKey(index, { columns: [e.target.value] })}
              >
                {names.map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
            </div>
            <div className="grid gap-1">
              <label htmlFor={`${id}-table`} className="text-xs text-slate-300">
                <Trans>References table</Trans>
              </label>
              <select
                id={`${id}-table`}
                className={select}
                value={JSON.stringify([fk.references.schema, fk.references.table])}
                onChange={(e) => {
                  const [schema, name] = JSON.parse(e.target.value) as [string, string];
                  const chosen = tables.find((x) => x.schema === schema && x.table === name);
                  setKey(index, { references: { schema, table: name, columns: [chosen?.columns[0] ?? ""] } });
                }}
              >
                {tables.map((x) => (
                  <option key={`${x.schema}.${x.table}`} value={JSON.stringify([x.schema, x.table])}>
                    {x.schema === "public" ? x.table : `${x.schema}.${x.table}`}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-1">
              <label htmlFor={`${id}-ref`} className="text-xs text-slate-300">
                <Trans>References column</Trans>
              </label>
              <select
                id={`${id}-ref`}
                className={select}
                value={fk.references.columns[0]}
                onChange={(e) => setKey(index, { references: { ...fk.references, columns: [e.target.value] } })}
              >
                {(target?.columns ?? fk.references.columns).map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
            </div>
            <div className="grid grid-cols-2 gap-2">
              {(["onUpdate", "onDelete"] as const).map((key) => (
                <div key={key} className="grid gap-1">
                  <label htmlFor={`${id}-${key}`} className="text-xs text-slate-300">
                    {key === "onUpdate" ? t`On update` : t`On delete`}
                  </label>
                  <select
                    id={`${id}-${key}`}
                    className={select}
                    value={fk[key]}
                    onChange={(e) => setKey(index, { [key]: e.target.value as EditorForeignKey["onDelete"] })}
                  >
                    {FK_ACTIONS.map((action) => (
                      <option key={action} value={action}>
                        {ACTION_SQL[action]}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </div>
            <div className="flex items-end justify-end sm:col-span-2">
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => onTable((x) => ({ ...x, foreignKeys: x.foreignKeys.filter((_, i) => i !== index) }))}
              >
                <Trash2 aria-hidden="true" />
                <Trans>Remove foreign key</Trans>
              </Button>
            </div>
            <div className="sm:col-span-2">
              <FieldError message={errorFor(`foreignKeys.${index}`)} />
            </div>
          </fieldset>
        );
      })}
      <FieldError message={errorFor("foreignKeys")} />
    </section>
  );
}

/** Indexes: columns, unique, method, a partial predicate, CONCURRENTLY. */
export function IndexesSection({ table, onTable, errorFor }: SectionProps) {
  const { t } = useLingui();
  const names = table.columns.map((c) => c.name);
  const setIndex = (index: number, patch: Partial<EditorIndex>) =>
    onTable((x) => ({ ...x, indexes: x.indexes.map((k, i) => (i === index ? { ...k, ...patch } : k)) }));
  const add = () =>
    onTable((x) => ({
      ...x,
      indexes: [
        ...x.indexes,
        {
          originalName: null,
          name: null,
          columns: names.slice(0, 1),
          unique: false,
          method: "btree",
          predicate: null,
          concurrently: false,
        },
      ],
    }));
  return (
    <section className="grid gap-2" aria-labelledby="index-heading">
      <div className="flex items-center justify-between">
        <h3 id="index-heading" className="text-sm font-semibold text-slate-200">
          <Trans>Indexes</Trans>
        </h3>
        <Button type="button" variant="outline" size="sm" onClick={add} disabled={names.length === 0}>
          <Plus aria-hidden="true" />
          <Trans>Add index</Trans>
        </Button>
      </div>
      {table.indexes.map((index, position) => {
        const id = `index-${position}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: indexes are edited in place; their position is their identity here
          <fieldset key={position} className="grid gap-2 rounded-md border border-white/10 p-2">
            <legend className="sr-only">{t`Index ${position + 1}`}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              <div className="grid gap-1">
                <label htmlFor={`${id}-name`} className="text-xs text-slate-300">
                  <Trans>Index name (optional)</Trans>
                </label>
                <Input
                  id={`${id}-name`}
                  value={index.name ?? ""}
                  onChange={(e) => setIndex(position, { name: e.target.value || null })}
                />
              </div>
              <div className="grid gap-1">
                <label htmlFor={`${id}-method`} className="text-xs text-slate-300">
                  <Trans>Method</Trans>
                </label>
                <select
                  id={`${id}-method`}
                  className={select}
                  value={index.method}
                  onChange={(e) => setIndex(position, { method: e.target.value as EditorIndex["method"] })}
                >
                  {INDEX_METHODS.map((method) => (
                    <option key={method}>{method}</option>
                  ))}
                </select>
              </div>
            </div>
            <fieldset className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-200">
              <legend className="text-xs text-slate-300">
                <Trans>Columns</Trans>
              </legend>
              {names.map((name) => (
                <label key={name} className="flex items-center gap-1">
                  <input
                    type="checkbox"
                    className="size-4 accent-sky-500"
                    checked={index.columns.includes(name)}
                    onChange={(e) =>
                      setIndex(position, {
                        columns: e.target.checked
                          ? [...index.columns, name]
                          : index.columns.filter((column) => column !== name),
                      })
                    }
                  />
                  {name}
                </label>
              ))}
            </fieldset>
            <div className="grid gap-1">
              <label htmlFor={`${id}-where`} className="text-xs text-slate-300">
                <Trans>Only rows where (optional, SQL)</Trans>
              </label>
              <Input
                id={`${id}-where`}
                className="font-mono"
                value={index.predicate ?? ""}
                onChange={(e) => setIndex(position, { predicate: e.target.value.trim() ? e.target.value : null })}
              />
            </div>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-200">
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 accent-sky-500"
                  checked={index.unique}
                  onChange={(e) => setIndex(position, { unique: e.target.checked })}
                />
                <Trans>Unique</Trans>
              </label>
              {index.originalName === null && (
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-sky-500"
                    checked={index.concurrently}
                    onChange={(e) => setIndex(position, { concurrently: e.target.checked })}
                  />
                  <Trans>Build without blocking writes (CONCURRENTLY)</Trans>
                </label>
              )}
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="ml-auto"
                onClick={() => onTable((x) => ({ ...x, indexes: x.indexes.filter((_, i) => i !== position) }))}
              >
                <Trash2 aria-hidden="true" />
                <Trans>Remove index</Trans>
              </Button>
            </div>
            <FieldError message={errorFor(`indexes.${position}`)} />
          </fieldset>
        );
      })}
      <FieldError message={errorFor("indexes")} />
    </section>
  );
}

/** Check constraints: SQL expressions, as the user writes them. */
export function ChecksSection({ table, onTable, errorFor }: SectionProps) {
  const { t } = useLingui();
  return (
    <section className="grid gap-2" aria-labelledby="check-heading">
      <div className="flex items-center justify-between">
        <h3 id="check-heading" className="text-sm font-semibold text-slate-200">
          <Trans>Checks</Trans>
        </h3>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => onTable((x) => ({ ...x, checks: [...x.checks, { originalName: null, expression: "" }] }))}
        >
          <Plus aria-hidden="true" />
          <Trans>Add check</Trans>
        </Button>
      </div>
      {table.checks.map((check, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: checks are edited in place; their position is their identity here
        <div key={index} className="grid gap-1">
          <div className="flex gap-2">
            <Input
              aria-label={t`Check ${index + 1} (SQL)`}
              className="font-mono"
              value={check.expression}
              onChange={(e) =>
                onTable((x) => ({
                  ...x,
                  checks: x.checks.map((c, i) => (i === index ? { ...c, expression: e.target.value } : c)),
                }))
              }
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={t`Remove check ${index + 1}`}
              title={t`Remove check ${index + 1}`}
              onClick={() => onTable((x) => ({ ...x, checks: x.checks.filter((_, i) => i !== index) }))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
          <FieldError message={errorFor(`checks.${index}`)} />
        </div>
      ))}
      <FieldError message={errorFor("checks")} />
    </section>
  );
}
