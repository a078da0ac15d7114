const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const MONTH_NAME =
  "(January|February|March|April|May|June|July|August|September|October|November|December|Jan\\.?|Feb\\.?|Mar\\.?|Apr\\.?|Jun\\.?|Jul\\.?|Aug\\.?|Sept?\\.?|Oct\\.?|Nov\\.?|Dec\\.?)";
const WS = "[\\s\\u00a0]+";
const ORD = "(?:st|nd|rd|th)?";

/** "February 26, 1996", "June 1st, 2004" */
const MONTH_DAY_YEAR = new RegExp(`^${MONTH_NAME}${WS}(\\d{1,2})${ORD}\\s*,?${WS}(\\d{4})`, "i");
/** "the 1st day of June, 2004", "1st day of June 2004" */
const DAY_OF_MONTH_YEAR = new RegExp(
  `^(?:the${WS})?(\\d{1,2})${ORD}${WS}day${WS}of${WS}${MONTH_NAME}\\s*,?${WS}(?:A\\.D\\.${WS})?(\\d{4})`,
  "i",
);
/** "26 February 1996", "31 December, 1996" */
const DAY_MONTH_YEAR = new RegExp(`^(\\d{1,2})${ORD}${WS}${MONTH_NAME}\\s*,?${WS}(\\d{4})`, "i");
/** "2004-06-01" */
const ISO = /^(\d{4})-(\d{2})-(\d{2})/;
/** "6/1/2004" (US order) */
const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/;

/** A date parsed at the start of `text`: ISO string and how many characters it used. */
export interface ParsedDate {
  iso: string;
  length: number;
}

/** Parses a date in one of the usual legal forms at the very start of `text`, or null. */
export function parseDateAt(text: string): ParsedDate | null {
  let m = MONTH_DAY_YEAR.exec(text);
  if (m) return build(m[3], m[1], m[2], m[0].length);
  m = DAY_OF_MONTH_YEAR.exec(text);
  if (m) return build(m[3], m[2], m[1], m[0].length);
  m = DAY_MONTH_YEAR.exec(text);
  if (m) return build(m[3], m[2], m[1], m[0].length);
  m = ISO.exec(text);
  if (m) return valid(Number(m[1]), Number(m[2]), Number(m[3]), m[0].length);
  m = SLASHED.exec(text);
  if (m) return valid(Number(m[3]), Number(m[1]), Number(m[2]), m[0].length);
  return null;
}

/** Finds the first date anywhere in `text` (scanning word starts), or null. */
export function findDate(text: string): (ParsedDate & { index: number }) | null {
  const starts = /(?<![A-Za-z0-9])(?=[A-Za-z0-9])/g;
  for (let m = starts.exec(text); m !== null; m = starts.exec(text)) {
    const parsed = parseDateAt(text.slice(m.index, m.index + 60));
    if (parsed) return { ...parsed, index: m.index };
    starts.lastIndex = m.index + 1;
  }
  return null;
}

function build(
  year: string | undefined,
  month: string | undefined,
  day: string | undefined,
  length: number,
): ParsedDate | null {
  const monthNumber = MONTHS[(month ?? "").slice(0, 3).toLowerCase()];
  if (monthNumber === undefined) return null;
  return valid(Number(year), monthNumber, Number(day), length);
}

function valid(year: number, month: number, day: number, length: number): ParsedDate | null {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const iso = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return { iso, length };
}
