import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { ensureServerBuild } from "../../scripts/server-build.mjs";
import { completeSetup, type FirstOperatorAccount, printedSetupUrl } from "./first-operator.ts";

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** What the server wrote to stderr so far (the lines for the person at the terminal). */
  stderr(): string;
  /** The operator the printed setup link made (null when none was printed, or with `firstOperator: false`). */
  firstOperator: FirstOperatorAccount | null;
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /**
   * Completes a first run as its operator does, through the printed setup link, so the console
   * takes sign-ups (default). `false` leaves a fresh instance waiting for its first operator.
   */
  firstOperator?: boolean;
}

/**
 * The Node flags `npm start` gives the server (package.json's start script, `node <flags>
 * scripts/start.mjs`), so a test or a bench measures the process operators run, young generation
 * included.
 */
function npmStartNodeFlags(): string[] {
  const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    scripts: { start: string };
  };
  return manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith("--"));
}

/**
 * The real server as its own process, as `npm start` runs it (the bundle of server/serve.ts, with
 * npm start's Node flags), on a random loopback port. Resolves once it logs that it listens;
 * stop() sends SIGTERM and waits for the exit.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...npmStartNodeFlags(), await ensureServerBuild()], {
    env: { ...process.env, NODE_ENV: "test", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  // Passed on as before, and kept: the set-up link is printed there.
  child.stderr?.on("data", (chunk) => {
    errors += chunk;
    process.stderr.write(chunk);
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    // A busy machine (several test runs at once) can take well over a minute to start PGlite.
    const timer = setTimeout(() => {
      // Never leave a server behind that the caller cannot stop.
      child.kill("SIGTERM");
      reject(new Error(`server did not start:\n${output}`));
    }, 180_000);
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      const port = output.match(/"port":(\d+)/)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  // Keep draining stdout so the server never blocks on a full pipe.
  child.stdout?.resume();
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  let firstOperator: FirstOperatorAccount | null = null;
  try {
    // The terminal's "ready" comes after the port opens; the setup link is written with it.
    await untilReady(child, () => errors);
    const setupUrl = printedSetupUrl(errors);
    if (setupUrl && options.firstOperator !== false) firstOperator = await completeSetup(url, setupUrl);
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, url, stderr: () => errors, firstOperator, stop };
}

function untilReady(child: ChildProcess, stderr: () => string): Promise<void> {
  const ready = () => stderr().includes("is ready: open");
  if (ready()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      done();
      reject(new Error(`server did not finish starting:\n${stderr()}`));
    }, 180_000);
    const onData = () => {
      if (!ready()) return;
      done();
      resolve();
    };
    const onExit = (code: number | null) => {
      done();
      reject(new Error(`server exited with ${code}:\n${stderr()}`));
    };
    const done = () => {
      clearTimeout(timer);
      child.stderr?.off("data", onData);
      child.off("exit", onExit);
    };
    child.stderr?.on("data", onData);
    child.once("exit", onExit);
  });
}
