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

/**
 * Ends the process once what it wrote has reached its readers. Waiting for the event loop to empty
 * instead took five seconds after every signed-in command: the auth SDK's timers and fetch's
 * kept-alive connections hold it open long after the work is done.
 */
function exitOnceWritten(code: number): void {
  process.exitCode = code;
  let open = 2;
  const flushed = () => {
    open -= 1;
    if (open === 0) process.exit(code);
  };
  process.stdout.write("", flushed);
  process.stderr.write("", flushed);
}

main(process.argv.slice(2)).then(exitOnceWritten, (error: unknown) => {
  if (error instanceof CliError) {
    console.error(`Error: ${error.message}`);
    if (error.fix) console.error(`Fix: ${error.fix}`);
    exitOnceWritten(error.exitCode);
    return;
  }
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  exitOnceWritten(1);
});
