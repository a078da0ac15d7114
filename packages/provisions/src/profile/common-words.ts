/**
 * Capitalised words common to contracts of any deal: those in the first 8,000 characters of more than
 * 5% of a corpus of commercial contracts (how it was read: docs/navindex.md, "Transaction sets"), then the names of parties' roles that list misses ("Assignor",
 * "Lessee"). A word outside this list that two documents share is a name particular to a deal
 * ("Acme", "Zenith"): evidence that they belong together.
 */
export const COMMON_CAPITALISED_WORDS: ReadonlySet<string> = new Set(
  `
  acceptance account additional address administration advertising affiliate affiliates after agency agent
  agreement agreements alliance amended amendment amendments america annual applicable application appointment
  approval april article assignment august authority authorized avenue background bank been between board both
  branding business california canada capital capitalized cause center certain change chief china city claims
  closing code commencement commercial commission committee common company compensation compliance conditions
  confidential confidentiality consideration construction content contents contract contractor control
  cooperation copy corp corporation costs counterparts covenants customer customers data date dated december
  definitions delaware delivery development directors disclosure dispute distribution distributor document
  documentation dollars drive drug during duties each east effect effective either endorsement entire equipment
  event except exchange exclusive exclusivity execution executive exhibit exhibits expenses february federal
  fees field filed financial first floor florida food force form from fund further general global governing
  governmental grant group headings health holdings indemnification independent information initial insurance
  intellectual interest international internet interpretation investment january joint july june laws legal
  liability license licensed licensee licenses licensor limitation limitations limited list maintenance majeure
  management manager manufacturing march market marketing marks master material materials minimum miscellaneous
  mutual name national network nevada north nothing notice notices notwithstanding november number obligations
  october officer omitted operating operations order orders other ownership page parties party patents payment
  payments performance period person plan portions president price pricing prior procedures product production
  products program project promotion property proprietary provided provisions public purchase purpose pursuant
  quality recitals records registration regulations regulatory related relationship renewal reports
  representations requested resolution responsibilities revenue right rights road rule rules sale sales saturday
  schedule schedules scope section sections securities security september service services severability share
  shares site software source south specifications sponsorship standard standards state statement states stock
  strategic street subject such suite sunday supply support system systems table taxes technical technologies
  technology term termination terms territory texas therefore third this time title trade trademark trademarks
  transaction transfer treatment under unit united unless upon user version waiver warranties warranty west when
  whereas whereof with within without witness witnesseth work year york
  assignor assignee assignors assignees lessor lessee landlord tenant borrower borrowers lender lenders
  guarantor guarantors purchaser purchasers seller sellers buyer buyers vendor vendors holder holders partners
  partner employee employer consultant client clients member members trustee beneficiary
`
    .trim()
    .split(/\s+/),
);
