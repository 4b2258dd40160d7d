// A newcomer's first minute, as server time (issue 33: "each under 0.5 s server time on a quiet
// machine"): sign up, confirm the e-mail with the mailed code, the console's project initialisation
// (POST /api/v1/auth/verify: the first managed database with its example table), and sign out. Each
// request is timed alone on a warm server (one newcomer after another), from sending to the whole
// answer read, on loopback; the mail's arrival is waited for between steps and not counted.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SPARE_CLUSTERS } from "../../server/pglite/spare-pool.ts";
import { readySpares } from "../../server/pglite/template.ts";
import { startMailCatcher, waitForMail } from "../helpers/mail-catcher.ts";
import { appProjectOf } from "../helpers/stack-apps.ts";
import { stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, testStoreKind } from "../helpers/test-server.ts";
import { type BenchResult, type BenchSuite, benchServerEnv, percentile } from "./harness.ts";

const NEWCOMERS = Number(process.env.NEWCOMER_BENCH_USERS ?? 12);
/** The first newcomers warm the server's paths (WASM functions, caches, the spare database pool). */
const WARM_UP = 2;

/**
 * Newcomers arrive at a server at rest: on PGlite its spare clusters are ready again (they are
 * copied a moment after each creation), as they are for anyone who signs up a minute after another.
 */
async function sparesReady(dataDir: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (readySpares(dataDir).length < SPARE_CLUSTERS) {
    if (Date.now() > deadline) throw new Error("the spare clusters were not copied again within a minute");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function timed<T>(step: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await step();
  return { ms: performance.now() - started, value };
}

const suite: BenchSuite = {
  name: "A newcomer's first minute (server time per request)",
  async run() {
    const store = testStoreKind();
    const mailDir = mkdtempSync(join(tmpdir(), "bench-newcomer-mail-"));
    const mail = await startMailCatcher(mailDir);
    const server = await startTestServer({
      store,
      env: benchServerEnv({ LOG_LEVEL: "warn", AUTH_RATE_LIMITS: "false", SMTP_URL: mail.smtpUrl }),
    });
    const times: Record<"signUp" | "verifyEmail" | "projectInit" | "signOut", number[]> = {
      signUp: [],
      verifyEmail: [],
      projectInit: [],
      signOut: [],
    };
    try {
      const keys = await appProjectOf(server);
      for (let i = 0; i < WARM_UP + NEWCOMERS; i++) {
        if (store === "pglite" && i > 0) await sparesReady(server.dataDir);
        const email = `newcomer-${randomUUID()}@example.com`;
        const signUp = await timed(() =>
          stackFetch(server, "/auth/password/sign-up", {
            access: "client",
            keys,
            body: {
              email,
              password: "correct-horse-1",
              verification_callback_url: `${server.url}/handler/email-verification`,
            },
          }),
        );
        if (signUp.value.status !== 200) throw new Error(`sign-up answered ${signUp.value.status}`);
        const { access_token: accessToken, refresh_token: refreshToken } = signUp.value.body as {
          access_token: string;
          refresh_token: string;
        };
        const code = /[?&]code=([a-z0-9]+)/.exec((await waitForMail(mailDir, email)).text)?.[1];
        if (!code) throw new Error("no code in the verification mail");
        const verify = await timed(() =>
          stackFetch(server, "/contact-channels/verify", { access: "client", keys, accessToken, body: { code } }),
        );
        if (verify.value.status !== 200) throw new Error(`verify answered ${verify.value.status}`);
        const init = await timed(async () => {
          const response = await server.request("/api/v1/auth/verify", {
            method: "POST",
            headers: { authorization: `Bearer ${accessToken}` },
          });
          await response.text();
          return response.status;
        });
        if (init.value !== 200) throw new Error(`project initialisation answered ${init.value}`);
        const signOut = await timed(() =>
          stackFetch(server, "/auth/sessions/current", {
            method: "DELETE",
            access: "client",
            keys,
            accessToken,
            refreshToken,
          }),
        );
        if (signOut.value.status !== 200) throw new Error(`sign-out answered ${signOut.value.status}`);
        if (i < WARM_UP) continue;
        times.signUp.push(signUp.ms);
        times.verifyEmail.push(verify.ms);
        times.projectInit.push(init.ms);
        times.signOut.push(signOut.ms);
      }
    } finally {
      await server.close();
      await mail.close();
      rmSync(mailDir, { recursive: true, force: true });
    }
    const row = (name: string, samples: number[]): BenchResult => ({
      name,
      value: percentile(samples, 50),
      unit: "ms",
      target: "< 500 ms",
      notes: `median of ${samples.length} newcomers, max ${Math.max(...samples).toFixed(0)} ms; store ${store}`,
    });
    return [
      row("POST /auth/password/sign-up (argon2id hash, verification mail queued)", times.signUp),
      row("POST /contact-channels/verify (the mailed code)", times.verifyEmail),
      row("POST /api/v1/auth/verify (first database with its example table)", times.projectInit),
      row("DELETE /auth/sessions/current (sign out)", times.signOut),
    ];
  },
};

export default suite;
