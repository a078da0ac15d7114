/**
 * A tuning half of definition questions (issue #16 item 3: definition rules that generalise), as written: quotes,
 * not offsets. Written 2026-12-02 (evening) before lexnav was run on it, over deals no other half uses (checked
 * against every half's scope and snippet files, heldout.json's and fresh3.json's included, without reading their
 * questions): four CUAD agreements (the Biocept–Life Technologies collaboration, the Vapotherm–Medica cartridge
 * supply, Reed's–Full Sail development, the ScoutCam CEO services agreement), two ContractNLI NDAs (VELCO, EUNCL) and
 * two EDGAR deals (the Streeterville convertible note with its securities purchase agreement, the OneMedNet data
 * licence), so the bench spans contractnli+cuad+edgar and is served by the whole-corpus store. The shapes are mixed
 * on purpose: "shall mean" / "means" in a definitions article, a term defined by a parenthetical at the end of an
 * operative sentence, an unquoted or lower-case term, a definition that lists its parts, a term used in one
 * instrument and defined in the deal's other, a definition built on another defined term.
 * `pnpm exec tsx test/bench/natural/locate.ts --build test/bench/natural/def-tune.draft.ts test/bench/natural/def-tune.json`
 */
import { type Deals, d, q, s } from "./draft.ts";

const BI = "cuad/BIOCEPTINC_08_19_2013-EX-10-COLLABORATION AGREEMENT.txt";
const VP = "cuad/VAPOTHERM, INC. - Manufacturing and Supply Agreement.txt";
const RD = "cuad/ReedsInc_20191113_10-Q_EX-10.4_11888303_EX-10.4_Development Agreement.txt";
const SC = "cuad/SCOUTCAMINC_05_12_2020-EX-10.22-SERVICES AGREEMENT.txt";
const VE = "contractnli/VELCO%20NDA%20rev0%20Dec%2014%202015.txt";
const EU = "contractnli/EUNCL_NDA_2016.txt";
const SN = "edgar/0001104659-23-000342_3.html";
const SS = "edgar/0001104659-23-000342_2.html";
const OM = "edgar/0001104659-23-000421_2.html";

export const deals: Deals = {
  "cuad-biocept-life-technologies-collaboration": [BI],
  "cuad-vapotherm-medica-supply": [VP],
  "cuad-reeds-full-sail-development": [RD],
  "cuad-scoutcam-maimon-services": [SC],
  "nda-velco": [VE],
  "nda-euncl-2016": [EU],
  "edgar-0001104659-23-000342-streeterville-note": [SS, SN],
  "edgar-0001104659-23-000421-onemednet-data-license": [OM],
};

const DEF = "definition" as const;

export const tests = [
  ...d("cuad-biocept-life-technologies-collaboration", "df-biocept", [
    q(
      DEF,
      "When does a test count as launched under Biocept's collaboration with Life Technologies?",
      "Launch means formal commercial availability and offering to physicians of a Test, as mutually agreed upon by the parties.",
      s(
        BI,
        '"Launch" shall mean formal commercial availability and offering to physicians of a Test, as mutually agreed upon by the parties.',
      ),
    ),
    q(
      DEF,
      "What is the Demand Forecast in the Biocept–Life Technologies deal?",
      "A draft one-year rolling forecast, prepared by Life Technologies within sixty days of the Effective Date, of its expectation for physician requests for the Assay, broken down by quarter.",
      s(
        BI,
        'Within sixty (60) days of the Effective Date, Life Technologies will prepare a draft one-year rolling forecast of Life Technologies\' expectation for physician requests for the Assay (the "Demand Forecast")',
      ),
    ),
    q(
      DEF,
      "Who is a third party for purposes of the Biocept collaboration agreement?",
      "Any entity other than Biocept, Life Technologies or an Affiliate of either.",
      s(
        BI,
        '"Third Party(ies)" shall mean any entity other than Biocept or Life Technologies or an Affiliate of Biocept or Life Technologies.',
      ),
    ),
    q(
      DEF,
      "What does the technical component of the assay cover in the Biocept agreement?",
      "The physical performance of the Assay procedure up to the interpretation of results, covered by CPT codes without the modifier 26 and typically with modifier TC.",
      s(
        BI,
        '"Technical Component" shall mean the performance of the technical component of the steps of the Assay, which is the physical performance of the Assay procedure up to the interpretation of results',
      ),
    ),
  ]),
  ...d("cuad-vapotherm-medica-supply", "df-vapotherm", [
    q(
      DEF,
      "What are the Costs Medica has to document under its cartridge supply agreement with Vapotherm?",
      "Medica's actual and direct costs in manufacturing the Cartridges, documented before the end of each term so the parties can negotiate the next prices.",
      s(
        VP,
        'Medica shall provide Vapotherm with reasonable documentation of its actual and direct costs in manufacturing the Cartridges (the "Costs")',
      ),
    ),
    q(
      DEF,
      "What's a Renewal Term under the Vapotherm–Medica manufacturing agreement?",
      "Each additional successive one-year term by which the agreement automatically renews after the three-year Initial Term unless either party gives notice.",
      s(
        VP,
        'with automatic renewal for additional successive one-year terms (each a "Renewal Term" and together wit the Initial Term, the "Term")',
      ),
    ),
    q(
      DEF,
      "What counts as a recall under Vapotherm's supply agreement with Medica?",
      "Any action by Vapotherm, Medica or their Affiliates to recover title or possession or halt distribution or use of Cartridges sold or shipped to others.",
      s(
        VP,
        '"recall" means any action by Vapotherm or any of its Affiliates, or either Medica or any of its Affiliates, to recover title or possession or halt distribution or use of any Cartridges sold or shipped to any other Persons.',
      ),
    ),
    q(
      DEF,
      "Which changes to the specifications are material for Medica, so that it needs Vapotherm's approval?",
      "Any change that could have a material adverse effect on the safety or efficacy of the Cartridges or System, or would likely materially affect the integration of the Cartridges with the System.",
      s(
        VP,
        "a material change to either the Specifications or Medica's Quality System shall mean any change that could have a material adverse effect on the safety or efficacy of the Cartridges or System",
      ),
    ),
  ]),
  ...d("cuad-reeds-full-sail-development", "df-reeds", [
    q(
      DEF,
      "What are the deliverables under Reed's development agreement with Full Sail?",
      "Any Recipe; documentation, samples, prototypes and other tangible embodiments or descriptions of Recipes; and any other Intellectual Property created during the term and required to be disclosed to the Development Committee.",
      s(
        RD,
        '"Deliverables" means (a) any Recipe, (b) documentation, samples, prototypes and other tangible embodiments of or descriptions of Recipes',
      ),
    ),
    q(
      DEF,
      "What is Work Product in the Reed's–Full Sail development deal?",
      "All Intellectual Property created by the Company (Full Sail), its affiliates, representatives or agents in connection with work or services related to the Products, including the Deliverables, excluding the Neutral Alcohol Beverage Base and the Company's general know-how and independently developed production processes.",
      s(
        RD,
        'all Intellectual Property created by Company, its affiliates, representatives, or agents in connection with or resulting from any work or services related to the Products, including the Deliverables ("Work Product")',
      ),
    ),
  ]),
  ...d("cuad-scoutcam-maimon-services", "df-scoutcam", [
    q(
      DEF,
      "What is the Minimum Period under Idan Maimon's services agreement?",
      "12 months from the date of the agreement (April 1, 2019), the minimum period the term continues for.",
      s(SC, 'shall continue for a minimum period of 12 months (the "Minimum Period")'),
    ),
  ]),
  ...d("nda-velco", "df-velco", [
    q(
      DEF,
      "What is CEII for purposes of VELCO's NDA?",
      "All information VELCO designates as CEII, however furnished, and all reports, summaries, compilations, analyses, notes or other information containing it.",
      s(
        VE,
        "CEII shall mean: (i) all information designated as such by VELCO, whether furnished before or after the date hereof",
      ),
    ),
    q(
      DEF,
      "What does BCSI mean in the VELCO non-disclosure agreement?",
      "All information VELCO designates as BCSI, however furnished, and all reports, summaries, compilations, analyses, notes or other information containing it.",
      s(
        VE,
        "“BCSI” shall mean: (i) all information designated as such by VELCO, whether furnished before or after the date hereof",
      ),
    ),
  ]),
  ...d("nda-euncl-2016", "df-euncl", [
    q(
      DEF,
      "Is oral information confidential information under the EUNCL NDA?",
      "Confidential Information is information of any nature disclosed by the Disclosing Party in any form, including orally, but written information must be clearly marked as proprietary or confidential.",
      s(
        EU,
        'the term "Confidential Information" shall mean any information or data whether of financial, commercial, technical, legal or whatever nature disclosed by the Disclosing Party to the Receiving Party under this Agreement',
      ),
    ),
  ]),
  ...d("edgar-0001104659-23-000342-streeterville-note", "df-streeterville", [
    q(
      DEF,
      "What is the Purchase Price Date under the Streeterville convertible note?",
      "The date the Purchase Price is delivered by Lender to Borrower.",
      s(SN, "“Purchase Price Date” means the date the Purchase Price is delivered by Lender to Borrower"),
    ),
    q(
      DEF,
      "How is the Market Price worked out for redemption conversions of Streeterville's note?",
      "80% of the Nasdaq Minimum Price, which is the lower of the Closing Price on the Trading Day before the Redemption Date and the average Closing Price for the five Trading Days before it.",
      s(SN, "“Market Price” means 80% multiplied by the Nasdaq Minimum Price"),
      s(
        SN,
        "“Nasdaq Minimum Price” means the lower of: (i) the Closing Price on the Trading Day immediately preceding the Redemption Date",
      ),
    ),
    q(
      DEF,
      "What are the Securities Streeterville bought under the securities purchase agreement?",
      "The Note and the Conversion Shares (all Class A Ordinary Shares issuable on conversion of the Note).",
      s(SS, "“Securities” means the Note and the Conversion Shares"),
    ),
  ]),
  ...d("edgar-0001104659-23-000421-onemednet-data-license", "df-onemednet", [
    q(
      DEF,
      "What is a Query under OneMedNet's data license agreement?",
      "Each image and data search request OneMedNet performs according to the Customer's parameters in the applicable Order Form.",
      s(
        OM,
        "“Query” means each image and data search request to be performed by OneMedNet in accordance with Customer’s parameters specified in the applicable Order Form.",
      ),
    ),
    q(
      DEF,
      "Which affiliates of the customer may use OneMedNet's data?",
      "Permitted Affiliates: Affiliates of the Customer expressly identified in the applicable Order Form.",
      s(OM, "“Permitted Affiliate” means any Affiliate of Customer expressly identified in the applicable Order Form"),
    ),
  ]),
];
