import type { AuthApp } from "../auth-env.ts";

/** GET / of the API, as Stack has one: no auth, no store; also the bare baseline of the benchmarks. */
export function registerRoot(app: AuthApp): void {
  app.get("/", (c) => c.text("Stack-compatible auth API of App Console. The SDK's baseUrl is the /auth prefix."));
}
