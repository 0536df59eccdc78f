/** Limits the page checks before sending and the host checks again (no imports: the page's bundle takes this file alone). */

/** The smallest embeddings-endpoint input limit (characters per text sent) that leaves room for text after the longest prefix. */
export function minMaxInputChars(prefixes: readonly string[]): number {
  return Math.max(0, ...prefixes.map((p) => p.length)) + 16;
}

/** A saved article's folder is a matter's name, its note a line or a paragraph (收藏). */
export const MAX_SAVED_FOLDER_CHARS = 60;
export const MAX_SAVED_NOTE_CHARS = 4000;

/** A folder name as it is stored: runs of spaces as one, none at either end (the page compares names the host stored). */
export function savedFolderName(folder: string): string {
  return folder.replace(/\s+/g, ' ').trim();
}

/** A consultation's title, given when it starts or by a rename (the app's, `lexdesk consult --rename`). */
export const MAX_TITLE_CHARS = 200;

/** The largest file the citation check takes from the page: its base64 stays within the browser host's 1 MiB request. */
export const MAX_UPLOAD_BYTES = 750_000;
