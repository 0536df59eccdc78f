import fs from 'node:fs';

/**
 * A JSON file's contents. `fail` turns a sentence saying what is wrong with the file (it does not
 * exist, cannot be read, is not JSON) into the error to throw, so each caller keeps its own kind
 * of error and names what the file was meant to be.
 */
export function readJsonFile(file: string, fail: (problem: string) => Error): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw fail(code === 'ENOENT' ? `${file} does not exist` : `${file} cannot be read: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw fail(`${file} is not valid JSON: ${(err as Error).message}`);
  }
}
