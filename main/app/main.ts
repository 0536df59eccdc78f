/**
 * The Electron main process: a thin shell. It starts the engine in a supervised utility
 * process, serves the page from app://lexdesk, opens the locked-down window, and relays IPC
 * requests from the trusted page to the engine (which validates every input against the
 * contract). Paths the host should read come from main's own open dialog. `--smoke-test` runs
 * the packaged-app smoke test and exits.
 */
import { app, dialog, ipcMain, net, protocol, utilityProcess, type BrowserWindow } from 'electron';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { APP_CSP, APP_SCHEME, appAssetPath } from './appAssets.js';
import { EngineHost, type EngineChild, type InitMessage } from './engineHost.js';
import { PickedPaths } from './pickedPaths.js';
import { printHtmlToPdf } from './printPdf.js';
import { IPC_EVENT, IPC_PICK_PATH, IPC_REQUEST, type PickKind } from './protocol.js';
import { safeStorageKeys } from './safeStorageKeys.js';
import { createMainWindow, isTrustedSender } from './window.js';

const here = path.dirname(fileURLToPath(import.meta.url)); // dist/main/app
const appDir = path.resolve(here, '..', '..', '..');
/** Packaged: models and the dictionary are extra resources beside app.asar. */
const resources = app.isPackaged ? process.resourcesPath : path.join(appDir, 'resources');
const modelsDir = app.isPackaged ? path.join(process.resourcesPath, 'models') : path.join(appDir, 'models');
const rendererDir = path.join(appDir, 'dist', 'renderer');
const smoke = process.argv.includes('--smoke-test');

if (!app.requestSingleInstanceLock() && !smoke) app.quit();
// Must happen before 'ready': app:// is a standard, secure origin (relative URLs, module scripts, no mixed content).
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true } }]);

let win: BrowserWindow | null = null;
const picked = new PickedPaths();

app.on('second-instance', () => {
  if (!win || win.isDestroyed()) return;
  if (win.isMinimized()) win.restore();
  win.focus();
});

void app.whenReady().then(async () => {
  protocol.handle(APP_SCHEME, serveAppAsset);
  const userData = app.getPath('userData');
  fs.mkdirSync(userData, { recursive: true });
  const keys = safeStorageKeys(userData);
  let keysWritable = true;
  let engineStarted = false;
  const init = (): InitMessage => ({
    type: 'init', dbPath: path.join(userData, 'library.db'), userData, modelsDir, resourcesDir: app.isPackaged ? resources : path.join(appDir, 'resources'), version: app.getVersion(),
    keys: keys.readAll(), keysPersistent: keysWritable && keys.available(),
  });
  const engine = new EngineHost({
    spawn: () => engineChild(path.join(here, 'engineProcess.js')),
    init,
    applyKey: (op, id, key) => {
      try {
        keys.apply(op, id, key);
      } catch (err) {
        keysWritable = false;
        throw err;
      }
    },
    onEvent: (event) => win?.webContents.send(IPC_EVENT, event),
    onSmoke: (result) => {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      app.exit(result.ok ? 0 : 1);
    },
    // The smoke test does not restart a crashed engine: it fails.
    ...(smoke ? { maxRestarts: 0 } : {}),
    onGaveUp: (reason) => {
      if (smoke) return failSmoke(reason);
      if (engineStarted) dialog.showErrorBox('LexDesk 引擎已停止', `${reason}\n\n已完成的咨询步骤都保存在法规库中。请重新启动 LexDesk。`);
    },
  });
  try {
    await engine.ready;
    engineStarted = true;
  } catch (err) {
    const reason = (err as Error).message;
    if (smoke) return failSmoke(reason);
    dialog.showErrorBox('LexDesk 无法启动', `${reason}\n\n法规库文件：${path.join(userData, 'library.db')}`);
    app.exit(1);
    return;
  }
  if (smoke) {
    engine.send({ type: 'smoke' });
    return;
  }
  ipcMain.handle(IPC_REQUEST, async (event, route: unknown, input: unknown) => {
    if (!isTrustedSender(win, event.senderFrame?.url, event.sender.id)) return { ok: false, error: { code: 'forbidden', message: 'Request from an untrusted page.' } };
    if (typeof route !== 'string' || route.length > 64) return { ok: false, error: { code: 'bad_input', message: 'Route must be a short string.' } };
    const refusal = picked.refusal(route, input);
    if (refusal) return { ok: false, error: { code: 'not_picked', message: refusal } };
    if (route === 'report.export' && (input as { format?: unknown } | null)?.format === 'pdf') return exportPdf(engine, input as Record<string, unknown>);
    return engine.request(route, input);
  });
  ipcMain.handle(IPC_PICK_PATH, async (event, kind: unknown) => {
    if (!win || !isTrustedSender(win, event.senderFrame?.url, event.sender.id) || (kind !== 'folder' && kind !== 'jsonl')) return null;
    const chosen = await dialog.showOpenDialog(win, openDialogOptions(kind));
    const file = chosen.canceled ? undefined : chosen.filePaths[0];
    if (!file) return null;
    picked.record(file);
    return file;
  });
  win = createMainWindow(path.join(appDir, 'dist', 'preload', 'index.cjs'));
  win.on('closed', () => {
    win = null;
  });
  app.on('window-all-closed', () => {
    engine.kill();
    app.quit();
  });
});

app.on('web-contents-created', (_e, contents) => {
  contents.on('will-navigate', (event) => event.preventDefault());
});

/** The smoke test's failure, in the form its success takes (one JSON line), and exit 1. */
function failSmoke(reason: string): void {
  process.stdout.write(`${JSON.stringify({ type: 'smoke-result', ok: false, detail: { error: reason } })}\n`);
  app.exit(1);
}

/** Electron's utility process as the engine host sees it. */
function engineChild(entry: string): EngineChild {
  const child = utilityProcess.fork(entry, [], { serviceName: 'LexDesk engine' });
  return {
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) => child.on('exit', listener),
    onError: (listener) => child.on('error', (type, location) => listener(`${type} at ${location}`)),
    postMessage: (msg) => child.postMessage(msg),
    kill: () => void child.kill(),
  };
}

/** app://lexdesk/… from the renderer bundle only, with the page's CSP as a header. */
async function serveAppAsset(request: Request): Promise<Response> {
  const file = appAssetPath(rendererDir, request.url);
  if (!file) return new Response('Not found', { status: 404 });
  const res = await net.fetch(pathToFileURL(file).toString());
  const headers = new Headers(res.headers);
  headers.set('Content-Security-Policy', APP_CSP);
  headers.set('X-Content-Type-Options', 'nosniff');
  return new Response(res.body, { status: res.status, headers });
}

function openDialogOptions(kind: PickKind): Electron.OpenDialogOptions {
  return kind === 'folder'
    ? { title: '选择文件夹', properties: ['openDirectory'] }
    : { title: '选择 JSONL 文件', properties: ['openFile'], filters: [{ name: 'JSONL', extensions: ['jsonl', 'json'] }] };
}

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
