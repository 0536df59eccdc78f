/** A consultation's date and place are set when it starts; a turn asking for another is refused before anything is stored. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { Consultations } from '../../main/consult/index.js';
import { createEngine } from '../../main/engine/index.js';
import { buildReport } from '../../main/report/model.js';
import { renderMarkdown } from '../../main/report/markdown.js';

test('a follow-up asking another date or place is refused with what to do; the same or none goes on', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-settings-'));
  const engine = createEngine({ dbPath: path.join(dir, 'library.db') });
  try {
    fs.writeFileSync(path.join(dir, 'a.jsonl'), `${JSON.stringify({ law: '测试劳动法', article: '第一条', text: '用人单位应当按时足额支付劳动报酬。', publish: '2010-01-01' })}\n`);
    await engine.importPath(path.join(dir, 'a.jsonl'));
    const consultations = new Consultations({ engine, llm: null });
    const first = await consultations.ask({ text: '公司拖欠工资怎么办', asOf: '2020-06-01', place: '北京' });
    const id = first.consultationId;
    const turns = () => consultations.get(id).turns.length;
    await assert.rejects(consultations.ask({ consultationId: id, text: '还能要求补偿吗', asOf: '2023-01-01' }),
      /Consultation \d+ applies the law as of 2020-06-01; a consultation's date is set when it starts\. To apply the law as of 2023-01-01, start a new consultation/);
    await assert.rejects(consultations.ask({ consultationId: id, text: '还能要求补偿吗', place: '上海' }), /has the place 北京; a consultation's place is set when it starts/);
    assert.equal(turns(), 1, 'nothing stored for a refused turn');
    await consultations.ask({ consultationId: id, text: '还能要求补偿吗', asOf: '2020-06-01', place: '北京' });
    await consultations.ask({ consultationId: id, text: '需要什么证据' });
    assert.equal(turns(), 3);
    // The report says where the law is applied, beside the date.
    const md = renderMarkdown(buildReport(engine, consultations, id, 'test'));
    // …and, no province pack being installed, that 北京's local regulations were not searched.
    assert.match(md, /- 适用法律截至：2020-06-01\n- 适用地域：北京（未检索该地的地方性法规：法规库未安装地方性法规，仅检索了全国性的法律、行政法规、司法解释等）\n/);
  } finally {
    engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
