const ROMAN_TABLE: Array<[number, string]> = [
  [1000, "M"],
  [900, "CM"],
  [500, "D"],
  [400, "CD"],
  [100, "C"],
  [90, "XC"],
  [50, "L"],
  [40, "XL"],
  [10, "X"],
  [9, "IX"],
  [5, "V"],
  [4, "IV"],
  [1, "I"],
];

/** Upper-case roman numeral of a positive integer ("" for 0 or less), as clause numbering prints it. */
export function toRoman(n: number): string {
  let out = "";
  let rest = Math.floor(n);
  for (const [v, s] of ROMAN_TABLE) {
    while (rest >= v) {
      out += s;
      rest -= v;
    }
  }
  return out;
}
