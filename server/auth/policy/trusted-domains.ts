import { isIP } from "node:net";
import type { Project } from "../stores/projects.ts";

export function isLocalhost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "::1" ||
    (isIP(host) === 4 && host.startsWith("127."))
  );
}

/**
 * Why a trusted-domain entry cannot be used in production mode, or null when it can: it must be a
 * valid https URL that is neither localhost nor a bare IP address.
 */
export function productionDomainProblem(domain: string): string | null {
  let url: URL;
  try {
    url = new URL(domain.replace("**.", "wildcard-all.").replace("*.", "wildcard-one."));
  } catch {
    return "is not a valid URL";
  }
  if (url.protocol !== "https:") return "must use HTTPS";
  if (isLocalhost(url.hostname)) return "must not be localhost";
  if (isIP(url.hostname.replace(/^\[|\]$/g, ""))) return "must not be a bare IP address";
  return null;
}

/** `*.` matches one label, `**.` any number of labels (Stack's wildcard syntax). */
function hostMatches(pattern: string, host: string): boolean {
  const escaped = pattern
    .toLowerCase()
    .split(".")
    .map((part) => (part === "**" ? "[^/]+" : part === "*" ? "[^./]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("\\.");
  return new RegExp(`^${escaped}$`).test(host.toLowerCase());
}

function matchesDomain(domain: string, url: URL): boolean {
  const match = /^(https?):\/\/([^/:]+)(?::(\d+))?/i.exec(domain.trim());
  if (!match) return false;
  const [, protocol, hostPattern = "", port] = match;
  if (`${protocol?.toLowerCase()}:` !== url.protocol) return false;
  const defaultPort = url.protocol === "https:" ? "443" : "80";
  if ((port ?? defaultPort) !== (url.port || defaultPort)) return false;
  return hostMatches(hostPattern, url.hostname);
}

/**
 * Whether a redirect or callback URL may be used for the project. Relative URLs are resolved
 * against the server's own origin (the console's, PUBLIC_URL), which is always trusted without
 * being listed among the project's domains (in production mode only over HTTPS). Any other
 * localhost URL counts only outside production mode, with allow_localhost or as a listed domain.
 */
export function isTrustedUrl(project: Project, rawUrl: string, ownOrigin: string): boolean {
  let url: URL;
  try {
    url = new URL(rawUrl, ownOrigin);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  const own = url.origin === new URL(ownOrigin).origin;
  if (isLocalhost(url.hostname)) {
    if (project.isProductionMode) return false;
    // allow_localhost trusts every localhost URL; without it, a localhost domain the admin listed
    // still counts (as in Stack), and so does the console's own origin on a local instance (its
    // own sign-in links and redirects; until issue 37 it was listed in every seeded project's domains).
    return (
      own || project.config.allow_localhost || project.config.domains.some(({ domain }) => matchesDomain(domain, url))
    );
  }
  if (own && !(project.isProductionMode && url.protocol !== "https:")) return true;
  return project.config.domains.some(
    ({ domain }) => !(project.isProductionMode && productionDomainProblem(domain)) && matchesDomain(domain, url),
  );
}
