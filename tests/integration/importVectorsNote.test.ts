import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { createEngine } from '../../main/engine/index.js';
import { embedLibrary } from '../../main/search/vectors/embedLibrary.js';
import { HashEmbedder } from '../helpers/hashEmbedder.js';
import { runCli } from '../helpers/cli.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-vecnote-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

function jsonl(name: string, law: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify({ law, article: '第一条', text: `${law}的第一条，用于测试。` }) + '\n');
  return file;
}

test('an import into an embedded library says the vectors need updating, until nothing changed', async () => {
  const db = path.join(dir, 'library.db');
  const engine = createEngine({ dbPath: db });
  await engine.importPath(jsonl('a.jsonl', '甲条例'));
  await embedLibrary(engine.db, new HashEmbedder());
  engine.close();

  const changed = await runCli(['import', jsonl('b.jsonl', '乙条例'), '--db', db, '--json']);
  assert.equal(changed.code, 0, changed.stderr);
  assert.equal(JSON.parse(changed.stdout).vectorsNeedUpdate, true);
  const text = await runCli(['import', jsonl('c.jsonl', '丙条例'), '--db', db]);
  assert.match(text.stdout, /run `lexdesk embed`/);

  const unchanged = await runCli(['import', path.join(dir, 'b.jsonl'), '--db', db, '--json']);
  assert.equal(JSON.parse(unchanged.stdout).vectorsNeedUpdate, false);
});
