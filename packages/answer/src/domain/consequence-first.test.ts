import { describe, expect, it } from "vitest";
import { askedEvent, conditionedOn, consequenceFirst } from "./consequence-first.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

const item = evidenceItem("d", "x".repeat(4000));
const sentence = (text: string, p: number, at: number): ScoredCandidate => scoredSentence(item, text, { p, at });

describe("askedEvent", () => {
  it("reads the event a question asks the consequences of, without the instrument it names", () => {
    expect(askedEvent("What happens on a change of control?")).toEqual(["change", "control"]);
    expect(
      askedEvent("What are the consequences of a change of control in the licence agreement with Acme, Inc.?"),
    ).toEqual(["change", "control"]);
    expect(
      askedEvent("Consider the SUPPLY AGREEMENT between Acme, Inc., Widget Co.; What happens on insolvency?"),
    ).toEqual(["insolvency"]);
  });

  it("reads nothing from a question that asks no consequence", () => {
    expect(askedEvent("What is a change of control?")).toEqual([]);
    expect(askedEvent("When does this contract expire?")).toEqual([]);
  });
});

describe("conditionedOn", () => {
  const event = ["change", "control"];
  it("knows a provision conditioned on the event from its definition and from a sentence that only names it", () => {
    expect(
      conditionedOn("In the event that Licensee experiences a Change of Control, Licensor may terminate.", event),
    ).toBe(true);
    expect(conditionedOn('"Change of Control" means the sale of all or substantially all of its assets;', event)).toBe(
      false,
    );
    expect(conditionedOn("Licensee shall notify Licensor of any change in its control systems.", event)).toBe(false);
  });
});

describe("consequenceFirst", () => {
  const definition = sentence('"Change of Control" means the sale of all or substantially all of its assets;', 0.47, 0);
  const item2 = sentence("(b) any merger or consolidation of Licensee with another Person;", 0.32, 100);
  const effect = sentence(
    "If Licensee undergoes a Change of Control, it shall divest the Competitive Product.",
    0.29,
    200,
  );

  it("puts the sentence conditioned on the event first, each slot keeping its probability", () => {
    const out = consequenceFirst("What happens on a change of control?", [definition, item2, effect]);
    expect(out.map((c) => c.start)).toEqual([200, 0, 100]);
    expect(out.map((c) => c.p)).toEqual([0.47, 0.32, 0.29]);
  });

  it("leaves the order alone when the question asks no consequence or no sentence is conditioned on it", () => {
    expect(consequenceFirst("What is a change of control?", [definition, effect])).toEqual([definition, effect]);
    expect(consequenceFirst("What happens on a change of control?", [definition, item2])).toEqual([definition, item2]);
  });

  it("reads a quarter megabyte of condition words without rescanning the text from each", () => {
    const text = "if on upon ".repeat((1 << 18) / 11);
    expect(conditionedOn(text, ["control"])).toBe(false);
  });
});
