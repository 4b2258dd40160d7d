import { ConfigError, loadConfig } from "./config.ts";
import { startServer } from "./main.ts";

/** Process entry: parse config, start, and stop cleanly on SIGTERM/SIGINT. */
async function run(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // Listened for before the start: the server answers (and a supervisor may stop it) while the
  // start still finishes its last steps; a signal then stops it as soon as it is up.
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let stopping: string | undefined;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = signal;
    if (server) closeAndExit(server, signal);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  server = await startServer(config);
  if (stopping) {
    closeAndExit(server, stopping);
    return;
  }
  server.warmUp();
  // For the person at the terminal; stdout stays JSON log lines for machines.
  // One write: whoever reads "ready" has the setup link in the same chunk (tests/helpers/server-process.ts).
  const setup = server.setupUrl
    ? `No account exists yet. Create the first operator (valid for one hour, once):\n  ${server.setupUrl}\n\n`
    : "";
  process.stderr.write(`\nApp Console is ready: open ${server.publicUrl}\n\n${setup}`);
}

function closeAndExit(server: Awaited<ReturnType<typeof startServer>>, signal: string): void {
  server.logger.info({ signal }, "signal received");
  server.close().then(
    () => process.exit(0),
    (err: unknown) => {
      server.logger.error({ err }, "shutdown failed");
      process.exit(1);
    },
  );
}

await run();
