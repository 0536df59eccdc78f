/**
 * The everyday words of IP matters (ipTerms.ts): each entry fires on the tuned probe questions it was written for, and
 * none fires on a stard-train or multiturn-dev question (the labelled sets the models are trained and tuned on), so the
 * retrieval figures measured on them stand.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { IP_TERMS } from '../../main/search/ipTerms.js';
import { layTermExpansion } from '../../main/search/layTerms.js';
import { sharedSkipReason } from '../helpers/library.js';
import { entriesFiring, trainingQuestionTexts } from '../helpers/trainingTexts.js';

const fired = (text: string) => entriesFiring(IP_TERMS, text);

describe('everyday IP wording', () => {
  test('the tuned questions get the statutes\' terms', () => {
    assert.ok(layTermExpansion('对方明知是假冒我们牌子的货还一直卖，能要求几倍赔偿').includes('注册商标专用权'));
    assert.ok(layTermExpansion('有人把我拍的短视频搬运到他自己的账号上，怎么维权').includes('信息网络传播权'));
    assert.ok(layTermExpansion('前员工把公司的客户名单带走，去了竞争对手那里').includes('商业秘密'));
    assert.ok(layTermExpansion('员工离职后去同行上班，竞业协议最长能签多久').includes('不得超过二年'));
    assert.ok(layTermExpansion('别人仿冒我们产品的包装，消费者都买混了').includes('混淆行为'));
    assert.ok(layTermExpansion('专利被人侵权了，赔偿怎么算').includes('侵犯专利权的赔偿数额'));
    // A question about a trademark's defences is no question of a fake's damages.
    assert.deepEqual(fired('商标侵权损害赔偿的抗辩都有哪些？'), []);
  });

  test('no entry fires on a stard-train or multiturn-dev question', { skip: sharedSkipReason() }, () => {
    const texts = trainingQuestionTexts();
    assert.ok(texts.length > 1500);
    assert.deepEqual(texts.filter((t) => fired(t).length > 0), []);
  });
});
