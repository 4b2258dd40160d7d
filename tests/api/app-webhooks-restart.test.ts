import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { appWebhookWithSecretSchema, webhookDeliverySchema } from "../../server/contract/app-webhooks.ts";
import { appSchema } from "../../server/contract/apps.ts";
import { createScratchDatabase } from "../helpers/postgres.ts";
import { describePostgresOnly } from "../helpers/postgres-only.ts";
import { createTestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

interface Received {
  headers: Record<string, string>;
  body: string;
}

let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  // Fails the first request, so a retry is pending when the first server stops.
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(received.length === 1 ? 503 : 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/restart`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

const atLeast = (count: number) =>
  vi.waitFor(
    () => {
      expect(received.length).toBeGreaterThanOrEqual(count);
    },
    { timeout: 20_000, interval: 50 },
  );

describePostgresOnly("change webhooks across a restart", () => {
  it("a delivery still pending when its server stops is sent by the next server on the store", async () => {
    const shared = await createScratchDatabase("hookrestart");
    const env = {
      DATABASE_URL: shared.url,
      SECRETS_MASTER_KEY: Buffer.alloc(32, 7).toString("base64"),
      OUTBOUND_ALLOW: "127.0.0.1",
    };
    let first: TestServer | undefined = await startTestServer({ env });
    let second: TestServer | undefined;
    try {
      const user = await createTestUser(first, { verified: true });
      const app = appSchema.parse((await api(first, user.accessToken, "POST", "/apps", { title: "Restart" })).data);
      const hook = appWebhookWithSecretSchema.parse(
        (await api(first, user.accessToken, "POST", `/apps/${app.id}/webhooks`, { url: receiverUrl })).data,
      );
      await api(first, user.accessToken, "POST", `/apps/${app.id}/secrets`, { key: "AFTER_RESTART", value: "v" });
      await atLeast(1);
      // The failed first attempt is recorded before the server stops: a retry is due in seconds.
      await vi.waitFor(
        async () => {
          const rows = await first?.store.query<{ status: string; attempts: number }>(
            "SELECT status, attempts FROM app_webhook_deliveries WHERE webhook_id = $1",
            [hook.id],
          );
          expect(rows).toEqual([{ status: "pending", attempts: 1 }]);
        },
        { timeout: 10_000, interval: 50 },
      );
      await first.close();
      first = undefined;

      second = await startTestServer({ env });
      await atLeast(2);
      const [before, after] = received;
      expect(after?.headers["webhook-id"]).toBe(before?.headers["webhook-id"]);
      const event = new Webhook(hook.secret).verify(after?.body ?? "", {
        "webhook-id": after?.headers["webhook-id"] ?? "",
        "webhook-timestamp": after?.headers["webhook-timestamp"] ?? "",
        "webhook-signature": after?.headers["webhook-signature"] ?? "",
      });
      expect(event).toMatchObject({ type: "secrets.changed", data: { keys: ["AFTER_RESTART"] } });
      const server = second;
      const log = await vi.waitFor(
        async () => {
          const answer = await api<unknown[]>(
            server,
            user.accessToken,
            "GET",
            `/apps/${app.id}/webhooks/${hook.id}/deliveries`,
          );
          const [delivery] = answer.data.map((d) => webhookDeliverySchema.parse(d));
          expect(delivery?.status).toBe("delivered");
          return delivery;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(log).toMatchObject({ attempts: 2, statusCode: 204 });
    } finally {
      await first?.close();
      await second?.close();
      await shared.drop();
    }
  });
});
