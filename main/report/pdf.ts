import fs from 'node:fs';
import { LexError } from '../util/errors.js';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe'];

/** A Chromium to print with: LEXDESK_CHROMIUM, else a system Chromium or Chrome. */
export function findChromium(): string {
  const fromEnv = process.env.LEXDESK_CHROMIUM;
  if (fromEnv) {
    if (!fs.existsSync(fromEnv)) throw new LexError('pdf_unavailable', `LEXDESK_CHROMIUM points to ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  const found = CANDIDATES.find((p) => fs.existsSync(p));
  if (!found) throw new LexError('pdf_unavailable', 'PDF export needs Chromium or Chrome: install it (Debian: apt install chromium fonts-wqy-microhei) or set LEXDESK_CHROMIUM. Markdown and DOCX export work without it.');
  return found;
}

const FOOTER = `<div style="width:100%;font-size:8pt;color:#777;text-align:center;font-family:'WenQuanYi Micro Hei','Noto Sans CJK SC',sans-serif">第 <span class="pageNumber"></span> 页，共 <span class="totalPages"></span> 页</div>`;

/** Prints the report's HTML with headless Chromium (playwright-core): A4, page numbers in the footer. */
export async function renderPdf(html: string): Promise<Buffer> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    return await page.pdf({ format: 'A4', printBackground: true, displayHeaderFooter: true, headerTemplate: '<div></div>', footerTemplate: FOOTER, margin: { top: '18mm', bottom: '20mm', left: '16mm', right: '16mm' } });
  } finally {
    await browser.close();
  }
}
