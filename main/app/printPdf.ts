import { BrowserWindow } from 'electron';

/**
 * PDF export inside the desktop app: the report's HTML printed by Electron's
 * own Chromium (printToPDF) in a hidden, sandboxed window with JavaScript off.
 */
export async function printHtmlToPdf(html: string): Promise<Buffer> {
  const win = new BrowserWindow({ show: false, webPreferences: { sandbox: true, contextIsolation: true, javascript: false, nodeIntegration: false } });
  try {
    await win.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`);
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
  }
}
