export type { ContentTypeDetection } from "./content-type.ts";
export { detectContentType, extensionOf } from "./content-type.ts";
export type { DocumentExtractor, DocumentExtractorDeps, ParserLoader } from "./extract.ts";
export { createDocumentExtractor, extractDocument } from "./extract.ts";
export type { ExtractFailure, ExtractOutcome, ParseInput, Parser } from "./parser.ts";
export { createHtmlParser } from "./parsers/html-parser.ts";
export { createPdfParser } from "./parsers/pdf-parser.ts";
export type { QualityInput } from "./quality.ts";
export { assessQuality } from "./quality.ts";
