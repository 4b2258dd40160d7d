import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await createTestUser(server, { verified: true });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

/** The SDK's session cookie, as a browser sends it with every request to the console. */
const cookie = () => `stack-access=${encodeURIComponent(JSON.stringify([user.refreshToken, user.accessToken]))}`;

/** A form-like POST a page of any site can make without a preflight: text/plain, the cookie rides along. */
const createApp = (headers: Record<string, string>) =>
  server.request("/api/v1/apps", {
    method: "POST",
    headers: { "content-type": "text/plain", ...headers },
    body: JSON.stringify({ title: "From somewhere" }),
  });

const appCount = async () => {
  const list = await server.request("/api/v1/apps", { headers: { authorization: `Bearer ${user.accessToken}` } });
  return ((await list.json()) as [unknown[]])[0].length;
};

describe("writes authenticated by the session cookie", () => {
  it("are refused from another site's page, by Origin, Sec-Fetch-Site or Referer", async () => {
    const before = await appCount();
    const attempts: Array<Record<string, string>> = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: `${server.url}.evil.example` },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { referer: "https://evil.example/page" },
    ];
    for (const headers of attempts) {
      const answer = await createApp({ cookie: cookie(), ...headers });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(((await answer.json()) as [null, { code: string }])[1].code).toBe("CROSS_SITE_REQUEST_REFUSED");
    }
    const remove = await server.request("/api/v1/apps/00000000-0000-4000-8000-000000000000", {
      method: "DELETE",
      headers: { cookie: cookie(), origin: "https://evil.example" },
    });
    expect(remove.status).toBe(403);
    expect(await appCount()).toBe(before);
  });

  it("go through from the console's own pages, and from clients that are no browser", async () => {
    const before = await appCount();
    const own = new URL(server.url);
    const attempts: Array<Record<string, string>> = [
      { origin: server.url },
      { "sec-fetch-site": "same-origin" },
      { referer: `${server.url}/apps` },
      { origin: `http://${own.host}`, host: own.host },
      {},
    ];
    for (const headers of attempts) {
      const answer = await createApp({ cookie: cookie(), ...headers });
      expect(answer.status, JSON.stringify(headers)).toBe(201);
    }
    expect(await appCount()).toBe(before + 5);
  });

  it("leaves reads and header-token requests alone", async () => {
    const read = await server.request("/api/v1/apps", {
      headers: { cookie: cookie(), origin: "https://evil.example" },
    });
    expect(read.status).toBe(200);
    const withToken = await createApp({
      authorization: `Bearer ${user.accessToken}`,
      cookie: cookie(),
      origin: "https://evil.example",
    });
    expect(withToken.status).toBe(201);
  });
});

describe("the socket with the session cookie", () => {
  const open = (origin?: string) =>
    new Promise<string>((resolve) => {
      const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}/api/v1/ws/user-notify`, {
        headers: { cookie: cookie() },
        ...(origin ? { origin } : {}),
      });
      ws.on("unexpected-response", (_request, response) => {
        resolve(`refused ${response.statusCode}`);
        ws.terminate();
      });
      ws.on("message", (data) => {
        resolve(String(data));
        ws.close();
      });
      ws.on("error", () => undefined);
    });

  it("opens from the console's origin and refuses another site's", async () => {
    expect(await open("https://evil.example")).toBe("refused 403");
    expect(JSON.parse(await open(server.url))).toEqual({ type: "ready" });
    expect(JSON.parse(await open())).toEqual({ type: "ready" });
  });
});
