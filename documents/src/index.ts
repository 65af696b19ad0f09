/** Documents turned into questions: PDF text and OCR, marking-scheme parsing, AI structuring, URL fetching. */
export * from './types';
export {
  extractPdfPages,
  openPdfReader,
  renderPdfPagePng,
  type PdfPage,
  type PageLine,
  type PageBox,
  type PdfReader,
  type ExtractOptions,
  type ReadPageOptions,
} from './pdf/extract';
export { renderPdfRegionPng, inkInPdfRegion, clampBox } from './pdf/region';
export { countPdfPages, looksLikePdf, UnreadablePdfError } from './pdf/pdfjs';
export { createOcrEngine, englishLangPath, type OcrEngine, type OcrLine, type OcrRead } from './ocr/ocr-engine';
export { parseMarkingScheme, parseQuestionPaperAndKey } from './parse/marking-scheme';
export { splitResponsesByQuestion, responseStarts, type SplitResponses } from './parse/responses';
export { joinPages } from './parse/normalise';
export { structureWithAi, readReply as readAiQuestions, mergeByNumber, type StructureInput } from './ai/structure';
export * from './process/process-marking-scheme';
export {
  fetchPdfFromUrl,
  urlPolicyFromEnv,
  isPublicAddress,
  filenameOf,
  UrlFetchError,
  DEFAULT_URL_POLICY,
  type UrlPolicy,
  type FetchedPdf,
} from './url/fetch-pdf';
