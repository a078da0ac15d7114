import type { DocumentStructure, Extraction } from "@lexnav/document-model";
import { buildProvisionTree, type DocumentProfile, enrichStructure, profileDocument } from "@lexnav/provisions";

/** Structure + enrichment + profile of one extracted version: deterministic, no model, no network. */
export interface Structured {
  structure: DocumentStructure;
  profile: DocumentProfile;
}

export interface Structurer {
  structure(input: { documentId: string; version: string; extraction: Extraction }): Structured;
}

export function createStructurer(): Structurer {
  return {
    structure({ documentId, version, extraction }) {
      const tree = buildProvisionTree({ documentId, version, extraction });
      const structure = enrichStructure(tree, extraction.text);
      const profile = profileDocument(extraction.text, structure);
      return { structure, profile };
    },
  };
}
