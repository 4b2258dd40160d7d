import { describe, expect, it } from "vitest";
import { createOutboundPolicy, OutboundRefused, parseOutboundAllow, type ResolvedAddress } from "./outbound.ts";

/** A resolver answering from a table, so names can point anywhere without DNS. */
function policy(allow: string, names: Record<string, string[]> = {}) {
  return createOutboundPolicy(parseOutboundAllow(allow), async (host) => {
    const addresses = names[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return addresses.map((address): ResolvedAddress => ({ address, family: address.includes(":") ? 6 : 4 }));
  });
}

const refused = (promise: Promise<unknown>) => expect(promise).rejects.toBeInstanceOf(OutboundRefused);

describe("the outbound-address policy by default", () => {
  const strict = policy("", {
    "db.example.com": ["93.184.215.14"],
    "v6.example.com": ["2606:4700::6810:84e5"],
    "rebind.example.com": ["93.184.215.14", "127.0.0.1"],
    localhost: ["127.0.0.1", "::1"],
    "metadata.google.internal": ["169.254.169.254"],
  });

  it("lets public addresses and names through, to the address it checked", async () => {
    expect(await strict.resolve("db.example.com")).toEqual({ address: "93.184.215.14", family: 4 });
    expect(await strict.resolve("v6.example.com")).toEqual({ address: "2606:4700::6810:84e5", family: 6 });
    expect(await strict.resolve("8.8.8.8")).toEqual({ address: "8.8.8.8", family: 4 });
    expect(await strict.resolve("[2606:4700::1111]")).toEqual({ address: "2606:4700::1111", family: 6 });
    expect(await strict.resolve("DB.Example.COM.")).toEqual({ address: "93.184.215.14", family: 4 });
  });

  it.each([
    ["loopback", "127.0.0.1"],
    ["loopback, elsewhere in 127/8", "127.8.9.10"],
    ["IPv6 loopback", "::1"],
    ["IPv6 loopback in brackets", "[::1]"],
    ["unspecified", "0.0.0.0"],
    ["IPv6 unspecified", "::"],
    ["private 10/8", "10.1.2.3"],
    ["private 172.16/12", "172.31.255.1"],
    ["private 192.168/16", "192.168.1.1"],
    ["CGNAT", "100.64.0.1"],
    ["link-local", "169.254.1.1"],
    ["IPv6 link-local", "fe80::1"],
    ["unique local", "fd12:3456::1"],
    ["multicast", "224.0.0.1"],
    ["IPv6 multicast", "ff02::1"],
    ["broadcast", "255.255.255.255"],
    ["reserved", "240.0.0.1"],
    ["documentation", "192.0.2.10"],
    ["IPv4-mapped loopback", "::ffff:127.0.0.1"],
    ["IPv4-mapped private, hex", "::ffff:a00:1"],
    ["IPv4-compatible loopback", "::127.0.0.1"],
    ["NAT64 of loopback", "64:ff9b::7f00:1"],
    ["6to4 of loopback", "2002:7f00:1::1"],
    ["Teredo", "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
    ["AWS/GCP/Azure metadata", "169.254.169.254"],
    ["AWS metadata over IPv6", "fd00:ec2::254"],
    ["Azure wire server", "168.63.129.16"],
    ["Alibaba metadata", "100.100.100.200"],
    ["a name for loopback", "localhost"],
    ["a name for metadata", "metadata.google.internal"],
    ["a name that also resolves to loopback", "rebind.example.com"],
    ["a socket path", "/var/run/postgresql"],
    ["an empty host", ""],
    ["a scoped IPv6 address", "fe80::1%eth0"],
    ["a name that does not resolve", "nowhere.invalid"],
  ])("refuses %s (%s)", async (_what, host) => {
    await refused(strict.resolve(host));
  });

  it("refuses with one error that says nothing about the target", async () => {
    const answers = await Promise.all(
      ["127.0.0.1", "10.0.0.1", "nowhere.invalid"].map((host) =>
        strict.resolve(host).catch((error: OutboundRefused) => [error.status, error.code, error.message]),
      ),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual([403, "OUTBOUND_ADDRESS_NOT_ALLOWED", expect.stringContaining("OUTBOUND_ALLOW")]);
  });
});

describe("OUTBOUND_ALLOW", () => {
  const allowing = policy("10.0.0.0/8, 127.0.0.1,fd00::/8, db.internal, *.corp.example, 169.254.0.0/16", {
    "db.internal": ["192.168.7.7"],
    "pg.corp.example": ["172.20.0.5"],
    "corp.example": ["172.20.0.6"],
    "other.internal": ["192.168.7.8"],
    "sneaky.corp.example": ["169.254.169.254"],
  });

  it("opens the listed ranges, addresses and names, and nothing next to them", async () => {
    expect((await allowing.resolve("10.20.30.40")).address).toBe("10.20.30.40");
    expect((await allowing.resolve("127.0.0.1")).address).toBe("127.0.0.1");
    expect((await allowing.resolve("::ffff:127.0.0.1")).address).toBe("::ffff:127.0.0.1");
    expect((await allowing.resolve("fd12::1")).address).toBe("fd12::1");
    expect((await allowing.resolve("db.internal")).address).toBe("192.168.7.7");
    expect((await allowing.resolve("pg.corp.example")).address).toBe("172.20.0.5");
    expect((await allowing.resolve("169.254.1.1")).address).toBe("169.254.1.1");
    await refused(allowing.resolve("127.0.0.2"));
    await refused(allowing.resolve("192.168.7.7"));
    await refused(allowing.resolve("other.internal"));
    await refused(allowing.resolve("corp.example"));
  });

  it("opens a metadata address only when it is listed by itself", async () => {
    await refused(allowing.resolve("169.254.169.254"));
    await refused(allowing.resolve("sneaky.corp.example"));
    const listed = policy("169.254.169.254", {});
    expect((await listed.resolve("169.254.169.254")).address).toBe("169.254.169.254");
  });

  it("refuses entries that are neither ranges, addresses nor names", () => {
    expect(() => parseOutboundAllow("10.0.0.0/33")).toThrow(/10\.0\.0\.0\/33/);
    expect(() => parseOutboundAllow("http://db.internal")).toThrow(/http:\/\/db\.internal/);
    expect(() => parseOutboundAllow("db internal")).toThrow();
    expect(parseOutboundAllow(" , ").ranges).toEqual([]);
  });
});
