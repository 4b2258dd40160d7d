import type { LookupAddress, LookupOneOptions } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { HttpError } from "./errors.ts";

/**
 * The outbound-address policy: every connection the server opens on a user's behalf (external
 * databases, webhooks, SMTP tests, a project's SMTP server) goes through it. The host name is
 * resolved once, every address it resolves to is checked, and the connection is made to the checked
 * address (never resolved again), so a name cannot pass the check and then rebind to another address.
 *
 * Only global unicast addresses are open by default. Loopback, private, link-local, CGNAT, unique
 * local, multicast, reserved and unspecified ranges, IPv4 addresses in IPv6 dress (mapped,
 * compatible, NAT64, 6to4, Teredo) and cloud metadata addresses are refused unless the operator
 * allows them with OUTBOUND_ALLOW (CIDRs, addresses or host names, comma-separated). Metadata
 * addresses open only when listed one by one, never through a wider range.
 *
 * Refusals happen before any packet leaves, with one error whatever the port's state would have been.
 */

export const OUTBOUND_REFUSED_CODE = "OUTBOUND_ADDRESS_NOT_ALLOWED";

/** An HttpError, so routes that wrap connection failures pass it through with its own code. */
export class OutboundRefused extends HttpError {
  override name = "OutboundRefused";
  constructor() {
    super(
      OUTBOUND_REFUSED_CODE,
      "The server does not connect to this host: it is not a public address, or its name does not resolve. " +
        "An operator can allow private addresses with OUTBOUND_ALLOW.",
    );
  }
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Instance metadata services (AWS, GCP, Azure, Alibaba, Oracle, ECS task metadata). */
const METADATA_ADDRESSES = [
  "169.254.169.254",
  "169.254.170.2",
  "169.254.170.23",
  "100.100.100.200",
  "168.63.129.16",
  "192.0.0.192",
  "fd00:ec2::254",
  "fd00:ec2::23",
].map((a) => ipaddr.parse(a).toNormalizedString());

export interface OutboundAllowList {
  ranges: Array<[Address, number]>;
  /** Exact host names, lower case without a trailing dot. */
  hosts: Set<string>;
  /** `*.corp.example` entries, kept as `.corp.example`. */
  suffixes: string[];
}

const normalizeHost = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");

/** Parses OUTBOUND_ALLOW; throws with the offending entry when one is neither a CIDR, an address nor a host name. */
export function parseOutboundAllow(value: string | undefined): OutboundAllowList {
  const list: OutboundAllowList = { ranges: [], hosts: new Set(), suffixes: [] };
  for (const raw of (value ?? "").split(",")) {
    const entry = normalizeHost(raw);
    if (!entry) continue;
    if (entry.includes("/")) {
      try {
        const [address, bits] = ipaddr.parseCIDR(entry);
        list.ranges.push([
          unwrap(address),
          address.kind() === "ipv6" && unwrap(address).kind() === "ipv4" ? bits - 96 : bits,
        ]);
      } catch {
        throw new Error(`"${raw.trim()}" is not a CIDR range`);
      }
    } else if (ipaddr.isValid(entry) && isIP(entry)) {
      const address = unwrap(ipaddr.parse(entry));
      list.ranges.push([address, address.kind() === "ipv4" ? 32 : 128]);
    } else if (/^(\*\.)?([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/.test(entry)) {
      if (entry.startsWith("*.")) list.suffixes.push(entry.slice(1));
      else list.hosts.add(entry);
    } else {
      throw new Error(`"${raw.trim()}" is neither a CIDR range, an IP address nor a host name`);
    }
  }
  return list;
}

/** IPv4-mapped IPv6 addresses are checked as the IPv4 address they carry. */
function unwrap(address: Address): Address {
  return address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

function isGlobalUnicast(address: Address): boolean {
  if (address.range() !== "unicast") return false;
  // ::a.b.c.d (IPv4-compatible, deprecated): ipaddr.js calls it unicast, but it carries an IPv4 address.
  if (address.kind() === "ipv6" && (address as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) return false;
  return true;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family as 4 | 6,
  }));

export interface OutboundPolicy {
  /**
   * The address to connect to for `host` (a name, or an address literal, brackets allowed): the
   * first one it resolves to, once every one of them passed. Throws OutboundRefused.
   */
  resolve(host: string): Promise<ResolvedAddress>;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `dns.lookup` for net/http/tls that answers `resolved` whatever it is asked: the socket goes to
 * the address the policy checked, never to a second resolution of the name.
 */
export function pinnedLookup(resolved: ResolvedAddress) {
  return (_hostname: string, options: LookupOneOptions | { all?: boolean }, callback: LookupCallback) => {
    if ((options as { all?: boolean }).all) callback(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
}

export function createOutboundPolicy(allow: OutboundAllowList, resolver: Resolver = systemResolver): OutboundPolicy {
  const hostAllowed = (host: string) => allow.hosts.has(host) || allow.suffixes.some((suffix) => host.endsWith(suffix));
  const addressAllowed = (address: Address, byHostName: boolean) => {
    const metadata = METADATA_ADDRESSES.includes(address.toNormalizedString());
    const listed = allow.ranges.some(
      ([range, bits]) =>
        range.kind() === address.kind() &&
        address.match(range, bits) &&
        (!metadata || bits === (address.kind() === "ipv4" ? 32 : 128)),
    );
    if (metadata) return listed;
    return listed || byHostName || isGlobalUnicast(address);
  };

  const resolve = async (rawHost: string): Promise<ResolvedAddress> => {
    const host = normalizeHost(rawHost);
    // A socket path or an empty host is never an address on the network.
    if (!host || host.startsWith("/") || host.includes("%")) throw new OutboundRefused();
    let candidates: ResolvedAddress[];
    if (isIP(host)) {
      candidates = [{ address: host, family: isIP(host) as 4 | 6 }];
    } else {
      try {
        candidates = await resolver(host);
      } catch {
        // Unknown names are refused like forbidden ones: the answer tells nothing about the network.
        throw new OutboundRefused();
      }
    }
    const byHostName = !isIP(host) && hostAllowed(host);
    if (candidates.length === 0) throw new OutboundRefused();
    for (const candidate of candidates) {
      if (!ipaddr.isValid(candidate.address)) throw new OutboundRefused();
      if (!addressAllowed(unwrap(ipaddr.parse(candidate.address)), byHostName)) throw new OutboundRefused();
    }
    return candidates[0] as ResolvedAddress;
  };

  return { resolve };
}
