/**
 * A number drafting writes in words, as a regular expression source (no boundaries, no flags): "one" to
 * "nineteen", the tens, a ten with its unit ("twenty-four", "forty five") and "hundred". Clauses count days,
 * months and years in words ("eighteen months", "forty-five (45) days") as often as in digits, so every reader
 * of a period or a figure takes the same list.
 */
const UNITS = "one|two|three|four|five|six|seven|eight|nine";
const TEENS = "ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen";
const TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety";

export const NUMBER_WORD = String.raw`(?:(?:${TENS})(?:[-\s](?:${UNITS}))?|${TEENS}|${UNITS}|hundred)`;
