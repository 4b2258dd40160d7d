import { DEFAULT_ENVIRONMENT_SLUG } from "@contract/environments";
import { useLingui } from "@lingui/react/macro";
import { Columns3, History, Settings2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { Environment } from "./api";

/**
 * The environment a list stands for: the one asked for while it exists, else the server's default
 * (development, or the first), so a stale link still shows a list instead of an error.
 */
export function chosenEnvironment(environments: readonly Environment[], asked: string | undefined) {
  return (
    environments.find((e) => e.slug === asked) ??
    environments.find((e) => e.slug === DEFAULT_ENVIRONMENT_SLUG) ??
    environments[0]
  );
}

interface EnvironmentSwitchProps {
  appId: string;
  environments: readonly Environment[];
  value: string;
  onChange(slug: string): void;
  /** Given to those who may change environments (a developer or more): opens the manage dialog. */
  onManage?(): void;
  /** Likewise: opens the rollback of the environment shown. */
  onRollback?(): void;
  /** Likewise: opens the comparison of all environments. */
  onCompare?(): void;
  /** Offline: the actions show but cannot be used. */
  disabled?: boolean;
}

/**
 * A select of the app's environments by name: as narrow as its longest name, so it fits a phone; the
 * manage and rollback buttons wrap below it on a narrow screen.
 */
export function EnvironmentSwitch({
  appId,
  environments,
  value,
  onChange,
  onManage,
  onRollback,
  onCompare,
  disabled,
}: EnvironmentSwitchProps) {
  const { t } = useLingui();
  const id = `environment-${appId}`;
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-300">
        {t`Environment`}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 max-w-full min-w-0 rounded-md border border-white/15 bg-slate-900 px-2 text-sm text-slate-100"
      >
        {environments.map((environment) => (
          <option key={environment.slug} value={environment.slug}>
            {environment.name}
          </option>
        ))}
      </select>
      {onManage && (
        <Button variant="ghost" size="sm" disabled={disabled} onClick={onManage}>
          <Settings2 aria-hidden="true" />
          {t`Manage environments…`}
        </Button>
      )}
      {onRollback && (
        <Button variant="ghost" size="sm" disabled={disabled} onClick={onRollback}>
          <History aria-hidden="true" />
          {t`Roll back environment…`}
        </Button>
      )}
      {onCompare && (
        <Button variant="ghost" size="sm" disabled={disabled} onClick={onCompare}>
          <Columns3 aria-hidden="true" />
          {t`Compare environments…`}
        </Button>
      )}
    </div>
  );
}
