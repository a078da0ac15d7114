import { DEFAULT_LIMITS } from "@lexnav/core";
import { describe, expect, it } from "vitest";
import { checkXmlPart, htmlDepthEstimate } from "./markup-limits.ts";

const PROLOG = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const check = (xml: string, limits = DEFAULT_LIMITS) => checkXmlPart(xml, "part.xml", limits);

describe("checkXmlPart", () => {
  it("accepts well-formed XML with a prolog, comments, CDATA and '>' in attribute values", () => {
    expect(check(`${PROLOG}<a x="1>0"><!-- <b> --><b/><![CDATA[ <c> ]]><c>t</c></a>`)).toBeNull();
  });

  it("counts nesting from the root, not from the prolog", () => {
    const nested = (d: number) => `${PROLOG}${"<e>".repeat(d)}${"</e>".repeat(d)}`;
    const limits = { ...DEFAULT_LIMITS, maxNestingDepth: 10 };
    expect(check(nested(10), limits)).toBeNull();
    expect(check(nested(11), limits)?.message).toBe(
      "part.xml nests elements more than 10 deep (LEXNAV_MAX_NESTING_DEPTH)",
    );
  });

  it("names the first break of the tag structure, which xmldom would report quadratically", () => {
    expect(check("<a><b></c></a>")?.message).toBe(
      "part.xml is not well-formed XML (the end tag </c> at offset 6 closes <b>)",
    );
    expect(check("<a></a></a>")?.message).toContain("the end tag </a> at offset 7 closes nothing");
    expect(check(`${PROLOG}<a/><b/>`)?.message).toContain(`a second root element <b> at offset ${PROLOG.length + 4}`);
    expect(check("<a>x <y</a>")?.message).toContain('a "<" at offset 5 is never closed');
    expect(check("<a><!-- open")?.message).toContain('a "<" at offset 3 is never closed');
    expect(check("<a>x</a>")?.code).toBeUndefined();
  });

  it("refuses a DOCTYPE or ENTITY whatever its case", () => {
    expect(check('<!doctype a [<!ENTITY e "x">]><a>&e;</a>')).toMatchObject({ code: "malicious" });
  });

  it("takes time linear in the part, however it is broken", () => {
    const started = Date.now();
    for (const xml of ["<a".repeat(2_000_000), `<a>${"<!--".repeat(1_000_000)}`, `<a "${"<b x></b>".repeat(500_000)}`])
      expect(check(xml, { ...DEFAULT_LIMITS, maxMarkupElements: 10_000_000 })?.code).toBe("corrupt");
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("htmlDepthEstimate", () => {
  it("does not count the doctype, comments or processing instructions as elements", () => {
    expect(htmlDepthEstimate("<!DOCTYPE html><?xml version='1.0'?><html><body><div>x</div></body></html>", 100)).toBe(
      1,
    );
  });
});
