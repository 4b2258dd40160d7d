import type { ImportPreview } from "@contract/db-import";
import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useId } from "react";
import { ScrollRegion } from "@/components/ui/scroll-region";

/** The dialog's inputs and selects: compact, on the dialog's dark surface. */
export const field = "h-8 min-w-0 rounded border border-slate-700 bg-slate-800 px-2 text-sm text-slate-100";

export interface Choice {
  value: string;
  label: string;
}

interface SelectProps {
  value: string;
  choices: Choice[];
  onChange: (value: string) => void;
  /** Its accessible name where no visible label names it. */
  label?: string;
}

function ChoiceSelect({ value, choices, onChange, label, id }: SelectProps & { id?: string }) {
  return (
    <select
      id={id}
      aria-label={label}
      className={field}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}

/** A select with its visible label before it (the delimiter, the target table). */
export function LabelledSelect({ label, ...select }: { label: ReactNode } & Omit<SelectProps, "label">) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-slate-300">
        {label}
      </label>
      <ChoiceSelect id={id} {...select} />
    </div>
  );
}

/**
 * One CSV column's line in the mapping and in the new table's columns: the column (its name, or
 * an input for it), then a select of where, or as what, it goes.
 */
export function ColumnLine({ children, ...select }: { children: ReactNode } & SelectProps) {
  return (
    <li className="flex flex-wrap items-center gap-2">
      {children}
      <ChoiceSelect {...select} />
    </li>
  );
}

/** The file's first rows as the server read them, NULL where a cell is empty. */
export function PreviewTable({ preview, shown }: { preview: ImportPreview; shown: number }) {
  const { t } = useLingui();
  return (
    <ScrollRegion label={t`Preview`} className="max-h-48 overflow-auto rounded border border-slate-800">
      <table className="text-left text-xs">
        <caption className="sr-only">{t`First rows of the file`}</caption>
        <thead className="bg-slate-800 text-slate-300">
          <tr>
            {preview.columns.map((c) => (
              <th key={c.name} scope="col" className="px-2 py-1 font-medium whitespace-nowrap">
                {c.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.slice(0, shown).map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their place
            <tr key={r} className="border-t border-slate-800">
              {row.map((value, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <td key={c} className="max-w-[12rem] truncate px-2 py-1 text-slate-200">
                  {value ?? <span className="text-slate-500">NULL</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
