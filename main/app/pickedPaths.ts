import path from 'node:path';

/**
 * Folders and files the user chose in the app's own open dialog. The renderer may name a path for
 * the host to read (a collection or JSONL file to import, a model folder) only when the user
 * picked it there, so a page that went wrong cannot make the host read anything on the disk.
 */
export class PickedPaths {
  private readonly picked = new Set<string>();

  record(chosen: string): void {
    this.picked.add(path.resolve(chosen));
  }

  /** Why a request names a path the user did not pick, or null when it may go to the engine. */
  refusal(route: string, input: unknown): string | null {
    for (const named of pathsNamed(route, input)) {
      if (!this.picked.has(path.resolve(named))) return `${named} was not chosen in the open dialog: use the 选择… button next to the field.`;
    }
    return null;
  }
}

/** The paths a request asks the host to read: an import's collection or file, a model folder, a cross-encoder folder. */
function pathsNamed(route: string, input: unknown): string[] {
  if (!input || typeof input !== 'object') return [];
  if (route === 'library.import') {
    const folder = (input as { path?: unknown }).path;
    return typeof folder === 'string' ? [folder] : [];
  }
  if (route === 'settings.update') {
    const models = (input as { models?: unknown }).models;
    if (!models || typeof models !== 'object') return [];
    const { dir, crossEncoderDir } = models as { dir?: unknown; crossEncoderDir?: unknown };
    return [dir, crossEncoderDir].filter((d): d is string => typeof d === 'string' && d.trim() !== '');
  }
  return [];
}
