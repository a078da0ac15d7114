import { describe, expect, it } from "vitest";
import { citeAmendingClause } from "./amending-clause.ts";
import { answeringUnit } from "./answering-unit.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

// an amendment filed without the note it amends: a deal of its own
const recitalText =
  "Odyssey and Lutz entered into that certain Promissory Note dated September 21, 2022, due December 31, 2022.";
const operativeText = "The Maturity Date of the Note is amended and extended to January 31, 2023.";
const noteAmendment = evidenceItem("note-amd", `${recitalText} ${operativeText}`, { role: "amendment" });
const recital = scoredSentence(noteAmendment, recitalText, { p: 0.6, familyCoverage: 0.3 });
const operative = scoredSentence(noteAmendment, operativeText, { at: recitalText.length + 1, p: 0.3 });

// an amendment adding text to a provision of its deal's agreement
const leadIn = "A. Section 13.9 of the Agreement is amended to add the following at the end of the Section:";
const added = '"Notwithstanding the above, the Buyer may fund the project until the strain succeeds.';
const cease = 'Within thirty days of that success, the Buyer will cease funding the project."';
const addedText = `${leadIn}\n\n${added} ${cease}`;
const adding = evidenceItem("dev-amd", addedText, {
  role: "amendment",
  transactionSetId: "dev",
  amends: [{ documentId: "dev-agreement", start: 900, end: 1400 }],
});
const leadInSentence = scoredSentence(adding, leadIn, { p: 0.2 });
const ceaseSentence = scoredSentence(adding, cease, { at: addedText.indexOf(cease), p: 0.5, familyCoverage: 0.3 });

describe("citeAmendingClause", () => {
  it("cites an amendment's operative clause in place of its recital of the text before it", () => {
    const q = "When is Lutz's loan to Odyssey now due?";
    expect(citeAmendingClause(q, [recital], [recital, operative], [recital, operative])).toEqual([operative]);
    // no operative clause of that instrument in the extract: the recital stays
    expect(citeAmendingClause(q, [recital], [recital], [recital])).toEqual([recital]);
  });

  it("leaves a recital cited for another question, or for one about the amendment itself", () => {
    const scored = [recital, operative];
    expect(citeAmendingClause("What was the principal of the note?", [recital], scored, scored)).toEqual([recital]);
    expect(citeAmendingClause("Who are the parties to the amendment?", [recital], scored, scored)).toEqual([recital]);
  });

  it("leaves a recital that states the value asked where the operative clause states another kind", () => {
    const owed =
      "Odyssey and Lutz entered into that certain Promissory Note dated September 21, 2022 in the amount of $30,000.00.";
    const raised = "The principal amount of the Note is amended and increased to $45,000.00.";
    const item = evidenceItem("note-amd-2", `${owed} ${operativeText} ${raised}`, { role: "amendment" });
    const stated = scoredSentence(item, owed, { p: 0.6, familyCoverage: 0.3 });
    const extended = scoredSentence(item, operativeText, { at: owed.length + 1, p: 0.3 });
    const q = "What was the combined face amount of the notes Odyssey amended at the end of 2022?";
    // a clause that extends the maturity states no amount: the recital's is the answer
    expect(citeAmendingClause(q, [stated], [stated, extended], [stated, extended])).toEqual([stated]);
    // one that changes the amount takes the recital's place
    const increased = scoredSentence(item, raised, { at: owed.length + operativeText.length + 2, p: 0.2 });
    const scored = [stated, extended, increased];
    expect(citeAmendingClause(q, [stated], scored, scored)).toEqual([increased]);
  });

  it("reads an amending clause with the new text it brings for the kind asked", () => {
    const owed =
      "Odyssey and Lutz entered into that certain Promissory Note dated September 21, 2022 in the amount of $30,000.00.";
    const leadIn = "Section 1 of the Note is hereby amended and restated in its entirety to read as follows:";
    const restated = '"1. Principal. The principal amount of this Note is $45,000.00."';
    const text = `${owed} ${leadIn}\n\n${restated}`;
    const item = evidenceItem("note-amd-3", text, { role: "amendment" });
    const stated = scoredSentence(item, owed, { p: 0.6, familyCoverage: 0.3 });
    const clause = scoredSentence(item, leadIn, { at: text.indexOf(leadIn), p: 0.3 });
    const scored = [stated, clause, scoredSentence(item, restated, { at: text.indexOf(restated), p: 0.1 })];
    const q = "What is the principal amount of the note after it was amended?";
    expect(citeAmendingClause(q, [stated], scored, scored)).toEqual([clause]);
  });

  it("cites new text an edit brings through the amending clause whose unit quotes it", () => {
    const unit = answeringUnit(adding, leadInSentence.start, leadInSentence.end);
    expect(unit.end).toBeGreaterThanOrEqual(ceaseSentence.end);
    const scored = [ceaseSentence, leadInSentence];
    const q = "Is the Buyer still barred from funding the project?";
    expect(citeAmendingClause(q, [ceaseSentence], scored, scored)).toEqual([leadInSentence]);
    // an edit the question does not ask about as amended is cited as the decision chose
    expect(citeAmendingClause("Who funds the project?", [ceaseSentence], scored, scored)).toEqual([ceaseSentence]);
  });
});
