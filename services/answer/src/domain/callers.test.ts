import { describe, expect, it } from "vitest";
import { refusalOf } from "../../../../test/support/refusal.ts";
import { parseCallers, reloadableCallers, tokenKey } from "./callers.ts";

const FILE = JSON.stringify({
  [tokenKey("ann-secret")]: { id: "ann", groups: ["deals"] },
  [tokenKey("bob-secret")]: { id: "bob", groups: ["board"] },
});

describe("the answer service's callers", () => {
  const callers = parseCallers(FILE);

  it("answers a call as the caller its token names, with that caller's groups, whatever it claims", () => {
    expect(callers.principalFor("Bearer ann-secret", undefined)).toEqual({ id: "ann", groups: ["deals"] });
    // claiming its own id with more groups gets the caller's groups only
    expect(callers.principalFor("bearer ann-secret", { id: "ann", groups: ["deals", "board"] })).toEqual({
      id: "ann",
      groups: ["deals"],
    });
  });

  it("refuses a call without a known token, and a token asking as someone else", () => {
    expect(refusalOf(() => callers.principalFor(undefined, undefined)).code).toBe("unauthenticated");
    expect(refusalOf(() => callers.principalFor("Bearer guess", undefined)).code).toBe("unauthenticated");
    expect(refusalOf(() => callers.principalFor("ann-secret", undefined)).code).toBe("unauthenticated");
    const other = refusalOf(() => callers.principalFor("Bearer bob-secret", { id: "ann", groups: ["deals"] }));
    expect(other.code).toBe("permission_denied");
    expect(other.message).toBe("this token asks as bob; it cannot ask as ann");
  });

  it("keeps no token in the file and says what is wrong with a bad one", () => {
    expect(FILE).not.toContain("ann-secret");
    expect(refusalOf(() => parseCallers("{")).message).toMatch(/not JSON/);
    expect(refusalOf(() => parseCallers(JSON.stringify({ "ann-secret": { id: "ann", groups: [] } }))).message).toMatch(
      /not the sha256 hex of a token/,
    );
    expect(refusalOf(() => parseCallers(JSON.stringify({ [tokenKey("x")]: { id: "x" } }))).message).toMatch(
      /needs an id and a list of groups/,
    );
  });

  it("reads the file again on reload: a new caller is known, a revoked token refused, a broken file changes nothing", () => {
    let file = FILE;
    const live = reloadableCallers(() => file);
    expect(live.principalFor("Bearer ann-secret", undefined).id).toBe("ann");
    file = JSON.stringify({ [tokenKey("cy-secret")]: { id: "cy", groups: ["deals"] } });
    // read at reload only
    expect(live.principalFor("Bearer ann-secret", undefined).id).toBe("ann");
    live.reload();
    expect(live.principalFor("Bearer cy-secret", undefined)).toEqual({ id: "cy", groups: ["deals"] });
    expect(refusalOf(() => live.principalFor("Bearer ann-secret", undefined)).code).toBe("unauthenticated");
    file = "{ half written";
    expect(refusalOf(() => live.reload()).message).toMatch(/not JSON/);
    expect(live.principalFor("Bearer cy-secret", undefined).id).toBe("cy");
    expect(refusalOf(() => live.principalFor("Bearer ann-secret", undefined)).code).toBe("unauthenticated");
  });
});
