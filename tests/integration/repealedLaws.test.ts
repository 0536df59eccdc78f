/**
 * Laws a library's own closing clauses repeal (「《…》同时废止」): read from a real
 * library file imported from JSONL, so every case is one the clause parser must get right.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createEngine, type Engine } from '../../main/engine/index.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-repealed-'));
let engine: Engine;

const line = (law: string, article: string, text: string, extra: Record<string, unknown> = {}) => JSON.stringify({ law, article, text, ...extra });

before(async () => {
  const file = path.join(dir, 'laws.jsonl');
  fs.writeFileSync(file, [
    line('中华人民共和国新民事法', '第一条', '为了保护民事主体的合法权益，制定本法。', { publish: '2020-05-28', effective: '2021-01-01' }),
    line('中华人民共和国新民事法', '第九十条', '本法自2021年1月1日起施行。《中华人民共和国旧合同法》、《中华人民共和国旧婚姻法》同时废止。', { publish: '2020-05-28', effective: '2021-01-01' }),
    // Only one article of this law goes: the law itself stays unknown, not repealed.
    line('中华人民共和国新税法', '第五十条', '本法自2019年1月1日起施行。《中华人民共和国旧票据法》第十条同时废止。', { publish: '2018-12-29', effective: '2019-01-01' }),
    line('中华人民共和国新税法', '第五十二条', '《中华人民共和国旧关税条例》中关于关税的规定同时废止。', { publish: '2018-12-29', effective: '2019-01-01' }),
    // The repealed interpretation goes, not 《旧借贷法》 named inside its title; a bracketed document number may follow a title.
    line('最高人民法院关于新借贷案件的规定', '第三十条', '本规定自2021年1月1日起施行。《最高人民法院关于适用《中华人民共和国旧借贷法》的解释》（法（研）发〔1991〕21号）同时废止。', { level: '司法解释', publish: '2020-12-29', effective: '2021-01-01' }),
    // A law the library holds is found as it is, whatever a clause says of it.
    line('中华人民共和国新税法', '第五十一条', '《中华人民共和国新民事法》同时废止。', { publish: '2018-12-29', effective: '2019-01-01' }),
    // Local clauses are not read: a province repeals its own regulations.
    line('北京市旧条例实施办法', '第二十条', '本办法自公布之日起施行。《中华人民共和国旧商标法》同时废止。', { province: '北京' }),
  ].join('\n') + '\n');
  engine = createEngine({ dbPath: path.join(dir, 'library.db') });
  await engine.importPath(file);
});

after(() => {
  engine?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a law repealed by a clause of the library is found by its full and its short name, with the clause and its date', () => {
  const resolver = engine.searchDeps().resolver;
  for (const name of ['旧合同法', '中华人民共和国旧合同法', '《中华人民共和国旧合同法》', '旧婚姻法']) {
    const r = resolver.repealOf(name);
    assert.ok(r, name);
    assert.equal(r.byLaw, '中华人民共和国新民事法');
    assert.equal(r.byArticle, '第九十条');
    assert.equal(r.effectiveDate, '2021-01-01');
  }
  const lookup = engine.lookup('旧合同法第52条');
  assert.ok(!lookup.ok);
  assert.equal(lookup.message, '"旧合同法第52条" cites 《中华人民共和国旧合同法》, which is not in the library: it was repealed by 《中华人民共和国新民事法》第九十条 (in force 2021-01-01). Look for the rule in 新民事法.');
  assert.deepEqual(lookup.candidates, ['新民事法']);
});

test('an article repealed alone, a law the library holds and a province\'s clause name no repealed law', () => {
  const resolver = engine.searchDeps().resolver;
  assert.equal(resolver.repealOf('旧票据法'), undefined, '《…》第十条同时废止 repeals one article');
  assert.equal(resolver.repealOf('旧关税条例'), undefined, '《…》中关于…的规定同时废止 repeals some provisions');
  assert.equal(resolver.repealOf('旧借贷法'), undefined, 'a title inside the repealed title is not repealed with it');
  assert.equal(resolver.repealOf('最高人民法院关于适用《中华人民共和国旧借贷法》的解释')?.byLaw, '最高人民法院关于新借贷案件的规定', 'the outer title is, past its bracketed number');
  assert.equal(resolver.repealOf('新民事法'), undefined, 'in the library: resolved as it is');
  assert.ok(engine.lookup('新民事法第一条').ok);
  assert.equal(resolver.repealOf('旧商标法'), undefined, 'local clauses are not read');
  const unknown = engine.lookup('旧票据法第10条');
  assert.ok(!unknown.ok);
  assert.match(unknown.message, /^No law in the library matches "旧票据法第10条"/);
});
