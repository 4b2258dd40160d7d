import type { SchemaChangeInput } from "@contract/schema-editor";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { Input, Textarea } from "@/components/ui/input";
import { SideDrawer } from "@/components/ui/side-drawer";
import { errorText } from "@/lib/errors/error-text";
import { catalogTypesQuery } from "./editor-api";
import { SqlReview } from "./sql-review";

const select = "h-9 w-full min-w-0 rounded-md border border-white/10 bg-slate-900 px-2 text-sm text-slate-100";

/** Schemas and enums: create a schema, create an enum, add or rename an enum's value. */
export default function TypesPanel({
  dbId,
  open,
  onOpenChange,
}: {
  dbId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const types = useQuery(catalogTypesQuery(dbId));
  const enums = (types.data?.types ?? []).filter((type) => type.kind === "enum");
  const schemas = types.data?.schemas ?? ["public"];
  return (
    <SideDrawer
      open={open}
      onOpenChange={onOpenChange}
      side="right"
      title={t`Schemas and enums`}
      closeLabel={t`Close schemas and enums`}
      className="w-[min(32rem,100vw)]"
    >
      {types.isError && (
        <p role="alert" className="p-3 text-sm text-red-300">
          {errorText(i18n, types.error)}
        </p>
      )}
      <div className="grid gap-6 p-3">
        <NewSchema dbId={dbId} />
        <NewEnum dbId={dbId} schemas={schemas} />
        {enums.length > 0 && (
          <EnumValues dbId={dbId} enums={enums.map((e) => ({ ...e, values: e.enumValues ?? [] }))} />
        )}
      </div>
    </SideDrawer>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h3 id={id} className="text-sm font-semibold text-slate-200">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Done({ text }: { text: string | null }) {
  return text ? (
    <p role="status" className="text-sm text-emerald-300">
      {text}
    </p>
  ) : null;
}

function NewSchema({ dbId }: { dbId: string }) {
  const { t } = useLingui();
  const id = useId();
  const [name, setName] = useState("");
  const [done, setDone] = useState<string | null>(null);
  return (
    <Section title={t`New schema`}>
      <label htmlFor={id} className="text-xs text-slate-300">
        <Trans>Schema name</Trans>
      </label>
      <Input id={id} value={name} autoComplete="off" onChange={(e) => setName(e.target.value)} />
      <SqlReview
        key={name}
        dbId={dbId}
        change={() => (name.trim() ? { op: "create_schema", name: name.trim() } : null)}
        onFailure={() => setDone(null)}
        onApplied={() => {
          setDone(t`Schema ${name} created.`);
          setName("");
        }}
        runLabel={t`Create schema`}
      />
      <Done text={done} />
    </Section>
  );
}

function NewEnum({ dbId, schemas }: { dbId: string; schemas: string[] }) {
  const { t } = useLingui();
  const id = useId();
  const [schema, setSchema] = useState("public");
  const [name, setName] = useState("");
  const [values, setValues] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const labels = values
    .split("\n")
    .map((v) => v.trim())
    .filter(Boolean);
  const change = (): SchemaChangeInput | null =>
    name.trim() && labels.length > 0 ? { op: "create_enum", schema, name: name.trim(), values: labels } : null;
  return (
    <Section title={t`New enum`}>
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="grid gap-1">
          <label htmlFor={`${id}-schema`} className="text-xs text-slate-300">
            <Trans>Schema</Trans>
          </label>
          <select id={`${id}-schema`} className={select} value={schema} onChange={(e) => setSchema(e.target.value)}>
            {schemas.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-name`} className="text-xs text-slate-300">
            <Trans>Enum name</Trans>
          </label>
          <Input id={`${id}-name`} value={name} autoComplete="off" onChange={(e) => setName(e.target.value)} />
        </div>
      </div>
      <label htmlFor={`${id}-values`} className="text-xs text-slate-300">
        <Trans>Values, one per line</Trans>
      </label>
      <Textarea id={`${id}-values`} rows={4} value={values} onChange={(e) => setValues(e.target.value)} />
      <SqlReview
        key={JSON.stringify([schema, name, values])}
        dbId={dbId}
        change={change}
        onFailure={() => setDone(null)}
        onApplied={() => {
          setDone(t`Enum ${name} created.`);
          setName("");
          setValues("");
        }}
        runLabel={t`Create enum`}
      />
      <Done text={done} />
    </Section>
  );
}

function EnumValues({
  dbId,
  enums,
}: {
  dbId: string;
  enums: Array<{ sql: string; schema: string; name: string; values: string[] }>;
}) {
  const { t } = useLingui();
  const id = useId();
  const [chosen, setChosen] = useState(enums[0]?.sql ?? "");
  const [mode, setMode] = useState<"add" | "rename">("add");
  const [from, setFrom] = useState("");
  const [value, setValue] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const target = enums.find((e) => e.sql === chosen) ?? enums[0];
  if (!target) return null;
  const change = (): SchemaChangeInput | null => {
    if (!value.trim()) return null;
    if (mode === "add") return { op: "enum_add_value", schema: target.schema, name: target.name, value: value.trim() };
    return from ? { op: "enum_rename_value", schema: target.schema, name: target.name, from, to: value.trim() } : null;
  };
  return (
    <Section title={t`Enum values`}>
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="grid gap-1">
          <label htmlFor={`${id}-enum`} className="text-xs text-slate-300">
            <Trans>Enum</Trans>
          </label>
          <select id={`${id}-enum`} className={select} value={target.sql} onChange={(e) => setChosen(e.target.value)}>
            {enums.map((e) => (
              <option key={e.sql} value={e.sql}>
                {e.sql}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-mode`} className="text-xs text-slate-300">
            <Trans>Change</Trans>
          </label>
          <select
            id={`${id}-mode`}
            className={select}
            value={mode}
            onChange={(e) => setMode(e.target.value as "add" | "rename")}
          >
            <option value="add">{t`Add a value`}</option>
            <option value="rename">{t`Rename a value`}</option>
          </select>
        </div>
      </div>
      <p className="text-xs text-slate-400">{target.values.join(", ")}</p>
      {mode === "rename" && (
        <div className="grid gap-1">
          <label htmlFor={`${id}-from`} className="text-xs text-slate-300">
            <Trans>Value to rename</Trans>
          </label>
          <select id={`${id}-from`} className={select} value={from} onChange={(e) => setFrom(e.target.value)}>
            <option value="">{t`Choose a value`}</option>
            {target.values.map((v) => (
              <option key={v}>{v}</option>
            ))}
          </select>
        </div>
      )}
      <label htmlFor={`${id}-value`} className="text-xs text-slate-300">
        {mode === "add" ? t`New value` : t`New name`}
      </label>
      <Input id={`${id}-value`} value={value} autoComplete="off" onChange={(e) => setValue(e.target.value)} />
      <SqlReview
        key={JSON.stringify([chosen, mode, from, value])}
        dbId={dbId}
        change={change}
        onFailure={() => setDone(null)}
        onApplied={() => {
          setDone(t`Enum ${target.name} changed.`);
          setValue("");
        }}
        runLabel={t`Change enum`}
      />
      <Done text={done} />
    </Section>
  );
}
