import { isIPv4, isIPv6 } from "node:net";

/**
 * True for a host name or address only this machine can reach: localhost, 127.0.0.0/8, ::1 (also
 * bracketed, as in URLs, and IPv4-mapped). 0.0.0.0 and :: listen on every address, so they are not.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (isIPv4(name)) return name.startsWith("127.");
  if (isIPv6(name)) {
    if (name === "::1" || name === "0:0:0:0:0:0:0:1") return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(name)?.[1];
    return mapped?.startsWith("127.") === true;
  }
  return false;
}

/**
 * True when nobody but this machine reaches the server: it listens on a loopback address and its
 * PUBLIC_URL, if set, names one too (a reverse proxy in front makes it reachable otherwise).
 */
export function reachableOnlyFromThisMachine(config: { HOST: string; PUBLIC_URL?: string }): boolean {
  return isLoopbackHost(config.HOST) && (!config.PUBLIC_URL || isLoopbackHost(new URL(config.PUBLIC_URL).hostname));
}
