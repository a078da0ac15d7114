import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("the answer service's configuration", () => {
  it("listens on loopback, trusting the request's principal, in plaintext, unless told otherwise", () => {
    const c = loadConfig({});
    expect(c.answerAddress).toBe("127.0.0.1:50051");
    expect(c.answerCallersPath).toBeUndefined();
    expect(c.answerTls).toBeUndefined();
  });

  it("takes a callers file, and a TLS certificate only with its key", () => {
    const c = loadConfig({
      LEXNAV_ANSWER_CALLERS: "/etc/lexnav/callers.json",
      LEXNAV_ANSWER_TLS_CERT: "/etc/lexnav/tls.crt",
      LEXNAV_ANSWER_TLS_KEY: "/etc/lexnav/tls.key",
    });
    expect(c.answerCallersPath).toBe("/etc/lexnav/callers.json");
    expect(c.answerTls).toEqual({ certPath: "/etc/lexnav/tls.crt", keyPath: "/etc/lexnav/tls.key" });
    expect(() => loadConfig({ LEXNAV_ANSWER_TLS_CERT: "/etc/lexnav/tls.crt" })).toThrow(
      /set both LEXNAV_ANSWER_TLS_CERT and LEXNAV_ANSWER_TLS_KEY, or neither/,
    );
  });
});
