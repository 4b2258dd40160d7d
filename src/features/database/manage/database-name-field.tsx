import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { DATABASE_NAME_MAX_LENGTH } from "./database-mutations";

/**
 * A database's name as the create and rename dialogs ask for it: required, no longer than the
 * server takes, and not autofilled (the browser has nothing sensible to offer for it).
 */
export function DatabaseNameField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t`Name`}</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
        maxLength={DATABASE_NAME_MAX_LENGTH}
        autoComplete="off"
      />
    </div>
  );
}
