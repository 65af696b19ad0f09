import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

describe('OCR without a network', () => {
  it('reads a scanned page with the language data from node_modules, making no network call', async () => {
    // Every socket and DNS lookup in the process and its worker threads (tesseract's) throws and is reported.
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', '--require', here('./testing/block-network.cjs'), here('./testing/ocr-offline.ts')],
      { timeout: 120_000 },
    );
    expect(stderr).toContain('network blocker loaded (worker)');
    expect(stderr).not.toContain('BLOCKED');
    const [page] = JSON.parse(stdout) as { text: string; source: string }[];
    expect(page).toMatchObject({ source: 'ocr' });
    expect(page!.text).toMatch(/Question 1\. Photosynthesis makes glucose/);
  });
});
