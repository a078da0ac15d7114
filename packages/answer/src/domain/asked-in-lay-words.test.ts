import { contentWords } from "@lexnav/retrieval";
import { describe, expect, it } from "vitest";
import { inKind } from "./answer-in-kind.ts";
import { answerInLayWords, inKindInLayWords, kindsAskedPlainly, statesTopicInLayWords } from "./asked-in-lay-words.ts";
import { BUILTIN_RELEVANCE } from "./evidence-decision.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

const EMBEDDER = "minilm";

const first = (text: string, over: Partial<ScoredCandidate> = {}): ScoredCandidate =>
  scoredSentence(evidenceItem("nda", text), text, { words: new Set(contentWords(text)), p: 0.3, ...over });

const silence = { cited: [] as ScoredCandidate[], probability: 0.33 };

describe("kindsAskedPlainly", () => {
  it("reads a yes-or-no question of an event as asking for a provision", () => {
    expect(kindsAskedPlainly("Does the supply agreement renew automatically?")).toEqual(["provision"]);
    expect(kindsAskedPlainly("Will the licence end on a change of control?")).toEqual(["provision"]);
  });

  it("reads no provision into a question of a state: a cap question asks for a cap, which a carve-out is not", () => {
    const q = "Is the supplier's liability to the customer capped?";
    expect(kindsAskedPlainly(q)).toEqual(["cap"]);
    const carveOut = first(
      "This limitation of liability will not apply for breach of confidentiality by the supplier.",
    );
    expect(answerInLayWords(q, silence, [carveOut], EMBEDDER, true)).toBe(silence);
    expect(inKind(q, carveOut)).toBe(false);
  });

  it("keeps the kinds `askedKinds` reads, and asks none of a what-question", () => {
    expect(kindsAskedPlainly("How long does the agreement run?")).toEqual(["period"]);
    expect(kindsAskedPlainly("What is the Territory under the distribution agreement?")).toEqual([]);
  });
});

describe("statesTopicInLayWords", () => {
  it("reads sharing information as disclosing it, and an adviser among the professional advisers", () => {
    const c = first(
      "The Recipient may disclose the Confidential Information to its officers and professional advisers.",
    );
    const q = "Can the recipient share the discloser's information with its advisers?";
    expect(inKind(q, c)).toBe(false);
    expect(statesTopicInLayWords(q, c)).toBe(true);
  });

  it("reads carrying insurance as holding it, with no verb the sentence must repeat", () => {
    const c = first("Supplier shall maintain product recall insurance with limits of $5,000,000 per policy year.");
    expect(inKindInLayWords("Does the supplier have to carry product recall insurance?", c)).toBe(true);
  });

  it("leaves out a verb of holding insurance only where the sentence names insurance itself", () => {
    const c = first("Customer will ensure that each of its websites contains a privacy policy in accordance with Law.");
    expect(inKindInLayWords("What insurance does the supplier have to carry?", c)).toBe(false);
    const d = first("Supplier shall maintain commercial general liability insurance of $1,000,000 per occurrence.");
    expect(inKindInLayWords("What insurance does the supplier have to carry?", d)).toBe(true);
  });

  it("still asks for every other word of the topic", () => {
    // the sentence keeps information from third parties, it does not let the recipient share it with advisers
    const c = first("The Recipient shall not disclose the Confidential Information to any third party.");
    expect(statesTopicInLayWords("Can the recipient share the information with its advisers?", c)).toBe(false);
    // a policy of automobile liability is no fidelity bond
    const d = first("Supplier shall maintain automobile liability insurance of $1,000,000.");
    expect(inKindInLayWords("What fidelity bond must the supplier carry?", d)).toBe(false);
  });

  it("reads a lay word in its sense only: carrying goods is no insurance", () => {
    const d = first("The Seller shall deliver the Products to the Buyer's warehouse.");
    expect(statesTopicInLayWords("Who has to carry the goods to the warehouse?", d)).toBe(false);
  });

  it("reads walking away as terminating, and a maker's verb in an ownership question as describing the work", () => {
    const t = first("Either party may terminate this Agreement for convenience upon thirty days' written notice.");
    expect(inKindInLayWords("Can either party walk away from the agreement?", t)).toBe(true);
    const o = first("Customer will own exclusively all Work Product and Supplier hereby assigns all right in it.");
    expect(inKindInLayWords("Who owns the work product the supplier creates?", o)).toBe(true);
  });

  it("reads hiring people away, whom a party met in the talks, as soliciting them for employment", () => {
    const c = first(
      "For eighteen months, the Investor will not solicit for employment any of the officers or employees of the Company with whom the Investor had contact during the discussions.",
    );
    expect(inKindInLayWords("Can the investor hire away the company's executives it meets in the talks?", c)).toBe(
      true,
    );
    expect(inKindInLayWords("Can the investor recruit the company's employees it met during the talks?", c)).toBe(true);
    // walking away from the talks is leaving them, not hiring anyone
    expect(statesTopicInLayWords("Can the investor walk away from the talks with the company's executives?", c)).toBe(
      false,
    );
    // the talks must still be spoken of
    const d = first("The Investor will not solicit for employment any of the officers or employees of the Company.");
    expect(statesTopicInLayWords("Can the investor recruit the company's employees it met during the talks?", d)).toBe(
      false,
    );
  });

  it("reads who pays the lawyers as legal fees, and when a release kicks in as when it takes effect", () => {
    const fees = first(
      "In any action arising out of a breach of this Agreement, the prevailing party shall be entitled to recover its reasonable attorneys' fees from the other party.",
    );
    expect(inKindInLayWords("Who pays the lawyers if a party sues over a breach?", fees)).toBe(true);
    const release = first("The releases in this Section 4 shall become effective on the Closing Date.");
    expect(statesTopicInLayWords("When do the releases kick in?", release)).toBe(true);
    // "in" and "kick" are read so only together
    expect(statesTopicInLayWords("Who has to kick the ball?", release)).toBe(false);
  });

  it("reads signing off as approving, buying out as purchasing, paying back as repaying, up front as on signing", () => {
    const consent = first(
      "No Subcontractor may be engaged by the Supplier without the prior written approval of the Customer.",
    );
    expect(statesTopicInLayWords("Does the customer have to sign off on subcontractors?", consent)).toBe(true);
    const buyout = first(
      "The Company shall have the option to purchase all of the Member's Units at Fair Market Value.",
    );
    expect(statesTopicInLayWords("Can the company buy the member out?", buyout)).toBe(true);
    const repay = first("The Licensee shall repay any overpayment of Royalties within thirty days.");
    expect(statesTopicInLayWords("When must the licensee pay the royalties back?", repay)).toBe(true);
    const upfront = first("The Licensee shall pay an initial fee of $250,000 on the Effective Date.");
    expect(statesTopicInLayWords("What fee does the licensee pay up front?", upfront)).toBe(true);
    // paying royalties is not paying them back, and one who signs buys nothing
    const pays = first("The Licensee shall pay the Royalties within thirty days after each calendar quarter.");
    expect(statesTopicInLayWords("When must the licensee pay the royalties back?", pays)).toBe(false);
    expect(statesTopicInLayWords("Who signs the purchase order?", buyout)).toBe(false);
  });

  it("reads the everyday words of employment, partnership and cost questions in the drafting's", () => {
    const cases: [string, string][] = [
      [
        "Who is on the hook if the contractor damages the premises?",
        "Contractor shall be liable for any damage to the Premises.",
      ],
      [
        "Can the company pull the plug on the agreement?",
        "The Company may terminate this Agreement on sixty days' notice.",
      ],
      ["Who foots the bill for the audit?", "The costs of the audit shall be borne by the Licensee."],
      [
        "Can the executive badmouth the company?",
        "Executive shall not make any disparaging statements about the Company.",
      ],
      ["How much of a heads-up must the landlord give?", "Landlord shall give Tenant at least 24 hours' notice."],
      [
        "Can the executive moonlight?",
        "Executive shall not engage in any other employment without the Company's consent.",
      ],
      [
        "Can a limited partner cash out of the partnership?",
        "No Limited Partner may withdraw its capital from the Partnership.",
      ],
      [
        "Can the general partner be kicked out?",
        "The General Partner may be removed by a vote of two-thirds in Interest.",
      ],
      [
        "Does the investor get to sit on the board?",
        "The Investor shall be entitled to designate one director to the Board.",
      ],
      ["Can the company claw the bonus back?", "The Company may recoup any bonus paid on results later restated."],
    ];
    for (const [q, text] of cases) expect([q, statesTopicInLayWords(q, first(text))]).toEqual([q, true]);
    // and a question of who carries them asks for the duty that says so
    const audit = "Who foots the bill for the audit?";
    expect(inKindInLayWords(audit, first("The costs of the audit shall be borne by the Licensee."))).toBe(true);
    const hook = "Who is on the hook if the contractor damages the premises?";
    expect(inKindInLayWords(hook, first("Contractor shall be liable for any damage to the Premises."))).toBe(true);
    // and not where the rest of the question gives the word its plain sense
    const bill = first("The Supplier shall bill the Customer monthly in arrears.");
    expect(statesTopicInLayWords("When does the supplier send the bill for the audit?", bill)).toBe(false);
    const board = first("The Investor shall be entitled to designate one director to the Board.");
    expect(statesTopicInLayWords("Does the investor get to sit in on management meetings?", board)).toBe(false);
  });

  it("reads asking for a thing back as requesting its return", () => {
    const q = "If the discloser asks for its materials back, how long does the recipient have?";
    const text =
      "Recipient will return all tangible materials to Discloser within 30 days after Discloser's written request.";
    expect(statesTopicInLayWords(q, first(text))).toBe(true);
    // a party that comes back to the table asks for nothing back
    expect(statesTopicInLayWords("Can the discloser come back to the talks later?", first(text))).toBe(false);
  });

  it("reads a yes-or-no question of renewal against a term that ends unless extended", () => {
    const c = first(
      "This Agreement shall terminate automatically on December 31, 2022, unless the parties agree to extend it.",
    );
    expect(inKindInLayWords("Does the manufacturing agreement renew automatically?", c)).toBe(true);
  });

  it("asks for something named: a question of lay words alone is not met by them", () => {
    const c = first("The Recipient may keep one archival copy.");
    expect(statesTopicInLayWords("Does it have to keep insurance?", c)).toBe(false);
  });
});

describe("answerInLayWords", () => {
  const c = first("The Recipient may disclose the Confidential Information to its officers and professional advisers.");
  const q = "Can the recipient share the discloser's information with its advisers?";

  it("cites the first sentence of a silence, with the decision's probability", () => {
    const out = answerInLayWords(q, silence, [c], EMBEDDER, true);
    expect(out.cited).toEqual([c]);
    expect(out.probability).toBe(0.33);
  });

  it("returns a decision that cites, and any decision under the built-in relevance, unchanged", () => {
    const cited = { cited: [first("Another sentence.")], probability: 0.6 };
    expect(answerInLayWords(q, cited, [c], EMBEDDER, true)).toBe(cited);
    expect(answerInLayWords(q, silence, [c], BUILTIN_RELEVANCE, true)).toBe(silence);
    expect(answerInLayWords(q, silence, [], EMBEDDER, true)).toBe(silence);
  });

  it("stays silent for a question that names parties no deal of the documents was found for", () => {
    const named = "Can Acme share Zenith's confidential information with its advisers?";
    expect(inKindInLayWords(named, c)).toBe(true);
    expect(answerInLayWords(named, silence, [c], EMBEDDER, false)).toBe(silence);
    expect(answerInLayWords(named, silence, [c], EMBEDDER, true).cited).toEqual([c]);
    expect(answerInLayWords(q, silence, [c], EMBEDDER, false).cited).toEqual([c]);
  });

  it("reads on below the first sentence only for one met through a lay word's drafting words", () => {
    const hire = "Can the investor hire away the company's executives it meets in the talks?";
    const standstill = first(
      "Investor will not acquire any securities of the Company during the discussions without its consent.",
    );
    const solicit = first(
      "For a period of eighteen months, Investor will not solicit for employment any officer or employee of the Company with whom it had contact during the discussions.",
    );
    expect(answerInLayWords(hire, silence, [standstill, solicit], EMBEDDER, true).cited).toEqual([solicit]);
    // a sentence that states the kind in the question's own words is read in the first place only
    const share = first("The Recipient may share the discloser's information with its advisers.");
    expect(answerInLayWords(q, silence, [standstill, share], EMBEDDER, true)).toBe(silence);
    // and no further down than the window
    const deeper = [standstill, standstill, standstill, solicit];
    expect(answerInLayWords(hire, silence, deeper, EMBEDDER, true)).toBe(silence);
  });

  it("stays silent on a recital and a lead-in", () => {
    expect(inKindInLayWords(q, first("WHEREAS, the Recipient may disclose information to its advisers;"))).toBe(false);
    expect(inKindInLayWords(q, first("The Recipient may disclose information to its advisers as follows:"))).toBe(
      false,
    );
  });

  it("reads a long hostile question and sentence in linear time", () => {
    const text = `${"share [ * * information ".repeat(20_000)} shall`;
    const started = performance.now();
    expect(inKindInLayWords(`Can the recipient ${"share the information ".repeat(500)}?`, first(text))).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
