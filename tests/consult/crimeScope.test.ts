/**
 * A bail question for a 帮信罪 client: the consultation's evidence holds the procedure's articles and the client's
 * crime's, not the penalty clauses of other crimes that 「可能判处管制、拘役或者有期徒刑」 matches, other crimes'
 * interpretations, or 民法典's 保证合同 for 「保证人」 (a criminal defence lawyer's review found 70 such articles).
 * Real library (刑法, 刑事诉讼法, 民法典, the 帮信 and 诽谤 interpretations, the crime-name texts), scripted LLM.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { crimeScopeOf, scopeFilter } from '../../main/consult/crimeScope.js';
import { LegalStateSchema } from '../../main/consult/schemas.js';
import type { Evidence } from '../../main/consult/types.js';
import { startBench, type Bench } from '../helpers/consultFixture.js';
import { CORPUS_DIR, sharedSkipReason } from '../helpers/library.js';
import { okChecks } from '../helpers/scriptedLlm.js';

const SKIP = sharedSkipReason();
const HELP = '司法解释/最高人民法院、最高人民检察院关于办理非法利用信息网络、帮助信息网络犯罪活动等刑事案件适用法律若干问题的解释(2019-10-21).md';
const DEFAME = '司法解释/最高人民法院、最高人民检察院关于办理利用信息网络实施诽谤等刑事案件适用法律若干问题的解释(2013-09-06).md';
const BAIL = '我弟弟因为把银行卡借给别人用被抓了，说是涉嫌帮信罪，现在被刑事拘留，家里人想给他办取保候审，需要什么条件？';
const CODE = '中华人民共和国刑法';

const state = (keyFacts: string[]) =>
  LegalStateSchema.parse({ keyFacts, disputeFocus: ['能否取保候审'], posture: '侦查阶段，刑事拘留', domains: ['刑事诉讼法', '刑法'], subQuestion: '取保候审的条件' });
const isOtherCrime = (e: Evidence) => e.lawTitle === CODE && e.path.some((p) => p.includes('分则')) && e.articleLabel !== '第二百八十七条之二';

describe('a criminal consultation\'s evidence: the procedure and the client\'s crime', { skip: SKIP, timeout: 300_000 }, () => {
  let bench: Bench;
  before(async () => {
    const crimeNames = readdirSync(path.join(CORPUS_DIR, '司法解释')).filter((f) => f.includes('确定罪名') || f.includes('犯罪的罪名的意见')).map((f) => `司法解释/${f}`);
    bench = await startBench(['刑法', '民法典', '诉讼与非诉讼程序法/刑事诉讼法(2018-10-26).md', HELP, DEFAME, ...crimeNames]);
  });
  after(async () => bench?.dispose());
  beforeEach(() => {
    bench.llm.reset();
    bench.llm.setScript((req) => {
      if (req.role === 'planner') {
        return { json: { role: 'terminology', queries: ['取保候审 条件 可能判处管制 拘役 有期徒刑 不致发生社会危险性', '帮助信息网络犯罪活动罪 情节严重', '取保候审 保证金 保证人'], covered: true, reason: '' } };
      }
      if (req.role === 'judge') return { json: { verdict: 'SUFFICIENT', checks: okChecks(), missing: [], refinementQueries: [] } };
      return undefined;
    });
  });

  test('a bail question naming 帮信罪: no other crime\'s article, no civil-law article; the client\'s crime and the procedure stay', async () => {
    bench.llm.queue('state', { json: state(['出借银行卡', '涉嫌帮助信息网络犯罪活动罪', '被刑事拘留']) });
    const t = await bench.consultations().ask({ text: BAIL });
    assert.equal(t.status, 'done', JSON.stringify(t.error));
    const labels = t.evidence.map((e) => `${e.lawTitle}${e.articleLabel}`);
    assert.deepEqual(t.evidence.filter(isOtherCrime).map((e) => e.articleLabel), [], 'no 分则 article of another crime');
    assert.ok(!t.evidence.some((e) => e.lawTitle.includes('民法典')), `no 民法典 article for 保证人: ${labels.join(' ')}`);
    assert.ok(!t.evidence.some((e) => e.lawTitle.includes('实施诽谤')), 'no other crime\'s interpretation');
    assert.ok(labels.includes(`${CODE}第二百八十七条之二`), 'the client\'s crime');
    assert.ok(labels.includes('中华人民共和国刑事诉讼法第六十七条'), 'the bail article');
    assert.ok(t.evidence.some((e) => e.lawTitle.includes('帮助信息网络犯罪活动')), 'the client\'s crime\'s interpretation');
  });

  test('the same question naming no crime searches as before: 保证合同 comes in, so the scope is what keeps it out', async () => {
    bench.llm.queue('state', { json: state(['出借银行卡', '被刑事拘留']) });
    bench.llm.setScript((req) => (req.role === 'planner' ? { json: { role: 'terminology', queries: ['取保候审 条件 可能判处管制 拘役 有期徒刑 不致发生社会危险性', '取保候审 保证金 保证人'], covered: true, reason: '' } } : undefined));
    const t = await bench.consultations().ask({ text: BAIL.replace('说是涉嫌帮信罪，', '') });
    assert.equal(t.status, 'done', JSON.stringify(t.error));
    assert.ok(t.evidence.some((e) => e.lawTitle.includes('民法典')), '民法典 保证 articles');
    // What the 帮信罪 scope would have kept out of this evidence: 保证合同; 刑法修正案（九） 第四 (on 数罪并罚, 总则) stays.
    const filter = scopeFilter(bench.lib.engine.db, crimeScopeOf(bench.lib.engine.db, [BAIL], null)!);
    const kept = bench.lib.engine.articles(t.evidence.map((e) => e.articleId)).filter((a) => filter(a) !== null);
    assert.ok(kept.length > 0 && kept.every((a) => a.lawTitle.includes('民法典')), kept.map((a) => a.lawTitle + a.label).join(' '));
  });

  test('the filter: 分则 of other crimes, their interpretations and civil law out; 总则, the procedure, an article the user cites and civil law in a civil claim stay', () => {
    const db = bench.lib.engine.db;
    const scope = crimeScopeOf(db, [BAIL], null)!;
    assert.deepEqual(scope.names, ['帮信罪']);
    assert.equal(scope.civil, false);
    const resolver = bench.lib.engine.searchDeps().resolver;
    const article = (ref: string) => {
      const found = resolver.lookup(ref);
      assert.ok(found.ok, ref);
      return found.article;
    };
    const fraud = article('刑法第二百六十六条');
    const filter = scopeFilter(db, scope, new Set([fraud.id]));
    const out = (ref: string) => filter(article(ref)) !== null;
    assert.equal(out('刑法第二百八十七条之二'), false);
    assert.equal(out('刑法第六十七条'), false, '总则 (自首) stays');
    assert.equal(out('刑事诉讼法第六十七条'), false);
    assert.equal(out('刑法第一百九十八条'), true, '保险诈骗');
    assert.equal(out('刑法第二百六十六条'), false, 'cited by the user: stays');
    assert.equal(out('民法典第六百八十六条'), true);
    assert.match(filter(article('刑法第一百九十八条'))!, /帮信罪/);
    // A claim for damages beside the crime keeps the civil law.
    const civil = crimeScopeOf(db, [BAIL, '对方还要求我们赔偿损失'], null)!;
    assert.equal(civil.civil, true);
    assert.equal(scopeFilter(db, civil)(article('民法典第六百八十六条')), null);
    // No crime named: no scope at all.
    assert.equal(crimeScopeOf(db, ['家里人想给他办取保候审'], null), null);
  });
});
