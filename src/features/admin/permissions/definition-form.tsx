import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import type { PermissionDefinition } from "./permissions-api";

/**
 * Id, description and contained permissions of a definition. Editing keeps the id; a definition
 * cannot contain itself (the server also refuses longer cycles).
 */
export function DefinitionForm({
  scope,
  initial,
  available,
  pending,
  submitLabel,
  onSubmit,
}: {
  scope: string;
  initial?: PermissionDefinition;
  available: PermissionDefinition[];
  pending: boolean;
  submitLabel: string;
  onSubmit(definition: PermissionDefinition): Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const prefix = `${scope}-${initial?.id ?? "new"}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    try {
      await onSubmit({
        id: initial?.id ?? String(form.get("id") ?? "").trim(),
        description: String(form.get("description") ?? "").trim(),
        contained_permission_ids: form.getAll("contained").map(String),
      });
    } catch (e) {
      setError(errorText(i18n, e, msg`An error occurred`));
    }
  }

  return (
    <form className="grid gap-3" onSubmit={(e) => void submit(e)}>
      {!initial && (
        <div className="grid gap-1">
          <Label htmlFor={`${prefix}-id`}>{t`Permission ID`}</Label>
          <Input
            id={`${prefix}-id`}
            name="id"
            required
            maxLength={100}
            pattern="[A-Za-z0-9_:.\-]+"
            placeholder="billing:read"
            autoComplete="off"
          />
        </div>
      )}
      <div className="grid gap-1">
        <Label htmlFor={`${prefix}-description`}>{t`Description`}</Label>
        <Input id={`${prefix}-description`} name="description" defaultValue={initial?.description} maxLength={1000} />
      </div>
      {available.length > 0 && (
        <fieldset className="grid gap-1">
          <legend className="mb-1 text-sm font-medium text-slate-100">{t`Contains`}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {available
              .filter((p) => p.id !== initial?.id)
              .map((p) => (
                <label key={p.id} className="flex items-center gap-2 font-mono text-xs text-slate-200">
                  <input
                    type="checkbox"
                    name="contained"
                    value={p.id}
                    defaultChecked={initial?.contained_permission_ids.includes(p.id)}
                    className="size-4 accent-indigo-400"
                  />
                  {p.id}
                </label>
              ))}
          </div>
        </fieldset>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={pending}>
          {pending && <Spinner />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
