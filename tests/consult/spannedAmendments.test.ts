/**
 * A matter whose facts span an amendment (spannedAmendments.ts), on the real 商标法 and 公司法 through the scripted LLM
 * server: an infringement from 2018 to 2022, read as of the facts' date 2018-03-01, is told that 商标法's 2019 amendment
 * (in force 2019-11-01) falls between and that the library lacks the earlier text — with the turn, in its JSON, and
 * among the report's warnings in Markdown, Word and PDF. 公司法, whose 2018 text the library holds, names the articles
 * that read otherwise in it. A version year naming a law, a fact beside the consultation's own date, and facts after
 * the amendment say nothing.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startBench, type Bench } from '../helpers/consultFixture.js';
import { sharedSkipReason } from '../helpers/library.js';
import { defaultReply, numberedItems } from '../helpers/scriptedLlm.js';
import { browserSkipReason } from '../helpers/browserBench.js';
import { docxParts } from '../helpers/docxText.js';
import { buildReport, renderReport } from '../../main/report/index.js';
import { turnJson } from '../../main/cli/consultView.js';

const SKIP = sharedSkipReason();
const NO_PDF = browserSkipReason() || !fs.existsSync('/usr/bin/pdftotext');
const TRADEMARK = '对方从2018年3月开始销售假冒我方注册商标的商品，一直持续到2022年，我方损失难以确定，惩罚性赔偿最多是几倍？';
const SAID = '本案事实跨越《中华人民共和国商标法》2019 年修正（2019-04-23 通过，2019-11-01 起施行）：问题所述事实自 2018年3月 至 2022年，2019-11-01 前的行为适用修改前的文本，此后的适用修改后的文本；持续到该日以后的行为，按持续行为的规则判断适用哪一文本；法规库中没有修改前的文本。本轮按 2018-03-01（事实日期）适用法律。';

describe('facts that span an amendment of the law the turn cites', { skip: SKIP }, () => {
  let bench: Bench;
  before(async () => {
    bench = await startBench(['民法商法/商标法(2019-04-23).md', '民法商法/公司法(2018-10-26).md', '民法商法/公司法(2023-12-29).md']);
  });
  after(async () => {
    await bench?.dispose();
  });

  /** The state gives `factDate`; the planner searches `query`; the answer cites the first numbered article matching `cite`. */
  const scripted = (factDate: string | null, query: string, cite: RegExp, law: string) =>
    bench.llm.setScript((r) => {
      if (r.role === 'state') {
        const reply = defaultReply('state', r) as { json: Record<string, unknown> };
        return { json: { ...reply.json, factDate } };
      }
      if (r.role === 'planner') return { json: { historyQuery: query, role: 'terminology', queries: [query], covered: true, reason: '覆盖' } };
      if (r.role !== 'answer') return defaultReply(r.role, r);
      const item = numberedItems(r.prompt).find((i) => cite.test(i.text));
      const label = item ? /第[一二三四五六七八九十百零]+条/u.exec(item.text)?.[0] : undefined;
      return { text: item && label ? `依照《${law}》${label}，应予处理[${item.index}]。` : '证据不足。' };
    });

  test('an infringement from 2018 to 2022 read as of 2018-03-01: 商标法 2019 修正 lies between, the library lacks the text before; said with the turn, in JSON and in the report', async () => {
    scripted('2018-03-01', '恶意侵犯商标专用权 情节严重 惩罚性赔偿 一倍以上五倍以下', /一倍以上五倍以下/, '商标法');
    const c = bench.consultations();
    const r = await c.ask({ text: TRADEMARK });
    assert.equal(r.status, 'done', JSON.stringify(r.error));
    assert.deepEqual(r.lawAsOf, { date: '2018-03-01', by: 'facts' });
    assert.ok(r.citations.some((x) => x.articleLabel === '第六十三条'), JSON.stringify(r.citations.map((x) => x.articleLabel)));
    assert.deepEqual(r.spannedAmendments?.map((s) => s.zh), [SAID]);
    assert.deepEqual(r.spannedAmendments?.[0]?.changes, [{ name: '2019 年修正', adopted: '2019-04-23', inForce: '2019-11-01', earlierText: null, sure: true }]);
    assert.match(r.spannedAmendments![0]!.en, /^The facts straddle the 2019 amendment \(adopted 2019-04-23, in force 2019-11-01\) of 中华人民共和国商标法: .*the library lacks the text before 2019\. This turn applied the law as of 2018-03-01 \(the date of the facts\)\.$/);
    // `lexdesk consult --json`: the field as the turn carries it.
    assert.deepEqual((turnJson(r) as { spannedAmendments: unknown }).spannedAmendments, r.spannedAmendments);

    const model = buildReport(bench.lib.engine, c, r.consultationId, '0.0.0');
    const warning = `第 1 轮：${SAID}`;
    assert.ok(model.warnings.includes(warning), model.warnings.join('\n'));
    const md = (await renderReport(model, 'md')).toString('utf8');
    assert.ok(md.includes(warning), 'among the Markdown report\'s warnings');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-spanned-'));
    try {
      const docx = path.join(dir, 'r.docx');
      fs.writeFileSync(docx, await renderReport(model, 'docx'));
      assert.ok((await docxParts(docx))['document.xml']!.split('\n').some((l) => l.includes(warning)), 'among the Word report\'s warnings');
      if (!NO_PDF) {
        const pdf = path.join(dir, 'r.pdf');
        fs.writeFileSync(pdf, await renderReport(model, 'pdf'));
        const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
        assert.ok(text.includes('本案事实跨越《中华人民共和国商标法》2019年修正（2019-04-23通过，2019-11-01起施行）'), 'among the PDF report\'s warnings');
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('公司法, whose 2018 text the library holds: the 2023 revision lies between 2020 and 2024年10月, and the cited article is named with its earlier number', async () => {
    scripted(null, '股东 按期足额缴纳 公司章程规定 认缴的出资额', /各自所认缴的出资额/, '公司法');
    const r = await bench.consultations().ask({ text: '股东2020年认缴出资，2024年10月公司起诉要求股东缴纳出资，股东未按期足额缴纳出资要承担什么责任？' });
    assert.equal(r.status, 'done', JSON.stringify(r.error));
    const [s] = r.spannedAmendments ?? [];
    assert.equal(s?.title, '中华人民共和国公司法');
    assert.deepEqual(s?.changes.map((c) => [c.name, c.inForce, c.earlierText, c.sure]), [['2023 年修订', '2024-07-01', '2018-10-26', true]]);
    assert.deepEqual(s?.changes[0]?.differing, ['第四十九条（修改前为第二十八条）']);
    assert.match(s!.zh, /法规库收有修改前的文本（2018-10-26 版），本轮涉及的条文中第四十九条（修改前为第二十八条）在两版中不同。/);
  });

  test('nothing is said for a version year naming a law, a fact beside the consultation\'s own date, or facts after the amendment', async () => {
    scripted('2018-03-01', '恶意侵犯商标专用权 情节严重 惩罚性赔偿 一倍以上五倍以下', /一倍以上五倍以下/, '商标法');
    const named = await bench.consultations().ask({ text: '依照2019年修正的商标法，对方2018年假冒我方注册商标，惩罚性赔偿最多几倍？' });
    assert.equal(named.status, 'done');
    assert.deepEqual(named.spannedAmendments, []);
    const dated = await bench.consultations().ask({ text: '对方2018年假冒我方注册商标，今天是2022年5月10日，惩罚性赔偿最多几倍？', asOf: '2022-05-10' });
    assert.deepEqual(dated.spannedAmendments, []);
    const later = await bench.consultations().ask({ text: '对方从2020年开始销售假冒我方注册商标的商品，一直到2022年，惩罚性赔偿最多几倍？' });
    assert.ok(later.citations.some((x) => x.articleLabel === '第六十三条'));
    assert.deepEqual(later.spannedAmendments, [], 'the 2019 amendment took effect before the facts began');
  });
});
