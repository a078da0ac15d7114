import { describe, expect, it } from "vitest";
import { numberedParagraphs, readNumberingDefinitions } from "./docx-numbering.ts";

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

// Legal numbering as Word writes it: levels linked to heading styles, a legal-style (isLgl)
// second level printing "Section 1.01", a lettered third level, and a second list instance
// restarted with a startOverride.
const numberingXml = `<w:numbering ${W}>
<w:abstractNum w:abstractNumId="0">
  <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="upperRoman"/><w:pStyle w:val="Heading1"/><w:lvlText w:val="ARTICLE %1"/></w:lvl>
  <w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimalZero"/><w:isLgl/><w:pStyle w:val="Heading2"/><w:lvlText w:val="Section %1.%2"/></w:lvl>
  <w:lvl w:ilvl="2"><w:start w:val="1"/>
    <mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice Requires="w14"><w:numFmt w:val="custom" w:format="a, b, c"/></mc:Choice><mc:Fallback><w:numFmt w:val="lowerLetter"/></mc:Fallback></mc:AlternateContent>
    <w:lvlText w:val="(%3)"/></w:lvl>
</w:abstractNum>
<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="&#61623;"/></w:lvl></w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
<w:num w:numId="2"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="2"><w:startOverride w:val="4"/></w:lvlOverride></w:num>
<w:num w:numId="3"><w:abstractNumId w:val="1"/></w:num>
</w:numbering>`;

const p = (props: string, text: string) => `<w:p><w:pPr>${props}</w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;
const style = (id: string) => `<w:pStyle w:val="${id}"/>`;
const num = (id: number, lvl: number) => `<w:numPr><w:ilvl w:val="${lvl}"/><w:numId w:val="${id}"/></w:numPr>`;

const documentXml = `<w:document ${W}><w:body>
${p(style("Heading1"), "DEFINITIONS")}
${p(style("Heading2"), "Defined Terms")}
${p(num(1, 2), "first")}
${p(`${num(1, 2)}<w:rPr><w:del w:id="1" w:author="x"/></w:rPr>`, "deleted paragraph mark")}
${p(num(1, 2), "second")}
${p(style("Heading2"), "Accounting Terms")}
${p(`<w:pPrChange w:id="2"><w:pPr>${num(3, 0)}</w:pPr></w:pPrChange>`, "old numbering only in a tracked change")}
${p(num(3, 0), "a bullet")}
${p(style("Heading1"), "THE CREDITS")}
${p(style("Heading2"), "Commitments")}
${p(num(2, 2), "restarted at d")}
${p("", "plain")}
</w:body></w:document>`;

describe("docx numbering labels", () => {
  it("prints heading-linked, legal-style, lettered and restarted numbers in document order", () => {
    const defs = readNumberingDefinitions(numberingXml, null);
    expect(numberedParagraphs(documentXml, defs)).toEqual([
      { level: 0, label: "ARTICLE I" },
      { level: 1, label: "Section 1.01" },
      { level: 2, label: "(a)" },
      { level: 2, label: "(b)" },
      { level: 1, label: "Section 1.02" },
      { level: 0, label: null },
      { level: 0, label: "ARTICLE II" },
      { level: 1, label: "Section 2.01" },
      { level: 2, label: "(d)" },
    ]);
  });

  it("follows a numStyleLink through the numbering style in styles.xml", () => {
    const numbering = `<w:numbering ${W}>
      <w:abstractNum w:abstractNumId="5"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum>
      <w:abstractNum w:abstractNumId="6"><w:numStyleLink w:val="LegalList"/></w:abstractNum>
      <w:num w:numId="7"><w:abstractNumId w:val="5"/></w:num>
      <w:num w:numId="8"><w:abstractNumId w:val="6"/></w:num></w:numbering>`;
    const styles = `<w:styles ${W}><w:style w:type="numbering" w:styleId="LegalList"><w:pPr><w:numPr><w:numId w:val="7"/></w:numPr></w:pPr></w:style></w:styles>`;
    const doc = `<w:document ${W}><w:body>${p(num(8, 0), "one")}${p(num(8, 0), "two")}</w:body></w:document>`;
    expect(numberedParagraphs(doc, readNumberingDefinitions(numbering, styles))).toEqual([
      { level: 0, label: "1." },
      { level: 0, label: "2." },
    ]);
  });
});
