import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { luhn, Redactor, validIdCard } from '../../main/llm/redaction.js';

// A syntactically valid ID number (checksum computed by the rule, not a real person's).
const ID = '11010519491231002X';
const CARD = '6222021234567890128'; // passes the Luhn check
const TEXT = `我叫王小明，身份证${ID}，电话13812345678，邮箱wang.xm@example.com，车牌京A12345，工资卡${CARD}。王小明的同事是李四。`;

describe('redaction of personal identifiers', () => {
  test('checksums: ID card and Luhn', () => {
    assert.equal(validIdCard(ID), true);
    assert.equal(validIdCard('110105194912310021'), false);
    assert.equal(luhn(CARD), true);
    assert.equal(luhn('6222021234567890123'), false);
  });

  test('every kind is replaced with a placeholder, and restored', () => {
    const r = new Redactor([], ['王小明', '李四']);
    const out = r.redact(TEXT);
    for (const secret of [ID, '13812345678', 'wang.xm@example.com', '京A12345', CARD, '王小明', '李四']) assert.ok(!out.includes(secret), `${secret} is redacted: ${out}`);
    assert.match(out, /\[身份证号1\]/);
    assert.match(out, /\[电话1\]/);
    assert.match(out, /\[当事人A\].*\[当事人A\]的同事是\[当事人B\]/);
    assert.equal(r.restore(out), TEXT);
    assert.deepEqual(new Set(r.all().map((x) => x.kind)), new Set(['name', 'id_card', 'phone', 'email', 'plate', 'bank_card']));
  });

  test('placeholders are stable across turns of a consultation', () => {
    const first = new Redactor();
    first.redact('电话13812345678');
    const second = new Redactor(first.all());
    assert.equal(second.redact('再说一次，电话13812345678，另一个13900001111'), '再说一次，电话[电话1]，另一个[电话2]');
  });

  test('a name redacted or marked earlier in the consultation is redacted again, with its placeholder', () => {
    const first = new Redactor();
    first.markNames(['李四', '王五']);
    assert.deepEqual(first.all().map((x) => [x.placeholder, x.original]), [['[当事人A]', '李四'], ['[当事人B]', '王五']], 'marked names are recorded before they appear');
    const later = new Redactor(first.all());
    assert.equal(later.redact('王五和李四'), '[当事人B]和[当事人A]');
  });

  test('numbers that only look like identifiers are left alone', () => {
    const r = new Redactor();
    const text = '合同金额1234567890123456元，第1165条，2023年5月1日，案号(2023)京0105民初12345号';
    assert.equal(r.redact(text), text);
  });

  test('a streamed answer is restored without splitting a placeholder', () => {
    const r = new Redactor();
    r.redact('电话13812345678');
    let out = '';
    const s = r.streamRestorer((t) => (out += t));
    for (const piece of ['请拨打[电', '话1]联系，', '或[备注]']) s.push(piece);
    s.end();
    assert.equal(out, '请拨打13812345678联系，或[备注]');
  });
});
