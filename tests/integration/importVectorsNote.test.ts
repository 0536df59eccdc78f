import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { createEngine } from '../../main/engine/index.js';
import { getArticles } from '../../main/library/articles.js';
import { articleEmbeddingText, embedLibrary } from '../../main/search/vectors/embedLibrary.js';
import { knn } from '../../main/search/vectors/vecKnn.js';
import { getModel } from '../../main/search/vectors/vecStore.js';
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

test('an updated law loses its old vectors at import, even where SQLite gives the old ids to its new articles', async () => {
  const db = path.join(dir, 'reuse.db');
  const engine = createEngine({ dbPath: db });
  const embedder = new HashEmbedder();
  const lawFile = path.join(dir, 'reuse.jsonl');
  const write = (texts: string[]) =>
    fs.writeFileSync(lawFile, texts.map((text, i) => JSON.stringify({ law: '丁条例', article: `第${'一二'[i]}条`, text })).join('\n') + '\n');
  try {
    await engine.importPath(jsonl('reuse-a.jsonl', '甲条例'));
    write(['出租人应当按照约定将租赁物交付承租人。', '承租人应当按照约定的方法使用租赁物。']);
    await engine.importPath(lawFile);
    await embedLibrary(engine.db, embedder);
    const ids = () => engine.db.prepare("SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id WHERE l.title = '丁条例' ORDER BY a.id").pluck().all() as number[];
    const vectorOfArticle = (id: number) => embedder.vectorOf(articleEmbeddingText(getArticles(engine.db, [id])[0]!));
    const before = ids();
    const oldVector = vectorOfArticle(before[0]!);
    assert.equal(knn(engine.db, embedder.id, oldVector, 1)[0]?.articleId, before[0]);

    write(['用人单位应当依法建立和完善劳动规章制度。', '劳动者有权依法享有平等就业的权利。']);
    const updated = await engine.importPath(lawFile);
    assert.equal(updated.documents.updated, 1);
    assert.deepEqual(ids(), before, 'the new articles took the deleted ids (the case this guards against)');
    const hits = knn(engine.db, embedder.id, oldVector, 5).map((h) => h.articleId);
    assert.ok(!hits.some((id) => before.includes(id)), `an old vector still stands for a new article: ${hits}`);
    const model = getModel(engine.db, embedder.id)!;
    assert.equal(model.complete, false, 'new articles without vectors: the model is not complete');
    assert.equal(model.articleCount, 1, 'only 甲条例 keeps its vector');

    embedder.reset();
    const run = await embedLibrary(engine.db, embedder);
    assert.equal(run.embedded, 2);
    assert.equal(knn(engine.db, embedder.id, vectorOfArticle(before[0]!), 1)[0]?.articleId, before[0]);
    assert.equal(getModel(engine.db, embedder.id)?.complete, true);
  } finally {
    engine.close();
  }
});
