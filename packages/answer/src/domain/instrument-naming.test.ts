import { describe, expect, it } from "vitest";
import { plainAsk } from "./evidence-model.ts";
import { asNamedContract } from "./instrument-naming.ts";
import { askedTopic } from "./states-asked.ts";

describe("asNamedContract", () => {
  it("reads an instrument named by kind and counterparty as 'this contract'", () => {
    expect(asNamedContract("What is the expiration date of the supply agreement with Acme Products LLC?")).toBe(
      "What is the expiration date of this contract?",
    );
    expect(
      asNamedContract("Can the license and reseller agreement with EHAVE, INC. be assigned without consent?"),
    ).toBe("Can this contract be assigned without consent?");
    expect(
      asNamedContract("May a party terminate the distributor agreement with iMine Corporation without cause?"),
    ).toBe("May a party terminate this contract without cause?");
    expect(
      asNamedContract(
        "Is a party restricted from competing in the exclusive license and product development agreement with Eton Pharmaceuticals, Inc.?",
      ),
    ).toBe("Is a party restricted from competing in this contract?");
  });

  it("keeps a name of several words joined by connectors whole", () => {
    expect(
      asNamedContract(
        "Who owns the IP under the joint development agreement with ExxonMobil Research and Engineering Company?",
      ),
    ).toBe("Who owns the IP under this contract?");
  });

  it("reads as asked a question naming no counterparty, one named in a leading part, and 'with' that names none", () => {
    for (const q of [
      "Which law governs the supply agreement?",
      "Can Acme assign the distribution agreement without consent?",
      "Under the supply agreement with Acme Products LLC: which law governs?",
      "Can the licensee assign the license agreement with consent?",
      "Is liability capped under the agreement with respect to Indemnified Claims?",
      "Is the notice given with the consent of Acme?",
    ])
      expect(asNamedContract(q)).toBe(q);
  });

  it("reads a long run of words in linear time and leaves it as asked", () => {
    const long = `What does the ${"very ".repeat(5000)}agreement with ${"Acme ".repeat(5000)}say?`;
    const started = performance.now();
    expect(asNamedContract(long)).toBe(long);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("the ask read without the instrument's naming", () => {
  it("keeps no word of the kind or of the counterparty's name, terms contracts capitalise included", () => {
    const plain = plainAsk(
      "Can the master supply agreement with Acme Consumer Products LLC be assigned without consent?",
    );
    expect(plain).not.toMatch(/Products|supply|Acme/);
    expect(plain).toMatch(/assigned without consent/);
    expect(askedTopic("What is the governing law of the turn - key manufacturing agreement with Zenith Ltd.?")).toEqual(
      ["govern", "law"],
    );
  });

  it("reads a lawyer's frame words as frame: the consequences of, the arrangement, given", () => {
    expect(
      askedTopic("What are the consequences of a change of control in the supply agreement with Acme Inc.?"),
    ).toEqual(["change", "control"]);
    expect(askedTopic("Is the arrangement exclusive in the distributor agreement with Acme Inc.?")).toEqual([
      "exclusive",
    ]);
    expect(askedTopic("How much notice must be given to prevent renewal of the lease with Acme Inc.?")).toEqual([
      "notice",
      "prevent",
      "renewal",
    ]);
  });
});
