import { CopyButton } from "@/components/ui/copy-button";

/**
 * The installed command line's (`app-console`, docs/cli.md) commands for an app, exactly as they
 * run: this console's own origin (--url) and the app's id. Quoted for a POSIX shell where a value
 * could hold a space or a quote.
 */
export function cliCommand(kind: "pull" | "run", appId: string, origin = window.location.origin): string {
  const target = `--app ${shellWord(appId)} --url ${shellWord(origin)}`;
  return kind === "pull" ? `app-console secrets pull ${target}` : `app-console run ${target} -- env`;
}

/** `value` as one word of a POSIX shell: as it is when it holds nothing the shell reads, else single-quoted. */
export function shellWord(value: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** One command to read or copy: the text as a code block and a copy button named by `label`. */
export function CopyableCommand({ command, label, testId }: { command: string; label: string; testId?: string }) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <code
        data-testid={testId}
        className="min-w-0 flex-1 rounded-md bg-black/30 p-2 font-mono text-xs break-all text-slate-200"
      >
        {command}
      </code>
      <CopyButton value={command} label={label} />
    </div>
  );
}
