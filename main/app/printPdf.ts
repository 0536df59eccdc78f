import { BrowserWindow } from 'electron';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PDF export inside the desktop app: the report's HTML printed by Electron's
 * own Chromium (printToPDF) in a hidden, sandboxed window with JavaScript off.
 * The HTML is loaded from a private temporary file, not a data: URL: Chromium
 * refuses URLs over 2 MB, which a long consultation's report (each Chinese
 * character is nine characters once URL-encoded) can exceed.
 */
export async function printHtmlToPdf(html: string): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-print-'));
  const file = path.join(dir, 'report.html');
  fs.writeFileSync(file, html, { encoding: 'utf8', mode: 0o600 });
  const win = new BrowserWindow({ show: false, webPreferences: { sandbox: true, contextIsolation: true, javascript: false, nodeIntegration: false } });
  try {
    await win.loadFile(file);
    return await win.webContents.printToPDF({
      pageSize: 'A4',
      printBackground: true,
      displayHeaderFooter: true,
      headerTemplate: '<div></div>',
      footerTemplate: '<div style="width:100%;font-size:8pt;color:#777;text-align:center">第 <span class="pageNumber"></span> 页，共 <span class="totalPages"></span> 页</div>',
      margins: { top: 0.7, bottom: 0.8, left: 0.6, right: 0.6 },
    });
  } finally {
    win.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
