import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LiveClient } from "./live-client";
import type { UserNotifyMessage } from "./messages";

class FakeSocket {
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  closed = false;
  close() {
    this.closed = true;
  }
}

describe("LiveClient", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(signedIn: () => boolean) {
    const sockets: FakeSocket[] = [];
    const messages: UserNotifyMessage[] = [];
    const client = new LiveClient({
      url: "ws://x/api/v1/ws/user-notify",
      isSignedIn: async () => signedIn(),
      onMessage: (m) => messages.push(m),
      openSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
    });
    return { client, sockets, messages };
  }

  it("reconnects after closes with 1 s, 2 s, 4 s … and resets after a successful open", async () => {
    const { client, sockets } = setup(() => true);
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);

    sockets[0]?.onclose?.({});
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);

    sockets[1]?.onclose?.({});
    await vi.advanceTimersByTimeAsync(1999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);

    sockets[2]?.onopen?.({});
    sockets[2]?.onclose?.({});
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(4);
    client.stop();
    expect(sockets[3]?.closed).toBe(true);
  });

  it("closes the socket when the network goes and reconnects at once when it returns", async () => {
    const { client, sockets } = setup(() => true);
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 0; i < 5; i++) {
      sockets.at(-1)?.onclose?.({});
      await vi.advanceTimersByTimeAsync(30_000);
    }
    expect(sockets).toHaveLength(6);

    client.networkLost();
    expect(sockets[5]?.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(6);

    client.networkBack();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(7);
    client.stop();
  });

  it("checks every 5 s while nobody is signed in, and connects once someone is", async () => {
    let signedIn = false;
    const { client, sockets } = setup(() => signedIn);
    client.start();
    await vi.advanceTimersByTimeAsync(4999);
    expect(sockets).toHaveLength(0);
    signedIn = true;
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(1);
    client.stop();
  });

  it("asks again after 1 s, 2 s … when whether someone is signed in could not be told", async () => {
    let answers = 0;
    const sockets: FakeSocket[] = [];
    const client = new LiveClient({
      url: "ws://x/api/v1/ws/user-notify",
      isSignedIn: async () => {
        answers += 1;
        if (answers <= 2) throw new TypeError("Failed to fetch");
        return true;
      },
      onMessage: () => undefined,
      openSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
    });
    client.networkBack();
    await vi.advanceTimersByTimeAsync(999);
    expect([answers, sockets.length]).toEqual([1, 0]);
    await vi.advanceTimersByTimeAsync(1);
    expect([answers, sockets.length]).toEqual([2, 0]);
    await vi.advanceTimersByTimeAsync(2000);
    expect([answers, sockets.length]).toEqual([3, 1]);
    client.stop();
  });

  it("hands over readable messages and ignores the rest", async () => {
    const { client, sockets, messages } = setup(() => true);
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.onmessage?.({ data: '{"type":"notify","message":"Deployed"}' });
    sockets[0]?.onmessage?.({ data: "garbage" });
    expect(messages).toEqual([{ type: "notify", message: "Deployed" }]);
    client.stop();
  });
});
