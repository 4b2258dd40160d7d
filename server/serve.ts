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
  const server = await startServer(config);
  const stop = (signal: string) => {
    server.logger.info({ signal }, "signal received");
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        server.logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}

await run();
