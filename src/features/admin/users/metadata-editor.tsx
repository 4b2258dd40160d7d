import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { type Metadata, type MetadataField, useUpdateMetadata } from "./users-api";

/** JSON text of a metadata field: an object or empty (null); anything else is refused before saving. */
function parseMetadata(text: string): { ok: true; value: Metadata } | { ok: false; message: string } {
  if (text.trim() === "") return { ok: true, value: null };
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || (typeof value === "object" && !Array.isArray(value))) {
      return { ok: true, value: value as Metadata };
    }
    return { ok: false, message: "object" };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Edits one of a user's three metadata fields as JSON, checked as it is typed. */
export function MetadataEditor({
  userId,
  field,
  label,
  hint,
  value,
}: {
  userId: string;
  field: MetadataField;
  label: string;
  hint: string;
  value: Metadata;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const initial = value === null ? "" : JSON.stringify(value, null, 2);
  const [text, setText] = useState(initial);
  const update = useUpdateMetadata(userId);
  const parsed = parseMetadata(text);
  const reason = parsed.ok ? "" : parsed.message;
  const problem = parsed.ok
    ? null
    : reason === "object"
      ? t`Metadata must be a JSON object.`
      : t`Not valid JSON: ${reason}`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!parsed.ok) return;
    try {
      await update.mutateAsync({ [field]: parsed.value });
      notify.success(t`Metadata saved`);
    } catch (e) {
      notify.error(errorText(i18n, e, msg`An error occurred`));
    }
  }

  return (
    <form className="grid content-start gap-2" onSubmit={(e) => void onSubmit(e)}>
      <Label htmlFor={id}>{label}</Label>
      <p id={`${id}-hint`} className="text-xs text-slate-400">
        {hint}
      </p>
      <Textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={6}
        spellCheck={false}
        className="font-mono text-xs"
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
      />
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-xs text-red-300">
          {problem}
        </p>
      )}
      <div>
        <Button type="submit" size="sm" disabled={problem !== null || text === initial || update.isPending}>
          {update.isPending && <Spinner />}
          {t`Save ${label}`}
        </Button>
      </div>
    </form>
  );
}
