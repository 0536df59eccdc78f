import { BrowserWindow, session, shell } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The app window, locked down as Electron's security checklist asks:
 * context isolation, sandbox, no Node in the renderer, a strict CSP (the
 * page's meta tag plus the response header), no navigation away from the
 * app, no new windows (links open in the system browser), no permissions.
 */
export function createMainWindow(rendererDir: string, preloadFile: string): BrowserWindow {
  const indexUrl = pathToFileURL(path.join(rendererDir, 'index.html')).toString();
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
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
    if (url !== indexUrl) event.preventDefault();
  });
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(indexUrl);
  return win;
}

/** Only our own page in our own window may call the engine. */
export function isTrustedSender(win: BrowserWindow | null, frameUrl: string | undefined, senderId: number, rendererDir: string): boolean {
  if (!win || win.isDestroyed() || senderId !== win.webContents.id) return false;
  return frameUrl === pathToFileURL(path.join(rendererDir, 'index.html')).toString();
}
