import { ARGON2_OPTIONS } from "../../server/auth/crypto/passwords.ts";
import { appProjectOf, createTestUser } from "../helpers/stack-apps.ts";
import { startTestServer, testStoreKind } from "../helpers/test-server.ts";
import { type BenchSuite, benchServerEnv, load } from "./harness.ts";

/**
 * The auth service's hot paths, each against the real server and store: password sign-in
 * (argon2id), the refresh grant the SDK uses every few minutes, and GET /users/me with a valid
 * token, compared with the bare GET / of the same mount in the same run.
 */
const suite: BenchSuite = {
  name: "Auth service",
  async run() {
    const store = testStoreKind();
    const server = await startTestServer({
      store,
      env: benchServerEnv({ LOG_LEVEL: "warn", AUTH_RATE_LIMITS: "false" }),
    });
    try {
      const keys = await appProjectOf(server);
      const user = await createTestUser(server);
      const api = `${server.url}/auth/api/v1`;
      const client = {
        "content-type": "application/json",
        "x-stack-access-type": "client",
        "x-stack-project-id": keys.projectId,
        "x-stack-publishable-client-key": keys.publishableClientKey,
      };
      const argon = `argon2id m=${ARGON2_OPTIONS.memoryCost} KiB, t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism}`;

      const signIn = await load({
        url: `${api}/auth/password/sign-in`,
        method: "POST",
        headers: client,
        body: JSON.stringify({ email: user.email, password: user.password }),
        connections: 8,
      });
      const refresh = await load({
        url: `${api}/auth/oauth/token`,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: user.refreshToken,
          client_id: keys.projectId,
          client_secret: keys.publishableClientKey,
        }).toString(),
      });
      const bare = await load({ url: api });
      const me = await load({
        url: `${api}/users/me`,
        headers: { ...client, "x-stack-access-token": user.accessToken },
      });
      const bareAgain = await load({ url: api });
      const bareRps = (bare.rps + bareAgain.rps) / 2;
      const errors = signIn.errors + refresh.errors + me.errors + bare.errors + bareAgain.errors;
      return [
        { name: `POST sign-in requests/s (${argon})`, value: signIn.rps, unit: "req/s", notes: `store ${store}` },
        { name: "POST sign-in p99", value: signIn.p99, unit: "ms" },
        { name: "POST /auth/oauth/token refresh grant requests/s", value: refresh.rps, unit: "req/s" },
        { name: "POST /auth/oauth/token p99", value: refresh.p99, unit: "ms" },
        { name: "GET /users/me (valid token) requests/s", value: me.rps, unit: "req/s" },
        { name: "GET /users/me p99", value: me.p99, unit: "ms" },
        {
          name: "GET / of the auth mount (bare handler) requests/s",
          value: bareRps,
          unit: "req/s",
          notes: "mean of a run before and after /users/me",
        },
        {
          name: "GET /users/me ÷ bare handler",
          value: me.rps / bareRps,
          unit: "×",
          target: "≥ 0.5",
          notes: errors ? `${errors} failed requests` : "no failed requests",
        },
      ];
    } finally {
      await server.close();
    }
  },
};
export default suite;
