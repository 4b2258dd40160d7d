import { describe, expect, it } from "vitest";
import { defaultConfig, type Project } from "../stores/projects.ts";
import { isLocalhost, isTrustedUrl, productionDomainProblem } from "./trusted-domains.ts";

function project(domains: string[], options: { production?: boolean; allowLocalhost?: boolean } = {}): Project {
  return {
    id: "p",
    displayName: "P",
    isProductionMode: options.production ?? false,
    config: defaultConfig({
      allow_localhost: options.allowLocalhost ?? true,
      oauth_providers: [],
      domains: domains.map((domain) => ({ domain, handler_path: "/handler" })),
    }),
  };
}

const own = "https://console.example.com";

describe("trusted domains", () => {
  it("knows the forms of localhost", () => {
    for (const host of ["localhost", "app.localhost", "127.0.0.1", "127.1.2.3", "[::1]"])
      expect(isLocalhost(host)).toBe(true);
    for (const host of ["example.com", "10.0.0.1", "localhost.example.com"]) expect(isLocalhost(host)).toBe(false);
  });

  it("trusts the own origin, relative URLs and listed domains with their wildcards", () => {
    const p = project(["https://app.example.org", "https://*.preview.example.org", "https://**.deep.example.org"]);
    expect(isTrustedUrl(p, "/handler/x", own)).toBe(true);
    expect(isTrustedUrl(p, `${own}/handler/x`, own)).toBe(true);
    expect(isTrustedUrl(p, "https://app.example.org/cb?x=1", own)).toBe(true);
    expect(isTrustedUrl(p, "http://app.example.org/cb", own)).toBe(false);
    expect(isTrustedUrl(p, "https://app.example.org:8443/cb", own)).toBe(false);
    expect(isTrustedUrl(p, "https://pr-1.preview.example.org/cb", own)).toBe(true);
    expect(isTrustedUrl(p, "https://a.b.preview.example.org/cb", own)).toBe(false);
    expect(isTrustedUrl(p, "https://a.b.deep.example.org/cb", own)).toBe(true);
    expect(isTrustedUrl(p, "https://evil.example/cb", own)).toBe(false);
    expect(isTrustedUrl(p, "https://app.example.org.evil.example/cb", own)).toBe(false);
    expect(isTrustedUrl(p, "javascript:alert(1)", own)).toBe(false);
  });

  it("accepts localhost only with allow_localhost and outside production mode", () => {
    expect(isTrustedUrl(project([]), "http://localhost:5173/cb", own)).toBe(true);
    expect(isTrustedUrl(project([], { allowLocalhost: false }), "http://localhost:5173/cb", own)).toBe(false);
    // A listed localhost domain counts without allow_localhost (Stack's exact-domain tests), only that one.
    const listed = project(["http://stack-test.localhost"], { allowLocalhost: false });
    expect(isTrustedUrl(listed, "http://stack-test.localhost/some-callback-url", own)).toBe(true);
    expect(isTrustedUrl(listed, "http://other.localhost/some-callback-url", own)).toBe(false);
    expect(
      isTrustedUrl(
        project(["http://stack-test.localhost"], { production: true }),
        "http://stack-test.localhost/cb",
        own,
      ),
    ).toBe(false);
    expect(isTrustedUrl(project([], { production: true }), "http://localhost:5173/cb", own)).toBe(false);
  });

  it("trusts a local console's own origin without allow_localhost and unlisted, never in production mode", () => {
    const local = "http://localhost:3000";
    const closed = project([], { allowLocalhost: false });
    expect(isTrustedUrl(closed, "http://localhost:3000/handler/magic-link-callback", local)).toBe(true);
    expect(isTrustedUrl(closed, "/handler/oauth-callback", local)).toBe(true);
    expect(isTrustedUrl(closed, "http://localhost:3001/cb", local)).toBe(false);
    expect(isTrustedUrl(closed, "http://127.0.0.1:3000/cb", local)).toBe(false);
    expect(isTrustedUrl(project([], { production: true }), "http://localhost:3000/cb", local)).toBe(false);
  });

  it("ignores domains production mode cannot use", () => {
    expect(productionDomainProblem("http://app.example.org")).toBe("must use HTTPS");
    expect(productionDomainProblem("https://localhost")).toBe("must not be localhost");
    expect(productionDomainProblem("https://10.1.2.3")).toBe("must not be a bare IP address");
    expect(productionDomainProblem("https://*.example.org")).toBeNull();
    const p = project(["http://app.example.org", "https://10.1.2.3"], { production: true });
    expect(isTrustedUrl(p, "http://app.example.org/cb", "http://own.example")).toBe(false);
    expect(isTrustedUrl(p, "https://10.1.2.3/cb", "http://own.example")).toBe(false);
    expect(isTrustedUrl(p, "http://own.example/cb", "http://own.example")).toBe(false);
  });
});
