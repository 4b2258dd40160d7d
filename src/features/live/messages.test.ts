import { userNotifyMessageSchema } from "@contract/ws";
import { describe, expect, it } from "vitest";
import { parseUserNotifyMessage } from "./messages";

const app = {
  id: "a1",
  title: "Shop",
  description: null,
  openapi_spec_ids: [],
  createdAt: "2026-11-22T10:00:00.000Z",
  updatedAt: "2026-11-22T10:00:00.000Z",
  deletedAt: null,
  owner: { type: "team", id: "t1" },
};

describe("parseUserNotifyMessage", () => {
  it("reads every message of the contract exactly as its schema does", () => {
    const frames = [
      { type: "ready" },
      { type: "notify", message: "Deployed" },
      { type: "notify", message: 'Database "x" created', notice: { kind: "databaseCreated", name: "x" } },
      { type: "store", store: "apps", op: "refetch" },
      { type: "store", store: "databases", op: "refetch" },
      { type: "store", store: "appSecrets", op: "refetch", appId: "a1" },
      { type: "store", store: "teams", op: "refetch", teamId: "t1" },
      { type: "appUpdate", app },
    ];
    for (const frame of frames) {
      expect(parseUserNotifyMessage(JSON.stringify(frame))).toEqual(userNotifyMessageSchema.parse(frame));
    }
  });
  it("ignores frames the contract does not allow", () => {
    const bad = [
      "not json",
      "null",
      '{"type":"notify"}',
      '{"type":"other"}',
      '{"type":"store","store":"tables","op":"refetch"}',
      '{"type":"store","store":"appSecrets","op":"refetch"}',
      '{"type":"store","store":"teams","op":"refetch"}',
      '{"type":"appUpdate","app":{"id":1}}',
      JSON.stringify({ type: "appUpdate", app: { ...app, owner: undefined } }),
    ];
    for (const frame of bad) {
      expect(parseUserNotifyMessage(frame)).toBeNull();
      if (frame.startsWith("{")) expect(userNotifyMessageSchema.safeParse(JSON.parse(frame)).success).toBe(false);
    }
    expect(parseUserNotifyMessage(new ArrayBuffer(1))).toBeNull();
  });
});
