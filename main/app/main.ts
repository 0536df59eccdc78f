/**
 * The Electron main process: a thin shell. It starts the engine in a
 * utility process, opens the locked-down window, and relays IPC requests
 * from the trusted page to the engine (which validates every input against
 * the contract). `--smoke-test` runs the packaged-app smoke test and exits.
 */
import { app, ipcMain, type BrowserWindow } from 'electron';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EngineHost } from './engineHost.js';
import { printHtmlToPdf } from './printPdf.js';
import { IPC_EVENT, IPC_REQUEST } from './protocol.js';
import { SafeStorageKeys } from './safeStorageKeys.js';
import { createMainWindow, isTrustedSender } from './window.js';

const here = path.dirname(fileURLToPath(import.meta.url)); // dist/main/app
const appDir = path.resolve(here, '..', '..', '..');
/** Packaged: models and the dictionary are extra resources beside app.asar. */
const resources = app.isPackaged ? process.resourcesPath : path.join(appDir, 'resources');
const modelsDir = app.isPackaged ? path.join(process.resourcesPath, 'models') : path.join(appDir, 'models');
const rendererDir = path.join(appDir, 'dist', 'renderer');
const smoke = process.argv.includes('--smoke-test');

if (!app.requestSingleInstanceLock() && !smoke) app.quit();

let win: BrowserWindow | null = null;

void app.whenReady().then(async () => {
  const userData = app.getPath('userData');
  fs.mkdirSync(userData, { recursive: true });
  const keys = new SafeStorageKeys(userData);
  const engine = new EngineHost(
    path.join(here, 'engineProcess.js'),
    { type: 'init', dbPath: path.join(userData, 'library.db'), userData, modelsDir, resourcesDir: app.isPackaged ? resources : path.join(appDir, 'resources'), version: app.getVersion(), keys: keys.readAll(), keysPersistent: keys.available() },
    keys,
    (event) => win?.webContents.send(IPC_EVENT, event),
    (result) => {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      app.exit(result.ok ? 0 : 1);
    },
  );
  await engine.ready;
  if (smoke) {
    engine.send({ type: 'smoke' });
    return;
  }
  ipcMain.handle(IPC_REQUEST, async (event, route: unknown, input: unknown) => {
    if (!isTrustedSender(win, event.senderFrame?.url, event.sender.id, rendererDir)) return { ok: false, error: { code: 'forbidden', message: 'Request from an untrusted page.' } };
    if (typeof route !== 'string' || route.length > 64) return { ok: false, error: { code: 'bad_input', message: 'Route must be a short string.' } };
    if (route === 'report.export' && (input as { format?: unknown } | null)?.format === 'pdf') return exportPdf(engine, input as Record<string, unknown>);
    return engine.request(route, input);
  });
  win = createMainWindow(rendererDir, path.join(appDir, 'dist', 'preload', 'index.cjs'));
  app.on('window-all-closed', () => {
    engine.kill();
    app.quit();
  });
});

app.on('web-contents-created', (_e, contents) => {
  contents.on('will-navigate', (event) => event.preventDefault());
});

/** PDFs are printed here, in the main process, from the HTML the engine renders. */
async function exportPdf(engine: EngineHost, input: Record<string, unknown>) {
  const html = await engine.request('report.export', { ...input, format: 'html' });
  if (!html.ok) return html;
  const file = html.data as { fileName: string; base64: string; warnings: string[] };
  try {
    const pdf = await printHtmlToPdf(Buffer.from(file.base64, 'base64').toString('utf8'));
    return { ok: true, data: { ...file, fileName: file.fileName.replace(/\.html$/, '.pdf'), mime: 'application/pdf', base64: pdf.toString('base64') } };
  } catch (err) {
    return { ok: false, error: { code: 'pdf_failed', message: `Printing the PDF failed: ${(err as Error).message}` } };
  }
}
