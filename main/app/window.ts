import { BrowserWindow, session, shell } from 'electron';
import { APP_INDEX_URL } from './appAssets.js';

/** A renderer that crashes again this soon after a reload is left alone rather than reloaded in a loop. */
const RELOAD_GAP_MS = 10_000;

/**
 * The app window, locked down as Electron's security checklist asks: context isolation,
 * sandbox, no Node in the renderer, the page served from app://lexdesk (its own origin, not
 * file://) with a strict CSP (the page's meta tag, and the header the protocol handler adds), no
 * navigation away from the page, no new windows (http(s) links open in the system browser), no
 * permissions.
 */
export function createMainWindow(preloadFile: string): BrowserWindow {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    title: 'LexDesk',
    show: false,
    webPreferences: {
      preload: preloadFile,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
    },
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (url !== APP_INDEX_URL) event.preventDefault();
  });
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  // A renderer that crashed or was killed comes back with the page; the library keeps every finished step.
  let reloadedAt = 0;
  win.webContents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit' || win.isDestroyed() || Date.now() - reloadedAt < RELOAD_GAP_MS) return;
    reloadedAt = Date.now();
    void win.loadURL(APP_INDEX_URL);
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(APP_INDEX_URL);
  return win;
}

/** Only our own page in our own window may call the engine. */
export function isTrustedSender(win: BrowserWindow | null, frameUrl: string | undefined, senderId: number): boolean {
  if (!win || win.isDestroyed() || senderId !== win.webContents.id) return false;
  return frameUrl === APP_INDEX_URL;
}
