import { describe, expect, it } from "vitest";
import type { EvidenceItem } from "./evidence.ts";
import { candidateSentences, type ScoredCandidate } from "./evidence-model.ts";
import {
  askedTopic,
  contextOfNamedProvision,
  isFaceSentence,
  speaksOf,
  statesAsked,
  statesTopic,
  wordsToState,
} from "./states-asked.ts";
import { evidenceItem } from "./test-support.ts";

const item = (text: string, role: EvidenceItem["role"] = "base_agreement"): EvidenceItem =>
  evidenceItem("d", text, { role });

/** Every sentence of one passage as a picked candidate. */
function sentences(text: string, role: EvidenceItem["role"] = "base_agreement"): ScoredCandidate[] {
  return candidateSentences([], [item(text, role)], () => text).map((c) => ({ ...c, p: 0.9 }));
}

const pick = (cs: ScoredCandidate[], starts: string) => cs.find((c) => c.text.startsWith(starts)) as ScoredCandidate;

describe("askedTopic", () => {
  it("keeps the provision asked about, not the frame of an existence question nor a hyphen's prefix", () => {
    const topic = askedTopic("Does the Acme Widgets NDA include a non-solicitation of employees?");
    expect(topic).toEqual(expect.arrayContaining(["solicitation", "employee"]));
    expect(topic).not.toContain("include");
    expect(topic).not.toContain("non");
  });

  it("leaves out the words that set the parties, not the provision", () => {
    expect(askedTopic("How long does the non-solicit between Vivint and Vivint Solar last now?")).not.toContain(
      "between",
    );
    expect(askedTopic("How long does the non-solicit between Vivint and Vivint Solar last now?")).toContain("solicit");
  });

  it("leaves out the words of a deal named by what it does, a party's purchase of a named business", () => {
    expect(askedTopic("Who bears the transfer taxes on Wag's purchase of the Clicks and Traffic business?")).toEqual([
      "bear",
      "transfer",
      "tax",
    ]);
    // not a purchase of something unnamed, nor a purchase asked about
    expect(askedTopic("Is Acme's purchase of additional units capped?")).toContain("purchase");
    expect(askedTopic("Is there a purchase price adjustment?")).toContain("purchase");
  });

  it("leaves out a preposition the topic runs on with", () => {
    expect(askedTopic("May the investor call the Company's customers or suppliers about the deal?")).not.toContain(
      "about",
    );
  });

  it("is empty when the ask names nothing but its frame", () => {
    expect(askedTopic("What happened under the amendment?")).toEqual([]);
  });

  it("leaves out the words that say what kind of instrument is named", () => {
    expect(askedTopic("Does Oracle's confidentiality agreement with Responsys include a standstill?")).toEqual([
      "standstill",
    ]);
    expect(askedTopic("Can Heritage assign the manufacturing agreement?")).toEqual(["assign"]);
    // a provision named after "of the" is asked about, not a description of the instrument
    expect(askedTopic("Is there a confidentiality clause in the agreement?")).toContain("confidentiality");
  });
});

describe("wordsToState", () => {
  it("asks a yes-or-no question about a named provision for that provision's words alone", () => {
    expect(wordsToState("Are disputes under the Acme agreement subject to arbitration?")).toEqual(["arbitration"]);
    expect(wordsToState("Under the Acme agreement: is there a right of first refusal?")).toEqual(["refusal"]);
  });

  it("keeps the whole topic for an open question, or when no provision is named", () => {
    expect(wordsToState("Which court hears disputes under the Acme agreement?")).toEqual(
      expect.arrayContaining(["court", "dispute"]),
    );
    expect(wordsToState("Is there a penalty for breach of the Acme NDA?")).toEqual(
      expect.arrayContaining(["penalty", "breach"]),
    );
  });
});

describe("speaksOf", () => {
  it("reads a word's family, a shared stem and the drafting equivalents", () => {
    expect(speaksOf("arbitration", "arbitrator")).toBe(true);
    expect(speaksOf("indemnity", "indemnification")).toBe(true);
    expect(speaksOf("govern", "laws")).toBe(true);
    expect(speaksOf("expire", "term")).toBe(true);
    expect(speaksOf("assign", "transfer")).toBe(true);
  });

  it("does not take a neighbouring provision for the one asked", () => {
    expect(speaksOf("arbitration", "dispute")).toBe(false);
    expect(speaksOf("arbitration", "court")).toBe(false);
    expect(speaksOf("expire", "terminat")).toBe(false);
    expect(speaksOf("audit", "insurance")).toBe(false);
    // nor the other side of the relation asked of: a shared stem of six letters is not enough
    expect(speaksOf("licensee", "licensor")).toBe(false);
    expect(speaksOf("franchisee", "franchisor")).toBe(false);
    expect(speaksOf("assignor", "assignee")).toBe(false);
    expect(speaksOf("guarantee", "guarantor")).toBe(true); // an instrument and its party, not two sides
  });
});

describe("statesTopic", () => {
  it('reads a party asked by its role as spoken of by a sentence that calls it "you" or "we"', () => {
    const text =
      "You must pay us a royalty of six percent of your Gross Revenues. We have the right to charge interest on any overdue amount. The Territory is the area shown in Exhibit A.";
    const [you, we, third] = sentences(text) as [ScoredCandidate, ScoredCandidate, ScoredCandidate];
    expect(statesTopic(["franchisee"], you)).toBe(true);
    expect(statesTopic(["franchisor"], we)).toBe(true);
    // a sentence in the third person speaks of the role only by its name
    expect(statesTopic(["franchisee"], third)).toBe(false);
    // a word that names no party is not met by a pronoun
    expect(statesTopic(["insurance"], you)).toBe(false);
    // nor a whole topic: every sentence of a letter has "you" or "we"
    expect(statesTopic(["franchisee", "insurance"], you)).toBe(false);
    // "US" is a country
    expect(
      statesTopic(["distributor"], sentences("Products shipped to the US are subject to duty.")[0] as ScoredCandidate),
    ).toBe(false);
  });
});

describe("isFaceSentence", () => {
  it("knows signature, title and party blocks and recitals", () => {
    expect(isFaceSentence("IN WITNESS WHEREOF, the parties have executed this Agreement.")).toBe(true);
    expect(isFaceSentence("By: /s/ Jane Roe Name: Jane Roe Title: Chief Executive Officer")).toBe(true);
    expect(isFaceSentence("Non Disclosure Agreement DATE: [ ] PARTIES: Acme Ltd")).toBe(true);
    expect(isFaceSentence("WHEREAS, the Company wishes to distribute the Products;")).toBe(true);
  });

  it("leaves an operative sentence alone", () => {
    expect(isFaceSentence("This Agreement is governed by the laws of the State of New York.")).toBe(false);
    expect(isFaceSentence("Notices shall be sent by email.")).toBe(false);
  });
});

describe("statesAsked", () => {
  const text = [
    "12. Governing Law. This Agreement is governed by the laws of the State of New York.",
    "13. The term of this Agreement is three years from the Effective Date.",
    "IN WITNESS WHEREOF, the parties have executed this Agreement as of the date first written above.",
    "By: /s/ Jane Roe Name: Jane Roe Title: President",
  ].join("\n\n");
  const cs = sentences(text);

  it("keeps a sentence that states the asked provision in other words", () => {
    const law = pick(cs, "This Agreement is governed");
    expect(statesAsked("Which law governs the Acme supply agreement?", [law])).toEqual([law]);
    const term = pick(cs, "The term");
    expect(statesAsked("When does the Acme supply agreement expire?", [term])).toEqual([term]);
  });

  it("silences a signature block cited for an arbitration question", () => {
    const signed = [pick(cs, "IN WITNESS"), pick(cs, "By:")];
    expect(statesAsked("Is there an arbitration clause in the Acme supply agreement?", signed)).toEqual([]);
  });

  it("drops the sentences that do not state the topic and keeps those that do", () => {
    const law = pick(cs, "This Agreement is governed");
    const term = pick(cs, "The term");
    expect(statesAsked("What law governs disputes under the Acme agreement?", [term, law])).toEqual([law]);
  });

  it("does not lend a face sentence the topic of its passage's heading", () => {
    const block =
      "Notices\n\nEach party shall send them to the address below.\n\nIN WITNESS WHEREOF, the parties have signed.";
    const passage = sentences(block);
    const [operative, face] = [pick(passage, "Each party"), pick(passage, "IN WITNESS")];
    expect(face.heading).toContain("notice");
    const q = "What must a notice under the Acme agreement contain?";
    expect(statesAsked(q, [operative, face])).toEqual([operative]);
  });

  it("does not take a clause on disputes for an arbitration clause", () => {
    const courts = sentences("Any dispute arising under this Agreement shall be heard by the courts of New York.");
    expect(statesAsked("Are disputes under the Acme agreement subject to arbitration?", courts)).toEqual([]);
    expect(statesAsked("Which court hears disputes under the Acme agreement?", courts)).toEqual(courts);
  });

  it("does not take a clause that mentions employees for a bar on soliciting them", () => {
    const q = "Is Acme barred under its reseller deal from soliciting Beta's employees?";
    expect(contextOfNamedProvision(q)).toContain("employee");
    const cs = sentences(
      "Acme shall not violate the anti-bribery laws, and will notify Beta if any of its officers or employees become officials. " +
        "During the term Acme shall not employ or hire any employee of Beta without consent.",
    );
    expect(statesAsked(q, [pick(cs, "Acme shall not violate")])).toEqual([]);
    expect(statesAsked(q, [pick(cs, "During the term")])).toHaveLength(1);
    // what the ask lists beside the named provision is that provision: a first negotiation right answers
    const rights = "Does Acme hold a first refusal right, or a first negotiation right, on new titles?";
    expect(contextOfNamedProvision(rights)).not.toContain("negotiation");
    const negotiation = sentences("Licensor shall give Licensee the first right of negotiation for each new title.");
    expect(statesAsked(rights, negotiation)).toHaveLength(1);
    // an open question keeps the drafting words: "employ" still speaks of soliciting there
    expect(contextOfNamedProvision("Which employees may Acme not solicit?")).toEqual([]);
  });

  it("keeps an operative amending clause, whose words need not repeat the provision it changes", () => {
    const amending = sentences("Section 4.2 of the Agreement is hereby deleted in its entirety.", "amendment");
    expect(statesAsked("What is the cure period for a material breach?", amending)).toEqual(amending);
  });

  it("keeps a definitions-list entry headed by the asked term on the line above it", () => {
    const list = sentences(
      "Definitions:\n\nSOFTWARE\n\nThe application that displays market data.\n\nNEWSWIRE\n\nThe proprietary digital data feed transmitted via satellite or land line.",
    );
    const entry = pick(list, "The proprietary");
    expect(entry.words.has("newswire")).toBe(false);
    expect(statesAsked("What is the NEWSWIRE in the Acme agreement?", [entry])).toEqual([entry]);
    // asked something else of the term, the entry is read by its words alone
    expect(statesAsked("Who may suspend the NEWSWIRE under the Acme agreement?", [entry])).toEqual([]);
  });

  it("passes every sentence when the question asks nothing beyond its frame", () => {
    const all = [pick(cs, "IN WITNESS"), pick(cs, "The term")];
    expect(statesAsked("What happened under the amendment?", all)).toEqual(all);
  });
});
