/**
 * One license filed by a parent in 2009 and again by its subsidiary in 2014 (the filers' page stamps, the
 * exhibit number, line breaks and a hyphen split at a line end differ; the agreement does not), and one
 * employment form executed twice with different officers: the fixtures of the copies tests.
 */
// One license filed by a parent in 2009 and again by its subsidiary in 2014: the filers' page stamps,
// the exhibit number, line breaks and a hyphen split at a line end differ; the agreement does not.
export const clauses = [
  "Section 1 Grant. Licensor grants Licensee an exclusive license to use the Domain Names and the Content in the Territory.",
  "Section 2 Fees. Licensee shall pay Licensor a license fee equal to eleven percent of the advertising revenue of the Web Site.",
  "Section 3 Term. The term of this Agreement is ten years from the Effective Date and renews for successive one-year terms.",
  "Section 4 Business-to-business services. Licensee shall not offer business-to-business services under the Domain Names.",
  "Section 5 Governing Law. This Agreement shall be governed by the laws of the State of New York without regard to conflicts of law.",
  "Section 6 Assignment. Neither party may assign this Agreement without the prior written consent of the other party.",
];
export const filed = (exhibit: string, stamp: string, wrap: (s: string) => string) =>
  [
    `Exhibit ${exhibit}`,
    "DOMAIN NAME AND CONTENT LICENSE AGREEMENT between Alpha Portal Co. and Beta Homes Co.",
    ...clauses.flatMap((c) => [wrap(c), stamp]),
  ].join("\n");
export const EARLIER = filed("10.32", "Source: PARENT CORP, F-1, 9/29/2009", (s) =>
  s.replace("Business-to-business", "Business-to-\nbusiness"),
);
export const LATER = filed("10.26", "Source: SUBSIDIARY LTD, DRS, 1/21/2014", (s) => s.replace(/ /g, "  "));
// The same form executed with a different officer: a different person, title and salary.
export const FORM_A = `EMPLOYMENT AGREEMENT between Acme Bank and Joseph Smith, Chief Executive Officer.\n${clauses.join("\n")}\nBase salary: $483,865.`;
export const FORM_B = `EMPLOYMENT AGREEMENT between Acme Bank and Jed Ballard, Chief Financial Officer.\n${clauses.join("\n")}\nBase salary: $307,520.`;

/** Ten numbered obligations of a license: long enough that two filings of it share many shingles. */
const obligations = Array.from(
  { length: 10 },
  (_, i) =>
    `Section ${i + 1}. The Licensee shall perform obligation number ${i + 1} of Schedule A within ${i + 10} days of the Licensor's request, at the Licensee's own cost.`,
);

/** That license as one registrant filed it: its exhibit number, and its stamp printed on every page (as EDGAR's copies of CUAD exhibits are). */
export const licenseFiled = (exhibit: string, stamp: string) =>
  [
    `Exhibit ${exhibit}`,
    "LICENSE AGREEMENT between Alpha Portal Co. and Beta Homes Co.",
    ...obligations.flatMap((c) => [c, stamp]),
  ].join("\n\n");
