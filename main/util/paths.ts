import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository / app root: two levels above this file (main/util or dist/main/util). */
export function appRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const up2 = path.resolve(here, '..', '..');
  return path.basename(up2) === 'dist' ? path.dirname(up2) : up2;
}

export function resourcesDir(): string {
  return process.env.LEXDESK_RESOURCES ?? path.join(appRoot(), 'resources');
}

export function legalDictionaryPath(): string {
  return path.join(resourcesDir(), 'dict', 'legal-terms.txt');
}

/** Per-user data folder shared by the CLI and the desktop app (Electron's userData). */
export function userDataDir(): string {
  if (process.env.LEXDESK_HOME) return process.env.LEXDESK_HOME;
  const home = os.homedir();
  if (process.platform === 'win32') return path.join(process.env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'LexDesk');
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'LexDesk');
  return path.join(process.env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'LexDesk');
}

/** The library database: --db, then LEXDESK_DB, then the per-user default. */
export function defaultDbPath(): string {
  return process.env.LEXDESK_DB ?? path.join(userDataDir(), 'library.db');
}

/** Folder of the models that ship with the app (models/ in the repo, resources/models when packaged). */
export function modelsDir(): string {
  return process.env.LEXDESK_MODELS ?? path.join(appRoot(), 'models');
}

export const DEFAULT_EMBEDDING_MODEL = 'lexdesk-hashgram-v1';
export const DEFAULT_RERANKER = 'lexdesk-reranker-v1';
