import { describe, expect, it } from "vitest";
import { DRAFTED_AS, draftedAs } from "./drafted-as.ts";
import { speaksOf } from "./states-asked.ts";

describe("draftedAs", () => {
  it("reads the clause's words for what a lawyer asks about", () => {
    expect(draftedAs("restriction", "consent")).toBe(true);
    expect(draftedAs("expire", "remain")).toBe(true);
    expect(draftedAs("revenue", "royalty")).toBe(true);
    expect(draftedAs("assignment", "transfer")).toBe(true);
    expect(draftedAs("audit", "inspection")).toBe(true);
    expect(draftedAs("diligence", "investigation")).toBe(true);
  });

  it("reads a lawyer's everyday words in the drafting's: calling, debts, taking on, unsold stock, a reason", () => {
    // "May the investor call the Company's customers …?" of "… shall not knowingly contact any … customer"
    expect(draftedAs("call", "contact")).toBe(true);
    expect(draftedAs("approach", "solicit")).toBe(true);
    // "Is the buyer taking on the seller's debts?" of "Buyer shall not assume any liabilities or obligations"
    expect(draftedAs("debt", "liabilities")).toBe(true);
    expect(draftedAs("taking", "assume")).toBe(true);
    // "What happens to the distributor's unsold stock?" of "… repurchase … Products in Distributor's inventory"
    expect(draftedAs("unsold", "inventory")).toBe(true);
    expect(draftedAs("stock", "inventory")).toBe(true);
    // "… terminate without a reason?" of "… terminate this Agreement, without cause"
    expect(draftedAs("reason", "cause")).toBe(true);
    // and not the other way, nor into unrelated words
    expect(draftedAs("contact", "call")).toBe(false);
    expect(draftedAs("debt", "payment")).toBe(false);
  });

  it("reads executives among officers and employees, poaching as soliciting, a penalty as a fee or premium", () => {
    // "Can the investor hire away the company's executives?" of "… solicit … any of the officers or employees"
    expect(draftedAs("executives", "officers")).toBe(true);
    expect(draftedAs("executive", "employees")).toBe(true);
    expect(draftedAs("poach", "solicit")).toBe(true);
    // "Is there a penalty if the borrower terminates early?" of "… a fee … payable on any termination …"
    expect(draftedAs("penalty", "fee")).toBe(true);
    expect(draftedAs("penalty", "premium")).toBe(true);
    // one way: an officer or a fee asked for is not an executive or a penalty
    expect(draftedAs("officer", "executive")).toBe(true);
    expect(draftedAs("fee", "penalty")).toBe(false);
    expect(draftedAs("executive", "chairman")).toBe(false);
  });

  it("reads lawyers as attorneys or counsel, firing as terminating, going bust as insolvency, a secret as confidential", () => {
    expect(draftedAs("lawyer", "attorneys")).toBe(true);
    // "sues", "sued" as "sue": a question says "if the recipient sues"
    expect(draftedAs("sues", "action")).toBe(true);
    expect(draftedAs("lawyers", "counsel")).toBe(true);
    expect(draftedAs("fired", "terminated")).toBe(true);
    expect(draftedAs("bankrupt", "insolvency")).toBe(true);
    expect(draftedAs("bust", "receiver")).toBe(true);
    expect(draftedAs("secret", "confidential")).toBe(true);
    expect(draftedAs("rival", "competing")).toBe(true);
    // one way, and not into neighbouring words
    expect(draftedAs("attorney", "lawyer")).toBe(false);
    expect(draftedAs("fired", "employment")).toBe(false);
    expect(draftedAs("confidential", "secret")).toBe(false);
    // a fire is no dismissal, and a party that broke the agreement is not insolvent
    expect(draftedAs("fire", "termination")).toBe(false);
    expect(draftedAs("broke", "insolvency")).toBe(false);
  });

  it("reads paying late as an overdue, delinquent or late amount", () => {
    // "What interest is charged on royalties paid late?" of "… interest on the overdue amount …"
    expect(draftedAs("late", "overdue")).toBe(true);
    expect(draftedAs("late", "delinquent")).toBe(true);
    expect(draftedAs("overdue", "late")).toBe(false);
  });

  it("reads how long an instrument stays in force as how long it remains valid or in effect", () => {
    // "How long does the NDA stay in force?" is answered by "shall remain valid for a period of three (3) years"
    expect(draftedAs("force", "valid")).toBe(true);
    expect(draftedAs("force", "remain")).toBe(true);
    expect(draftedAs("validity", "effect")).toBe(true);
    expect(draftedAs("force", "majeure")).toBe(false);
    // the seat or venue asked is stated as the courts or the arbitration a forum clause names
    expect(draftedAs("seat", "arbitration")).toBe(true);
    expect(draftedAs("venue", "courts")).toBe(true);
    expect(draftedAs("arbitration", "seat")).toBe(false);
    // "How long is the NDA in effect?" asks the same
    expect(draftedAs("effect", "valid")).toBe(true);
    expect(draftedAs("effective", "valid")).toBe(false);
    // one way: remaining does not ask for staying in force
    expect(draftedAs("remain", "force")).toBe(false);
    // a period alone is not staying in force: audit and survival clauses run "for a period of one year following"
    expect(draftedAs("force", "period")).toBe(false);
    expect(draftedAs("force", "year")).toBe(false);
  });

  it("reads one way: a drafting word does not ask for the provision it drafts", () => {
    expect(draftedAs("consent", "restriction")).toBe(false);
    expect(draftedAs("year", "expiration")).toBe(false);
    // "back" asks many things ("its materials back", "cutting back"): what comes back is read by `reinstated-first.ts`
    expect(draftedAs("back", "reinstated")).toBe(false);
  });

  it("leaves unrelated words and payment words apart", () => {
    expect(draftedAs("restriction", "royalty")).toBe(false);
    expect(draftedAs("fee", "payment")).toBe(false);
    expect(draftedAs("insurance", "law")).toBe(false);
  });

  it("reads insurance in insurance words, not in what a party maintains, carries or has a policy on", () => {
    expect(draftedAs("insurance", "insured")).toBe(true);
    expect(draftedAs("insurance", "coverage")).toBe(true);
    expect(draftedAs("insurance", "maintain")).toBe(false);
    expect(draftedAs("insurance", "carry")).toBe(false);
    expect(draftedAs("insurance", "policy")).toBe(false);
    expect(speaksOf("insurance", "maintain")).toBe(false);
  });

  it("holds only lower-case words and stems, each entry asking and drafting something", () => {
    for (const [asking, drafted] of DRAFTED_AS) {
      expect(asking.length).toBeGreaterThan(0);
      expect(drafted.length).toBeGreaterThan(0);
      for (const e of [...asking, ...drafted]) expect(e).toMatch(/^[a-z]+-?$/);
    }
  });
});

describe("states-asked reads the drafting words too", () => {
  it("takes a clause that drafts what is asked as stating it", () => {
    expect(speaksOf("minimum", "least")).toBe(true);
    expect(speaksOf("volume", "quantities")).toBe(true);
    expect(speaksOf("minimum", "insurance")).toBe(false);
  });
});

describe("hiring", () => {
  it("is drafted as hiring or recruiting, not as any employment", () => {
    expect(draftedAs("hiring", "recruit")).toBe(true);
    expect(draftedAs("hiring", "employment")).toBe(false);
  });
});
