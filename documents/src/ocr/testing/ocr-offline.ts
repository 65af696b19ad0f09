import { extractPdfPages } from '../../pdf/extract';
import { makeScannedPdf } from '../../testing';
import { createOcrEngine } from '../ocr-engine';

/** Run under the network blocker: OCR a scanned page and print what it read. */
const pdf = await makeScannedPdf([['Question 1. Photosynthesis makes glucose.']]);
const ocr = createOcrEngine();
const pages = await extractPdfPages(pdf, { ocr });
await ocr.close();
process.stdout.write(JSON.stringify(pages));
