/**
 * Reads a printout back: Chromium renders the page to PDF (`page.pdf()`, print media, so src/app.css's
 * `.print-page` rules apply) and poppler's `pdftotext` turns it into text a spec can check. `.ci/run` installs
 * poppler-utils where it is missing (README "Set up").
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';

const run = promisify(execFile);

export interface PdfText {
  /** The whole text, pages joined, in reading order with the layout kept (`pdftotext -layout`). */
  text: string;
  /** How many pages the printout came to. */
  pages: number;
}

/** Renders the page as printed and returns its text. `format` is a paper name ("A4") or width/height. */
export async function printedText(
  page: Page,
  paper: { format: string } | { width: string; height: string } = { format: 'A4' },
): Promise<PdfText> {
  const pdf = await page.pdf({ ...paper, printBackground: true });
  return pdfText(pdf);
}

/** The text of a PDF's bytes. */
export async function pdfText(pdf: Buffer): Promise<PdfText> {
  const dir = await mkdtemp(join(tmpdir(), 'dockhand-pdf-'));
  try {
    const file = join(dir, 'printout.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    // pdftotext ends each page with a form feed.
    const pages = stdout
      .split('\f')
      .filter((part, index, all) => index < all.length - 1 || part.trim() !== '');
    return { text: stdout, pages: pages.length };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
