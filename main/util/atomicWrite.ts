import fs from 'node:fs';
import path from 'node:path';
import { LexError } from './errors.js';

/** The absolute path of an output file, refused before any work when its folder cannot be written or it names a folder. */
export function writableOutput(out: string): string {
  const file = path.resolve(out);
  const dir = path.dirname(file);
  try {
    fs.accessSync(dir, fs.constants.W_OK);
  } catch {
    throw new LexError('unwritable', `Cannot write to ${dir}: the folder does not exist or is not writable. Choose another --out path.`);
  }
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) throw new LexError('unwritable', `${file} is a folder; give a file name for --out.`);
  return file;
}

/** Writes to a temporary name beside the file and renames it, so a failure never leaves a partial file. */
export function writeAtomically(file: string, data: Buffer | string): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw new LexError('unwritable', `Cannot write ${file}: ${(err as Error).message}`);
  }
}
