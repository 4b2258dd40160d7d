import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger({ level: "info", destination }) };
}

describe("logger redaction", () => {
  it("never writes credentials or secret values", () => {
    const { lines, logger } = capture();
    logger.info(
      {
        headers: { authorization: "Bearer sentinel-auth", cookie: "stack-access=sentinel-cookie" },
        body: { password: "sentinel-password", refresh_token: "sentinel-refresh" },
        secret: { key: "API_KEY", value: "sentinel-value" },
      },
      "request",
    );
    const text = lines.join("");
    expect(text).toContain("request");
    expect(text).toContain("API_KEY");
    expect(text).not.toMatch(/sentinel-/);
  });
});
