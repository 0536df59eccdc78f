/**
 * A cap an answer states beside a citation that its article does not (answerLimits.ts), on the real 商标法 through the
 * scripted LLM server: 「…判决给予三百万元以下的赔偿」 cited to 第六十三条第三款 (the 2013 text's figure) is said with the
 * turn (`limitNotes`) and among its report's warnings; the same answer with 五百万元 says nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startBench, type Bench } from '../helpers/consultFixture.js';
import { sharedSkipReason } from '../helpers/library.js';
import { defaultReply, numberedItems } from '../helpers/scriptedLlm.js';
import { buildReport } from '../../main/report/model.js';

const SKIP = sharedSkipReason();
const QUESTION = '对方假冒我们的注册商标卖货，损失难以确定，法院最多判赔多少？';

describe('a cap in an answer that its article does not state', { skip: SKIP }, () => {
  let bench: Bench;
  before(async () => {
    bench = await startBench(['民法商法/商标法(2019-04-23).md']);
  });
  after(async () => {
    await bench?.dispose();
  });
  const answering = (cap: string) => bench.llm.setScript((r) => {
    if (r.role !== 'answer') return defaultReply(r.role, r);
    const n = numberedItems(r.prompt).find((i) => /第六十三条/.test(i.text))?.index;
    return { text: `依照《商标法》第六十三条第三款，权利人的损失难以确定的，由人民法院判决给予${cap}以下的赔偿${n ? `[${n}]` : ''}。` };
  });

  test('三百万元 beside 2019\'s 五百万元 is said with the turn and in the report; 五百万元 is not', async () => {
    answering('三百万元');
    const c = bench.consultations();
    const r = await c.ask({ text: QUESTION });
    assert.equal(r.status, 'done', JSON.stringify(r.error));
    assert.deepEqual(r.limitNotes?.map((l) => [l.marker, l.zh]), [['《商标法》第六十三条第三款', '回答所写「三百万元以下」与该条不符（该条为「五百万元以下」）；修改前的文本可能是这一数额，请核对所依据的版本']]);
    const report = buildReport(bench.lib.engine, c, r.consultationId, '0.0.0');
    assert.ok(report.warnings.includes('第 1 轮的引用 《商标法》第六十三条第三款：回答所写「三百万元以下」与该条不符（该条为「五百万元以下」）；修改前的文本可能是这一数额，请核对所依据的版本。'), report.warnings.join('\n'));
    answering('五百万元');
    const right = await bench.consultations().ask({ text: QUESTION });
    assert.deepEqual(right.limitNotes, []);
  });
});
