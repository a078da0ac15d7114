import type { ContentType, PageAnchor, QualityReport } from "@lexnav/document-model";

export interface QualityInput {
  text: string;
  pages: PageAnchor[];
  contentType: ContentType;
  furniture?: Array<{ start: number; end: number; kind: "header" | "footer" | "page_number" }>;
}

/**
 * Checks extracted text for signs of a bad extraction: empty or near-empty pages, repeated
 * headers, mojibake and broken ligatures, abrupt loss of text across pages.
 * (Stub: filled in by the quality work; returns ok.)
 */
export function assessQuality(input: QualityInput): QualityReport {
  return { status: "ok", issues: [], pageCount: input.pages.length, charCount: input.text.length };
}
