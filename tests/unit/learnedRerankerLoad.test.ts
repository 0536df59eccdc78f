/** A damaged reranker folder gets a message naming the file and the fix, not a bare JSON SyntaxError. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { FEATURE_NAMES } from '../../main/search/hybrid/features.js';
import { LearnedReranker } from '../../main/search/hybrid/learnedReranker.js';

const folder = (files: Record<string, string>): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-reranker-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
};

const rejects = async (dir: string, code: string, message: RegExp) => {
  try {
    await assert.rejects(LearnedReranker.load(dir), (err: Error & { code?: string }) => {
      assert.equal(err.code, code, err.message);
      assert.match(err.message, message);
      return true;
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

test('a reranker folder whose files are missing, cut short or of other features is refused with the file named', async () => {
  const manifest = JSON.stringify({ name: 'test', features: FEATURE_NAMES });
  await rejects(folder({}), 'reranker-missing', /reranker\.json missing/);
  await rejects(folder({ 'reranker.json': '{"name": "test", "feat' }), 'reranker-invalid', /reranker\.json is not valid JSON.*npm run train-model/);
  await rejects(folder({ 'reranker.json': '[]' }), 'reranker-mismatch', /trained on other features/);
  await rejects(folder({ 'reranker.json': JSON.stringify({ name: 'old', features: ['bias'] }) }), 'reranker-mismatch', /trained on other features/);
  await rejects(folder({ 'reranker.json': manifest }), 'reranker-invalid', /popularity\.json does not exist/);
  await rejects(folder({ 'reranker.json': manifest, 'popularity.json': '{"articles": {}, "laws": {}}', 'memory.json': '[{"gold": [' }), 'reranker-invalid', /memory\.json is not valid JSON/);
});
