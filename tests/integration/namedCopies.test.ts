/**
 * One document filed twice under two names (sameDocument.ts), on the collection's own files: the 人脸识别
 * interpretation with and without 「最高人民法院」, a joint interpretation with and without the 、 between the courts,
 * and 网络消费纠纷规定（一） dated once by publication (no history) and once by adoption. Each is imported once, both
 * titles resolve to it, and a second import changes nothing.
 */
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { createEngine } from '../../main/engine/index.js';
import { makeCorpusSubset, NEEDS_SHARED } from '../helpers/corpusSubset.js';

const FACE = '最高人民法院关于审理使用人脸识别技术处理个人信息相关民事案件适用法律若干问题的规定';
const FACE_SHORT = FACE.replace(/^最高人民法院/, '');
const RAPE = '最高人民法院、最高人民检察院关于办理强奸、猥亵未成年人刑事案件适用法律若干问题的解释';
const ONLINE = '最高人民法院关于审理网络消费纠纷案件适用法律若干问题的规定（一）';
const FILES = [
  `司法解释/${FACE}(2021-07-27).md`,
  `司法解释/${FACE_SHORT}.md`,
  `司法解释/${RAPE}(2023-05-24).md`,
  `司法解释/${RAPE.replace('、', '  ')}(2023-05-24).md`,
  `司法解释/${ONLINE}(2022-03-01).md`,
  `司法解释/${ONLINE}.md`,
  '刑法/刑法.md',
];

describe('a document filed under two names is imported once', { skip: NEEDS_SHARED }, () => {
  const subset = NEEDS_SHARED ? null : makeCorpusSubset({ files: FILES });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexdesk-named-'));
  const dbPath = path.join(dir, 'library.db');
  after(() => {
    subset?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  test('one document each, both titles resolving to it, the kept history filled in, stable on re-import', async () => {
    const engine = createEngine({ dbPath });
    try {
      const first = await engine.importPath(subset!.root);
      assert.equal(first.skipped.filter((s) => /under another title or date/.test(s.reason)).length, 3);
      const again = await engine.importPath(subset!.root);
      assert.deepEqual(again.documents, { added: 0, updated: 0, unchanged: 4 });
      assert.equal(again.removed.documents, 0);
      for (const title of [FACE, FACE_SHORT]) {
        const hit = engine.lookup(`《${title}》第二条`);
        assert.ok(hit.ok, title);
        assert.equal(hit.article.lawTitle, FACE);
        assert.equal(hit.article.publishDate, '2021-07-27');
      }
      const rape = engine.lookup(`《${RAPE}》第一条`);
      const spaced = engine.lookup(`《${RAPE.replace('、', ' ')}》第一条`);
      assert.ok(rape.ok && spaced.ok);
      assert.equal(rape.article.id, spaced.article.id);
    } finally {
      engine.close();
    }
    const db = new Database(dbPath, { readonly: true });
    try {
      const faces = db.prepare(`SELECT COUNT(*) FROM documents WHERE path LIKE '%人脸识别%'`).pluck().get();
      assert.equal(faces, 1);
      // The dated file of 网络消费纠纷规定（一） has no history lines: it takes its copy's adoption line.
      const history = JSON.parse(db.prepare(`SELECT history FROM documents WHERE path LIKE '%网络消费纠纷%'`).pluck().get() as string) as Array<{ event: string }>;
      assert.ok(history.some((h) => /第1864次会议通过/.test(h.event)), JSON.stringify(history));
    } finally {
      db.close();
    }
  });

  test('刑法 第四百五十二条 keeps the collection\'s footnote as a note, not a 款', () => {
    const engine = createEngine({ dbPath });
    try {
      const hit = engine.lookup('刑法第四百五十二条');
      assert.ok(hit.ok);
      assert.equal(hit.article.paragraphs.length, 3);
      assert.ok(!hit.article.text.includes('①'));
      assert.deepEqual(hit.article.notes?.map((n) => n.slice(0, 8)), ['① 刑法、历次刑']);
    } finally {
      engine.close();
    }
  });
});
