/**
 * The message-tune half: 27 questions of the tuning halves that lexnav answered on gold, asked again as a
 * lawyer types them into a message (2026-12-07): shorthand ("agmt", "info", "w/", "mfg"), no question mark,
 * lower case, a lead-in ("quick q -", "MEB NDA terminated -"), the other spelling ("advisors"), everyday phrases
 * ("if they ask for their materials back", "auto-renew", "late fee"). Each keeps its original's deal, type,
 * scope, reference answer and gold snippets, so nothing is typed twice. 22 were written before lexnav was run on
 * them; the 5 marked `seen` were tried by hand first, and the rules of `shorthand.ts` were written on them.
 * A tuning half: read its rows as much as you like.
 *
 *   pnpm exec tsx test/bench/natural/message-tune.ts   # writes message-tune.json, message-tune2.json, message-tune3.json
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/** Original id → the question as typed in a message. */
const REWORDED: ReadonlyArray<readonly [string, string, "seen"?]> = [
  ["fr-bioamber-06", "quick q - what counts as an Improvement under the Cargill dev agreement?"],
  ["fr-bioamber-09", "BioAmber development agmt: which provisions survive once it ends?"],
  ["f2-tilt-01", "By when does the White Haven property sale have to close now?"],
  ["f2-tilt-07", "which law governs amendment no. 4 to the promissory note"],
  ["f2-careview-01", "CareView replacement notes - maturity date?"],
  ["f2-careview-02", "Do CareView's new secured convertible notes pay interest?"],
  ["df-vapotherm-02", "Under the Vapotherm/Medica mfg agreement, what's a Renewal Term?"],
  ["df-vapotherm-03", "what counts as a recall under vapotherm's supply agreement w/ medica"],
  ["ft-happiness-04", "How long has DMG Tech got to fix a material breach before Happiness can terminate?"],
  ["ft-cbl-05", "Is Khaleel allowed to assign her consulting agmt?"],
  ["ft-cbl-01", "What cash severance is Farzana Khaleel getting when she leaves CBL?"],
  ["ft-immersion-01", "Eric Singer's base salary as CEO?"],
  ["am-alkami-01", "When does the current renewal term of the CO-OP bill pay reseller agreement with Alkami end?"],
  ["am-masonite-01", "Masonite/EPI purchase agreement — what's the outside date for termination now?"],
  ["nt-bellring-02", "where do we have to sue under the Stremick's mfg agreement?"],
  ["nt-kubient-03", "How much notice to terminate the Kubient MSA once the initial term is over?"],
  ["nt-anton-02", "If we breach the Anton Paar confidentiality agreement, is there a contractual penalty?"],
  ["nt-scansource-02", "governing law - Cisco/ScanSource distributor agreement?"],
  ["tu-kubient-05", "What's the split on programmatic revenue once it's above the threshold?"],
  ["tu-nda-urban-02", "MEB NDA terminated - what happens to the confidential materials?"],
  ["tu-bellring-17", "Does the Premier/Heritage agreement auto-renew?"],
  ["tu-pcquote-05", "Is there a late fee on PC Quote invoices?"],
  ["tu-nda-urban-01", "Urban Wind Turbines NDA: can the recipient share info with its advisors?", "seen"],
  ["tu-nda-antonpaar-02", "Anton Paar NDA — if they ask for their materials back, how long do we have?", "seen"],
  ["tu-kubient-04", "can AP get out of the Kubient MSA during year one", "seen"],
  [
    "tu-bellring-07",
    "We're Heritage. Where can we make Premier's products now that the bottle amendment is signed?",
    "seen",
  ],
  ["tu-bellring-10", "Heritage plant hit by force majeure: does the other plant need to cover the volume?", "seen"],
];

/**
 * message-tune2 (2026-12-07, stop 60): 35 more, every one written before lexnav was run on it, on questions of
 * other deals, among them the halves message-tune did not draw on (def2, fact2, fact3). The same habits and a few
 * more: "pls" / "thx", a greeting, a question asked as a labelled list ("(a) … (b) …"), a typo, "who eats the cost",
 * "poach", "revolver", "APA", lettered shorthand (SPA, NDA, agmt, mfg).
 */
const REWORDED_2: ReadonlyArray<readonly [string, string]> = [
  ["tu-bird-01", "did amendment 8 release the parent pledge on the Bird loan, or is it still in place?"],
  ["df-streeterville-01", "streeterville note - how is the Purchase Price Date defind?"],
  ["f2-adma-02", "ADMA mfg agreement as amended by #3: what's the damages cap now?"],
  ["fr-cerus-05", "If Porex kicks off non-production work before the work order is signed, who eats the cost?"],
  ["f2-careview-03", "conversion price on the CareView replacement notes pls"],
  ["f2-fleet-06", "Columbia supply deal - delivery terms, and when does risk of loss pass?"],
  ["f2-milacron-02", "Milacron revolver: current maturity date, and is there an extension option?"],
  ["ft-xius-03", "how long is the XIUS NDA in effect for"],
  ["ft-happiness-06", "governing law for (a) the investors' SPA and (b) the DMG collaboration agmt?"],
  ["df-vapotherm-01", "what Costs does Medica have to keep records of under the vapotherm cartridge supply agmt"],
  ["tu-tribute-03", "How are the agents paid on the Tribute offering - what options do they get?"],
  [
    "am-masonite-04",
    "Other than what it lists, does Amendment 1 change anything else in the EPI securities purchase agreement?",
  ],
  ["nt-tribute-01", "what's Tribute's authorized share capital (common)?"],
  ["ft-fision-02", "Director wants to sue Fision - which courts, and which governing law?"],
  ["f2t-sun-03", "Can InSite poach Sun Pharma people it met in the discussions?"],
  ["ft-immersion-03", "seat of arbitration under the severance agmt?"],
  ["fr-dbt-05", "DBT NDA: is a bond required for injunctive relief?"],
  ["fr-neon-06", "when does NEON's option to acquire Peregrine/Bridge become exercisable"],
  ["tu-cardlytics-03", "term of the BofA / Cardlytics software license?"],
  ["d2-zogenix-01", "what product does Nippon Shinyaku distribute under the Zogenix deal"],
  ["ft-fuse-03", "what are the distributor's payment terms on the supplier's invoices?"],
  ["f3t-staar-02", "If the distributor terminates the STAAR agreement, is it then free to sell competing products?"],
  ["df-onemednet-01", "OneMedNet data license - definition of Query?"],
  [
    "tu-scansource-08",
    "Cisco can terminate the ScanSource agreement immediately for breach of Sec. 19.0. What does 19.0 cover?",
  ],
  ["nt-pizza-02", "late royalty payments - what interest can Pizza Fusion charge the franchisee?"],
  ["nt-packeteer-05", "governing law of the Packeteer/Blue Coat NDA"],
  ["df-euncl-01", "Does the EUNCL NDA cover info disclosed orally?"],
  ["f3t-wag-02", "Wag / Clicks and Traffic APA - how long is the seller's non-compete after closing?"],
  ["tu-pcquote-07", "AB Watley co-branding agreement - governing law?"],
  ["d2-antares-01", "what's the drug in the AMAG auto-injector Antares makes"],
  ["df-reeds-02", "Reed's / Full Sail development deal: what counts as Work Product?"],
  ["tu-kubient-02", "Kubient/AP: any non-solicit of Kubient employees? and how long does confidentiality last?"],
  ["d2-harpoon-02", "hi - under Harpoon/AbbVie, when does the first calendar year start and end? thx"],
  ["f2-intel-03", "How long after disclosing something can the discloser still sue for breach?"],
  ["tu-azul-02", "did anything change the price adjustment clause in exhibit 14 of the azul/atr GMA?"],
];

/**
 * message-tune3 (2026-12-07, stop 60): 23 more, written before lexnav was run on them, on questions no other message
 * half drew on, with habits of an email rather than a chat: a subject line ("RE: …"), a sign-off ("Best, J"), "asap",
 * "??", a numbered list of asks ("1) … 2) …"), a date written 12/31/2022, "s.13.10", "2nd", "post amendment".
 */
const REWORDED_3: ReadonlyArray<readonly [string, string]> = [
  ["df-streeterville-02", "RE: Streeterville note - how's Market Price calculated for redemption conversions?"],
  ["tu-cardlytics-06", "who owns the work product under the Cardlytics / Bank of America agreement??"],
  ["tu-bellring-01", "Stremick's mfg agreement: expiry date, taking all the amendments into account? Need this asap."],
  ["tu-tribute-01", "Tribute private placement — size and price per share?"],
  ["d2-amazon-03", "Amazon term loan: who are the Required Lenders?"],
  ["f3t-staar-01", "STAAR distributor pays late. What interest does it owe?"],
  ["tu-pcquote-02", "If the 2nd amendment conflicts with the original PC Quote co-branding agreement, which one wins?"],
  ["f2t-bloom-03", "Bloom / Diamond State: when do service fees get invoiced and when is payment due?"],
  ["tu-azul-07", "which aircraft are covered by the Azul ATR maintenance agmt"],
  ["am-icu-02", "ICU Medical severance plan - is the 12/31/2022 end date still good or was it pushed out?"],
  ["am-vivint-02", "Vivint / Vivint Solar non-solicit - how long does it run now, post amendment?"],
  ["fr-odyssey-05", "Odyssey Health - Lutz loan - current due date?"],
  ["d2-eti-02", "salt cavern NDA: who counts as ETI's affiliates?"],
  ["ft-xius-04", "Can BCGI assign the XIUS confidentiality agreement to someone else?"],
  ["nt-bellring-03", "Stremick's manufacturing agreement — choice of law?"],
  ["nt-dbt-04", "Data Boiler NDA: which courts do the parties submit to?"],
  ["f2-evelozcity-03", "Evelozcity NDA - when do the confidentiality obligations fall away?"],
  ["d2-antares-03", "What device does Antares make under the AMAG agreement? Best, J"],
  ["ft-immersion-05", "How many months of health premiums does Immersion pay after an involuntary termination?"],
  ["am-bitnile-03", "BitNile notes: can they now be sold in multiple closings?"],
  ["f2-fleet-03", "Columbia Equipment — what does that cover?"],
  ["tu-pizzafusion-04", "Pizza Fusion franchise disputes: 1) where mediated 2) where litigated 3) governing law?"],
  [
    "fr-bioamber-05",
    "New s.13.10 - what does it require of BioAmber if it runs the Mitsubishi scale-up at Pomacle and Sarnia?",
  ],
];

const HALVES = [
  "tune",
  "fresh",
  "fresh2",
  "nid-tune",
  "amend-tune",
  "def-tune",
  "fact-tune",
  "def2-tune",
  "fact2-tune",
  "fact3-tune",
];

type Test = { query_id: string; query: string } & Record<string, unknown>;

const originals = new Map<string, Test>();
for (const half of HALVES) {
  const bench = JSON.parse(readFileSync(join(here, `${half}.json`), "utf8")) as { tests: Test[] };
  for (const t of bench.tests) originals.set(t.query_id, t);
}
/** The half's questions: each keeps its original's deal, type, scope, reference answer and gold snippets. */
function reworded(list: ReadonlyArray<readonly [string, string, "seen"?]>, prefix: string): Test[] {
  return list.map(([id, query, seen]) => {
    const original = originals.get(id);
    if (!original) throw new Error(`no tuning question ${id}`);
    return { ...original, query_id: `${prefix}-${id}`, query, reworded_from: id, ...(seen ? { seen: true } : {}) };
  });
}
for (const [file, tests] of [
  ["message-tune.json", reworded(REWORDED, "mt")],
  ["message-tune2.json", reworded(REWORDED_2, "m2")],
  ["message-tune3.json", reworded(REWORDED_3, "m3")],
] as const) {
  writeFileSync(join(here, file), `${JSON.stringify({ tests }, null, 1)}\n`);
  console.log(`wrote ${tests.length} questions to ${file}`);
}
