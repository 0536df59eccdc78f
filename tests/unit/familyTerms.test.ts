/**
 * The family and inheritance words (familyTerms.ts): the statute terms each question of the probe set gets, and, where
 * the shared data is here, that no entry fires on a question of stard-train.jsonl or a user turn of multiturn-dev.jsonl
 * (the condition the entries were added under).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { entriesFiring, trainingQuestionTexts } from '../helpers/trainingTexts.js';
import { test } from 'node:test';
import { FAMILY_TERMS } from '../../main/search/familyTerms.js';
import { layTermExpansion } from '../../main/search/layTerms.js';
import { EVAL_DIR } from '../helpers/library.js';

const fires = (text: string) => entriesFiring(FAMILY_TERMS, text);

test('everyday questions get the statute terms of their rule', () => {
  const terms = (q: string) => layTermExpansion(q);
  assert.ok(terms('结婚前他爸妈出了首付买的房，婚后我们一起还房贷，离婚房子怎么分').includes('共同财产还贷'));
  assert.ok(terms('婚前我爸妈给我们俩买房出了钱，离婚时这笔钱算谁的').includes('购置房屋'));
  assert.ok(terms('离婚后才发现前夫藏了一笔钱，还能再分吗').includes('再次分割夫妻共同财产'));
  assert.ok(terms('父亲在手机备忘录里写了遗嘱，有效吗').includes('打印遗嘱'));
  assert.ok(terms('外公录了一段视频说财产都给舅舅，算数吗').includes('录音录像'));
  assert.ok(terms('我哥是残疾人没有收入，爸爸的遗嘱把房子全给了我').includes('必要的遗产份额'));
});

test('a question already in the statute\'s words, or about something else, gets none of them', () => {
  for (const q of ['婚前男方父母出资全款购买房子，登记在两人名下，如果离婚怎么分', '父母给我钱让我去上学', '手机被偷了怎么办', '他把遗嘱藏起来了', '残疾人就业有什么优惠']) {
    assert.deepEqual(fires(q).map(([, t]) => t[0]), [], q);
  }
});

test('no entry fires on a question of stard-train or a user turn of multiturn-dev', { skip: fs.existsSync(path.join(EVAL_DIR, 'stard-train.jsonl')) ? false : 'shared eval data not present' }, () => {
  const texts = trainingQuestionTexts();
  assert.ok(texts.length > 1500);
  assert.deepEqual(texts.filter((t) => fires(t).length > 0), []);
});
