import type { TableStructure } from "@contract/db-structure";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Fragment, type ReactNode } from "react";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { errorText } from "@/lib/errors/error-text";
import { formatBytes } from "@/lib/format-bytes";
import { structureQuery } from "./structure-api";

/** What the panel links to: another table, opened filtered to the rows a foreign key names. */
export interface StructureLinks {
  onOpenTable?: (schemaName: string, tableName: string) => void;
}

function Section({ title, count, children }: { title: ReactNode; count?: number; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold text-slate-200">
        {title}
        {count !== undefined && <span className="ml-1 text-slate-400">({count})</span>}
      </h3>
      {children}
    </section>
  );
}

const code = "font-mono text-xs break-all whitespace-pre-wrap text-slate-300";

/**
 * A table's or view's structure: sizes and estimated rows, columns (type, nullability, default,
 * identity or generation, comment), primary key, indexes with definition and size, constraints,
 * foreign keys of other tables pointing here, triggers, and a view's definition.
 */
export function StructurePanel({
  dbId,
  schemaName,
  tableName,
  onOpenTable,
}: { dbId: string; schemaName: string; tableName: string } & StructureLinks) {
  const { t, i18n } = useLingui();
  const structure = useQuery(structureQuery(dbId, schemaName, tableName));
  if (structure.isPending) {
    return (
      <p className="p-2 text-sm text-slate-400" role="status">
        <Trans>Loading structure…</Trans>
      </p>
    );
  }
  if (structure.isError) {
    return (
      <p role="alert" className="p-2 text-sm text-red-300">
        {errorText(i18n, structure.error)}
      </p>
    );
  }
  const s = structure.data;
  return (
    <ScrollRegion
      label={t`Structure of ${tableName}`}
      className="flex min-h-0 min-w-0 flex-1 flex-col gap-4 overflow-auto p-2"
    >
      <Summary s={s} locale={i18n.locale} />
      <Section title={<Trans>Columns</Trans>} count={s.columns.length}>
        <ColumnsTable columns={s.columns} />
      </Section>
      {s.viewDefinition !== null && (
        <Section title={<Trans>View definition</Trans>}>
          <pre className={code}>{s.viewDefinition}</pre>
        </Section>
      )}
      {s.primaryKey && (
        <Section title={<Trans>Primary key</Trans>}>
          <p className="font-mono text-xs text-slate-300">
            {s.primaryKey.name} ({s.primaryKey.columns.join(", ")})
          </p>
        </Section>
      )}
      {s.indexes.length > 0 && (
        <Section title={<Trans>Indexes</Trans>} count={s.indexes.length}>
          <ul className="flex flex-col gap-1">
            {s.indexes.map((index) => (
              <DefinedItem key={index.name} name={index.name} definition={index.definition}>
                {index.unique && <Trans>unique</Trans>}
                {!index.valid && <span className="text-amber-300">{t`invalid`}</span>}
                <span className="ml-auto text-slate-400">{formatBytes(index.sizeBytes, i18n.locale)}</span>
              </DefinedItem>
            ))}
          </ul>
        </Section>
      )}
      <Constraints s={s} onOpenTable={onOpenTable} />
      {s.triggers.length > 0 && (
        <Section title={<Trans>Triggers</Trans>} count={s.triggers.length}>
          <ul className="flex flex-col gap-1">
            {s.triggers.map((trigger) => (
              <DefinedItem key={trigger.name} name={trigger.name} definition={trigger.definition}>
                {trigger.enabled === "disabled" && <span className="text-amber-300">{t`disabled`}</span>}
              </DefinedItem>
            ))}
          </ul>
        </Section>
      )}
    </ScrollRegion>
  );
}

function Summary({ s, locale }: { s: TableStructure; locale: string }) {
  const { t } = useLingui();
  const kinds: Record<TableStructure["kind"], string> = {
    table: t`Table`,
    view: t`View`,
    materialized_view: t`Materialized view`,
    foreign_table: t`Foreign table`,
    partitioned_table: t`Partitioned table`,
  };
  const rows = s.estimatedRows === null ? t`not yet analysed` : new Intl.NumberFormat(locale).format(s.estimatedRows);
  const facts: Array<[string, string]> = [
    [t`Kind`, kinds[s.kind]],
    [t`Estimated rows`, rows],
    [t`Total size`, formatBytes(s.totalBytes, locale)],
    [t`Indexes size`, formatBytes(s.indexBytes, locale)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-xs sm:grid-cols-[auto_1fr_auto_1fr]">
      {facts.map(([term, value]) => (
        <Fragment key={term}>
          <dt className="text-slate-400">{term}</dt>
          <dd className="text-slate-200">{value}</dd>
        </Fragment>
      ))}
      {s.comment && (
        <>
          <dt className="text-slate-400">
            <Trans>Comment</Trans>
          </dt>
          <dd className="text-slate-200 sm:col-span-3">{s.comment}</dd>
        </>
      )}
    </dl>
  );
}

type Column = TableStructure["columns"][number];

/** The columns: the name as the row's header, then one cell per field. */
function ColumnsTable({ columns }: { columns: Column[] }) {
  const { t } = useLingui();
  const fields: Array<{ header: string; mono?: boolean; value: (c: Column) => string }> = [
    { header: t`Type`, mono: true, value: (c) => c.type },
    { header: t`Nullable`, value: (c) => (c.nullable ? t`yes` : t`no`) },
    {
      header: t`Default`,
      mono: true,
      value: (c) =>
        c.identity === "always"
          ? t`identity (always)`
          : c.identity === "by_default"
            ? t`identity (by default)`
            : c.generated
              ? t`generated: ${c.generated}`
              : (c.default ?? ""),
    },
    { header: t`Comment`, value: (c) => c.comment ?? "" },
  ];
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-xs">
        <thead className="text-slate-400">
          <tr>
            {[t`Name`, ...fields.map((field) => field.header)].map((header) => (
              <th key={header} scope="col" className="py-1 pr-3 font-medium">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {columns.map((c) => (
            <tr key={c.name} className="border-t border-slate-800 align-top">
              <th scope="row" className="py-1 pr-3 font-mono font-normal text-slate-100">
                {c.name}
                {c.primaryKeyPosition !== null && (
                  <span className="ml-1 rounded bg-amber-900/60 px-1 text-amber-200">
                    <Trans>PK</Trans>
                  </span>
                )}
              </th>
              {fields.map((field) => (
                <td key={field.header} className={`py-1 pr-3 text-slate-300 ${field.mono ? "font-mono" : ""}`}>
                  {field.value(c)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An index, constraint or trigger: its name and facts on a line, its SQL definition below. */
function DefinedItem({ name, definition, children }: { name: string; definition: string; children: ReactNode }) {
  return (
    <li className="rounded border border-slate-800 p-2 text-xs">
      <div className="flex flex-wrap items-baseline gap-2">
        <span className="font-mono text-slate-100">{name}</span>
        {children}
      </div>
      <pre className={code}>{definition}</pre>
    </li>
  );
}

function Constraints({ s, onOpenTable }: { s: TableStructure } & StructureLinks) {
  const { t } = useLingui();
  const types: Record<TableStructure["constraints"][number]["type"], string> = {
    primary_key: t`primary key`,
    unique: t`unique`,
    check: t`check`,
    foreign_key: t`foreign key`,
    exclusion: t`exclusion`,
  };
  const tableLink = (schema: string, table: string) =>
    onOpenTable ? (
      <button
        type="button"
        className="font-mono text-sky-300 underline hover:text-sky-200"
        onClick={() => onOpenTable(schema, table)}
      >
        {schema}.{table}
      </button>
    ) : (
      <span className="font-mono">
        {schema}.{table}
      </span>
    );
  if (s.constraints.length === 0 && s.referencedBy.length === 0) return null;
  return (
    <>
      {s.constraints.length > 0 && (
        <Section title={<Trans>Constraints</Trans>} count={s.constraints.length}>
          <ul className="flex flex-col gap-1">
            {s.constraints.map((c) => (
              <DefinedItem key={c.name} name={c.name} definition={c.definition}>
                <span className="text-slate-400">{types[c.type]}</span>
                {c.references && (
                  <span className="text-slate-300">→ {tableLink(c.references.schema, c.references.table)}</span>
                )}
              </DefinedItem>
            ))}
          </ul>
        </Section>
      )}
      {s.referencedBy.length > 0 && (
        <Section title={<Trans>Referenced by</Trans>} count={s.referencedBy.length}>
          <ul className="flex flex-col gap-1 text-xs">
            {s.referencedBy.map((r) => (
              <li key={`${r.schema}.${r.table}.${r.name}`} className="text-slate-300">
                {tableLink(r.schema, r.table)} ({r.columns.join(", ")}) → ({r.referencedColumns.join(", ")})
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}
