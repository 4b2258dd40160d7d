import { CommanderError } from "commander";
import { buildProgram } from "./cli-program.ts";
import { CliError } from "./cli-stack.ts";

/**
 * The command line (`app-console`, or `npm run cli --` in the repository): exit code 0 on success,
 * 1 when the console refused or could not be reached, 2 for a usage error; `run` ends with its
 * command's code. Errors go to standard error as the cause and, on a line of its own, the fix.
 */
async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  const program = buildProgram((code) => {
    exitCode = code;
  });
  if (argv.length === 0) {
    program.outputHelp({ error: true });
    return 2;
  }
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    // Help and version asked for end with 0; a usage error (already printed by commander) with 2.
    return error.code === "commander.helpDisplayed" || error.code === "commander.version" ? 0 : 2;
  }
  return exitCode;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof CliError) {
      console.error(`Error: ${error.message}`);
      if (error.fix) console.error(`Fix: ${error.fix}`);
      process.exitCode = error.exitCode;
      return;
    }
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
