import type { CatalogType } from "@contract/schema-editor";
import { useLingui } from "@lingui/react/macro";
import { memo, startTransition, useEffect, useState } from "react";

/** The types most tables use, offered first. */
const COMMON = [
  "text",
  "integer",
  "bigint",
  "boolean",
  "uuid",
  "timestamp with time zone",
  "date",
  "numeric",
  "jsonb",
  "character varying",
  "double precision",
  "bytea",
];

const SELECT_CLASS = "h-9 w-full min-w-0 rounded-md border border-white/10 bg-slate-900 px-2 text-sm text-slate-100";

/** A column's type: only names the database's catalog lists (and the column's current one). */
export const TypeSelect = memo(function TypeSelect({
  id,
  value,
  types,
  onChange,
  invalid,
}: {
  id: string;
  value: string;
  types: CatalogType[];
  onChange: (sql: string) => void;
  invalid: boolean;
}) {
  const { t } = useLingui();
  // The catalog's list in every column's select is thousands of options for a wide table: the
  // editor opens with each select holding its own type, and the lists follow in a transition that
  // React renders in slices between frames (docs/benchmarks.md, "Table editor"). Touching a select
  // first fills its list at once.
  const [listed, setListed] = useState(false);
  useEffect(() => startTransition(() => setListed(true)), []);
  const fill = () => setListed(true);
  if (!listed) {
    return (
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onFocus={fill}
        onPointerDown={fill}
        aria-invalid={invalid || undefined}
        className={SELECT_CLASS}
        data-type-list="own"
      >
        <option value={value}>{value}</option>
      </select>
    );
  }
  const own = types.filter((type) => type.schema !== "pg_catalog");
  const common = COMMON.filter((sql) => types.some((type) => type.sql === sql));
  const rest = types.filter((type) => type.schema === "pg_catalog" && !COMMON.includes(type.sql));
  const known = types.some((type) => type.sql === value);
  return (
    <select
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={invalid || undefined}
      className={SELECT_CLASS}
    >
      {!known && <option value={value}>{value}</option>}
      {own.length > 0 && (
        <optgroup label={t`This database's types`}>
          {own.map((type) => (
            <option key={type.sql} value={type.sql}>
              {type.sql} ({type.kind})
            </option>
          ))}
        </optgroup>
      )}
      <optgroup label={t`Common`}>
        {common.map((sql) => (
          <option key={sql} value={sql}>
            {sql}
          </option>
        ))}
      </optgroup>
      <optgroup label={t`All`}>
        {rest.map((type) => (
          <option key={type.sql} value={type.sql}>
            {type.sql}
          </option>
        ))}
      </optgroup>
    </select>
  );
});
