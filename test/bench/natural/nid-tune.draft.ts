/**
 * A tuning half of not-in-the-documents questions (issue #16: silent when the documents do not state what is
 * asked), as written: quotes, not offsets. Written 2026-12-02 WITH knowledge of lexnav's misses on the unseen
 * halves (a clause near the topic cited for what it does not state), over the deals of tune, fresh and fresh2
 * only. Each not-in-the-documents question asks what the deal does not state but sits next to what it does (a
 * cap where only insurance limits or a consequential-damages bar exist, a blank date or party, a court where only
 * the governing law is given, a number of days where the clause says "promptly"); each was checked absent by
 * grepping every file of its deal. The answerable near-miss twins ask the same kind of thing where the deal does
 * state it, so a rule that silences a topic loses them.
 * `pnpm exec tsx test/bench/natural/locate.ts --build test/bench/natural/nid-tune.draft.ts test/bench/natural/nid-tune.json`
 */
import { type Deals, d, nid, q, s } from "./draft.ts";
import { deals as freshDeals } from "./fresh.draft.ts";
import { deals as fresh2Deals } from "./fresh2.draft.ts";
import { deals as tuneDeals } from "./tune.draft.ts";

export const deals: Deals = { ...tuneDeals, ...freshDeals, ...fresh2Deals };

const file = (deal: string, part: string): string => {
  const hit = deals[deal]?.find((f) => f.includes(part));
  if (hit === undefined) throw new Error(`no file of ${deal} has "${part}" in its name`);
  return hit;
};

const BR = file("cuad-set-00-bellring-stremicks", "Manufacturing Agreement1.txt");
const KB = file("cuad-set-14-kubient-ap", "_Part1.txt");
const ANTON = file("nda-anton-paar", "ConfidentialityAgreement");
const SC = file("cuad-set-12-scansource-cisco", "Distributor Agreement1.txt");
const TB = file("cuad-set-08-tribute-agency", "AGENCY AGREEMENT1.txt");
const CL = file("cuad-set-06-cardlytics-bofa", "Maintenance Agreement1.txt");
const PF = file("cuad-set-10-pizza-fusion-franchise", "Franchise Agreement1.txt");
const FLEET = file("cuad-columbia-fleet-amendment-2", "Columbia");
const BA = file("cuad-bioamber-cargill-development", "DEVELOPMENT AGREEMENT (1).txt");
const NE = file("cuad-neon-peregrine-distributor", "_New.txt");
const PK = file("nda-packeteer-blue-coat", "dex99d5");
const DBT = file("nda-data-boiler-mutual", "DBT");
const EV = file("nda-evelozcity-oesa", "Evelozcity");
const INTEL = file("nda-intel-dsp-communications", "934545");
const CV_NOTE = file("edgar-0001387131-23-000022-careview-exchange", "_3.html");
const TILT_NOTE = file("edgar-0001558370-23-000007-tilt-white-haven", "_3.html");

const tune = [
  ...d("cuad-set-00-bellring-stremicks", "nt-bellring", [
    nid("Is there a cap on Heritage's total liability to Premier under the manufacturing agreement?"),
    q(
      "fact",
      "In which courts must disputes under the Stremick's manufacturing agreement be brought?",
      "Any court of competent jurisdiction located in San Francisco, California.",
      s(
        BR,
        "Venue for any litigation arising out of this Agreement shall be in any court of competent jurisdiction located in San Francisco, California.",
      ),
    ),
    q(
      "fact",
      "Which state's law governs the Stremick's manufacturing agreement?",
      "California, without regard to conflicts of laws principles.",
      s(BR, "governed by the laws of the State of California, without regard to conflicts of laws principles"),
    ),
  ]),
  ...d("cuad-set-02-pcquote-abwatley", "nt-pcquote", [
    nid("How many shares of PC Quote stock does A.B. Watley receive under the co-branding agreement?"),
  ]),
  ...d("cuad-set-14-kubient-ap", "nt-kubient", [
    nid("Is there a dollar cap on Kubient's total liability to AP?"),
    q(
      "fact",
      "Which state's law governs the Kubient–AP master services agreement?",
      "Delaware, without giving effect to its conflict of laws principles (Section 14(a)).",
      s(KB, "This Agreement is governed in all respects by the laws of the State of Delaware"),
    ),
    q(
      "fact",
      "How much notice does a party need to give to end the Kubient MSA after the initial term?",
      "Ninety days' written notice, for any reason, once the Initial Term has run.",
      s(
        KB,
        "Either Party may terminate this Agreement for any reason following the Initial Term upon ninety (90) days written notice to the other Party",
      ),
    ),
  ]),
  ...d("nda-urban-wind-turbines", "nt-urban", [
    nid("Who is the recipient under the Urban Wind Turbines NDA?"),
    nid("What is the company registration number of the recipient in the Urban Wind Turbines NDA?"),
    nid("On what date was the Urban Wind Turbines NDA signed?"),
  ]),
  ...d("nda-anton-paar", "nt-anton", [
    nid("How many years does the Anton Paar confidentiality agreement stay in force?"),
    q(
      "fact",
      "What contractual penalty applies if the Anton Paar confidentiality agreement is breached?",
      "EUR 15,000.00 per breach, regardless of negligence, fault or proof of actual damage; further claims remain unaffected (Section 3.2).",
      s(
        ANTON,
        "the parties agree to contractual penalty in the amount of EUR 15,000.00 for the event of a breach of this agreement",
      ),
    ),
    q(
      "fact",
      "Which courts have jurisdiction over the Anton Paar confidentiality agreement?",
      "The courts in Graz, Austria; the agreement is governed by Austrian law.",
      s(ANTON, "each party hereby irrevocably submits to the jurisdiction of the courts in Graz, Austria"),
    ),
  ]),
  ...d("cuad-set-12-scansource-cisco", "nt-scansource", [
    nid("What credit limit does Cisco extend to ScanSource?"),
    q(
      "fact",
      "Which state's law governs the Cisco–ScanSource distributor agreement?",
      "New York, as if performed wholly within the state (the warranty and the software licence are governed by California law).",
      s(SC, "shall be controlled by and construed under the laws of the State of New York"),
    ),
  ]),
  ...d("cuad-set-08-tribute-agency", "nt-tribute", [
    q(
      "fact",
      "How many common shares is Tribute authorized to issue?",
      "An unlimited number: the authorized capital consists of an unlimited number of Common Shares.",
      s(TB, "the authorized capital of the Corporation consists of an unlimited number of Common Shares"),
    ),
    q(
      "fact",
      "What cash fee do the agents get on the Tribute offering?",
      "The Agents' Fee: 7.0 % of the gross proceeds of the Offering (plus Compensation Options).",
      s(TB, 'a cash fee (the "Agents\' Fee") equal to 7.0% of the gross proceeds of the Offering'),
    ),
  ]),
  ...d("edgar-0001861449-23-000002-bird-financing", "nt-bird", [
    nid("Is the EMEA guarantor's liability under its guarantee capped at a maximum amount?"),
  ]),
  ...d("cuad-set-06-cardlytics-bofa", "nt-cardlytics", [
    nid("What interest does Bank of America owe Cardlytics on late payments?"),
    q(
      "fact",
      "Which state's law governs the Cardlytics software license with Bank of America?",
      "North Carolina (its internal laws, not its conflict-of-laws rules).",
      s(
        CL,
        "This Agreement shall be governed by the internal laws, and not by the laws regarding conflicts of laws, of the State of North Carolina.",
      ),
    ),
  ]),
  ...d("cuad-set-10-pizza-fusion-franchise", "nt-pizza", [
    nid("Is there a cap on Pizza Fusion's total liability to the franchisee?"),
    q(
      "fact",
      "What interest can Pizza Fusion charge on royalties the franchisee pays late?",
      "1.5 % per month on the overdue amount (or the maximum rate the law permits, if less), from the due date.",
      s(
        PF,
        "we have the right to charge interest on the overdue amount at the rate of one and one-half percent (1.5%) per month",
      ),
    ),
  ]),
];

const fresh = [
  ...d("cuad-bioamber-cargill-development", "nt-bioamber", [
    nid("Is there a cap on Cargill's liability to BioAmber under the development agreement?"),
    nid("How many shares of BioAmber stock does Cargill receive under the development agreement?"),
    q(
      "fact",
      "Which state's law governs the BioAmber–Cargill development agreement?",
      "Minnesota (Section 13.2).",
      s(
        BA,
        "This Development Agreement shall be governed by and construed in accordance with the laws of the State of Minnesota",
      ),
    ),
  ]),
  ...d("cuad-neon-peregrine-distributor", "nt-neon", [
    nid("Is there a cap on NEON's total liability to Peregrine under the distributor agreement?"),
    q(
      "fact",
      "Is Peregrine's liability to NEON capped?",
      "Yes: Licensor's total liability to Licensee is limited to the amount NEON actually paid for the Licensed Product giving rise to the liability (Section 13.1).",
      s(
        NE,
        "Licensor's total liability to Licensee under any provision of this Agreement shall be limited to the amount actually paid by Licensee to Licensor for the Licensed Product giving rise to the liability.",
      ),
    ),
    q(
      "fact",
      "What interest does NEON owe on fees paid late to Peregrine?",
      "Simple interest at 10 % per annum from the due date until payment (Section 3.2).",
      s(
        NE,
        "Any amount that is not paid when due will bear simple interest from the date such amount is due until the date payment is made at a rate equal to 10% per annum.",
      ),
    ),
  ]),
  ...d("cuad-cerus-porex-supply-amendment", "nt-cerus", [
    nid("On what date does the statement of work under the Cerus–Porex amendment begin?"),
    nid("Is Porex's liability to Cerus capped under the supply agreement as amended?"),
  ]),
  ...d("edgar-0001683168-23-000003-odyssey-notes", "nt-odyssey", [
    nid("Which state's law governs Odyssey's amendment to the LGH note?"),
    nid("At what price does the LGH convertible note convert into Odyssey shares?"),
  ]),
  ...d("nda-data-boiler-mutual", "nt-dbt", [
    nid("What is the effective date of the Data Boiler NDA?"),
    nid("Who signed the Data Boiler NDA for the other party?"),
    nid("Within how many days must the recipient return Data Boiler's information after a request?"),
    q(
      "fact",
      "Which courts do the parties to the Data Boiler NDA consent to?",
      "The state and federal courts sitting in Boston, Massachusetts (Massachusetts law governs).",
      s(
        DBT,
        "both parties further consent to jurisdiction by the state and federal courts sitting in Boston, Massachusetts",
      ),
    ),
  ]),
  ...d("nda-packeteer-blue-coat", "nt-packeteer", [
    nid("In which courts must disputes under the Packeteer–Blue Coat NDA be brought?"),
    nid("In which state is Packeteer incorporated, according to the NDA?"),
    nid("Within how many days must the recipient return Packeteer's materials after a request?"),
    q(
      "fact",
      "On how much notice can either party end the Packeteer–Blue Coat NDA?",
      "Thirty days' written notice; Paragraphs 3, 4, 5 and 7 survive termination (Section 6).",
      s(PK, "This Agreement may be terminated by either party upon thirty (30) days written notice"),
    ),
    q(
      "fact",
      "Which state's law governs the Packeteer–Blue Coat NDA?",
      "California (Section 7).",
      s(PK, "This Agreement shall be governed by the laws of the State of California."),
    ),
    q(
      "fact",
      "In which state is Blue Coat incorporated, according to the NDA?",
      "Delaware: Blue Coat Systems, Inc., a Delaware corporation.",
      s(PK, "Blue Coat Systems, Inc., a Delaware corporation"),
    ),
  ]),
];

const fresh2 = [
  ...d("edgar-0001558370-23-000007-tilt-white-haven", "nt-tilt", [
    nid("How much is the earnest money deposit under the White Haven purchase agreement?"),
    q(
      "fact",
      "Which law governs the senior secured note issued with the White Haven sale?",
      "The internal laws of the Commonwealth of Massachusetts, without giving effect to conflict-of-laws rules.",
      s(
        TILT_NOTE,
        "governed by and construed in accordance with the internal laws of the Commonwealth of Massachusetts",
      ),
    ),
  ]),
  ...d("edgar-0001387131-23-000022-careview-exchange", "nt-careview", [
    q(
      "fact",
      "What is the conversion price of CareView's note?",
      "$0.10 per share, subject to adjustment.",
      s(CV_NOTE, "means $0.10, subject to adjustment as provided herein"),
    ),
  ]),
  ...d("edgar-0000906318-96-000011-milacron-revolver", "nt-milacron", [
    nid("Are disputes under the Milacron credit agreement subject to arbitration?"),
  ]),
  ...d("cuad-adma-sanofi-amendment-3", "nt-adma", [
    nid("Which law governs the ADMA–Sanofi Pasteur manufacturing agreement?"),
    nid("Is ADMA's liability to Sanofi Pasteur capped?"),
  ]),
  ...d("cuad-columbia-fleet-amendment-2", "nt-fleet", [
    q(
      "fact",
      "Which law governs Amendment No. 2 to the Columbia–Fleet manufacturing and supply agreement?",
      "The laws of England, for the amendment and any dispute arising out of or in connection with it; the English courts have exclusive jurisdiction.",
      s(FLEET, "shall be governed by and construed in accordance with the laws of England"),
    ),
    nid("What interest does Columbia pay Fleet on late payments?"),
    nid("Is Fleet's liability to Columbia capped under the manufacturing and supply agreement?"),
  ]),
  ...d("nda-evelozcity-oesa", "nt-evelozcity", [
    nid("Which courts have jurisdiction over disputes under the Evelozcity NDA?"),
    nid("Who is the recipient under the Evelozcity NDA?"),
    nid("On what date was the Evelozcity NDA made?"),
    nid("Is the recipient's liability under the Evelozcity NDA capped?"),
    q(
      "fact",
      "How long do the confidentiality obligations of the Evelozcity NDA last?",
      "Five years from the last date Confidential Information was disclosed under the agreement.",
      s(
        EV,
        "The confidentiality obligations contained in this Agreement expire and are of no further force or effect five (5) years from last date that Confidential Information was disclosed under this Agreement",
      ),
    ),
  ]),
  ...d("nda-intel-dsp-communications", "nt-intel", [
    nid("Within how many days must the recipient return Intel's confidential information after a request?"),
    nid("How long does the Intel–DSP NDA stay in force?"),
    nid("What contractual penalty does the Intel–DSP NDA set for a breach?"),
    q(
      "fact",
      "Within how many days must an oral disclosure be put in writing under the Intel–DSP NDA?",
      "Thirty days: a non-tangible disclosure must be identified as confidential beforehand, produced in writing, marked and delivered within 30 days of the original disclosure.",
      s(INTEL, "delivered to the receiving party within thirty (30) days of the original date of disclosure"),
    ),
    q(
      "fact",
      "Which state's law governs the Intel–DSP NDA?",
      "Delaware, without reference to conflict of laws principles.",
      s(
        INTEL,
        "This Agreement will be governed by laws of the State of Delaware without reference to conflict of laws principles",
      ),
    ),
  ]),
];

export const tests = [...tune, ...fresh, ...fresh2];
