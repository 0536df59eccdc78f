import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evidenceLine } from '../../main/consult/prompts.js';
import { STATUS_ZH } from '../../main/library/status.js';

const article = { lawTitle: '中华人民共和国公司法', articleLabel: '第七十一条', text: '有限责任公司的股东之间可以相互转让其全部或者部分股权。', province: '', publishDate: '2018-10-26' };

describe('status wording: one table for the prompt, the CLI, the reports and the host', () => {
  it('names a superseded version as 已被修订, not as an amended text', () => {
    // 「已修订」 reads like the label of an amended current text (（2018年修订）); a lawyer must see that this version was replaced.
    assert.equal(STATUS_ZH.superseded, '已被修订');
    assert.equal(STATUS_ZH.repealed, '已废止');
  });

  it('tells the LLM each non-current status in the same words the user sees', () => {
    for (const status of ['superseded', 'repealed', 'pending'] as const) {
      const line = evidenceLine({ ...article, status });
      assert.ok(line.includes(`（${STATUS_ZH[status]}，2018-10-26版）`), line);
    }
    assert.ok(!evidenceLine({ ...article, status: 'current' }).includes('（'), 'a current article carries no status note');
  });
});
