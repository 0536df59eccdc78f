import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Document, Packer, Paragraph } from 'docx';
import { decodeText, draftTextOf, htmlText } from '../../main/util/draftFile.js';

const TEXT = '依照《刑法》第二百六十四条处理。';
/** TEXT as Chinese Windows saves it by default (GBK), written out byte by byte. */
const GBK = Buffer.from([210, 192, 213, 213, 161, 182, 208, 204, 183, 168, 161, 183, 181, 218, 182, 254, 176, 217, 193, 249, 202, 174, 203, 196, 204, 245, 180, 166, 192, 237, 161, 163]);

test('plain text in the encodings Chinese Windows writes: UTF-8 (with or without BOM), GBK, UTF-16 with its BOM', () => {
  assert.equal(decodeText(Buffer.from(TEXT, 'utf8')), TEXT);
  assert.equal(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT, 'utf8')])), TEXT);
  assert.equal(decodeText(GBK), TEXT);
  assert.equal(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')])), TEXT);
  assert.equal(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(TEXT, 'utf16le').swap16()])), TEXT);
  assert.throws(() => decodeText(Buffer.from([0x41, 0xff, 0x41]), 'x.txt'), /x\.txt is neither UTF-8 nor GBK text/);
});

test('a web page, or an HTML "Word" file as court sites save judgments: its visible text, a block per line, source line breaks inside words gone', async () => {
  const html = `<html xmlns:w="urn:schemas-microsoft-com:office:word"><head><meta charset="gbk"><title>判决书</title><style>p { margin: 0 }</style>
    <!--[if gte mso 9]><xml><w:WordDocument></w:WordDocument></xml><![endif]--></head>
    <body><div>北京市某区人民法院</div><p>本院认为，依照《中华人民共和国刑法》第二百
    六十四条之规定&nbsp;&ldquo;盗窃公私财物&rdquo;&#12290;</p><table><tr><td>审判长</td><td>张三</td></tr></table><script>var x = '《民法典》第一条';</script></body></html>`;
  assert.equal(htmlText(html), '北京市某区人民法院\n本院认为，依照《中华人民共和国刑法》第二百六十四条之规定 “盗窃公私财物”。\n审判长\t张三');
  const gbkDoc = Buffer.concat([Buffer.from('<html><body><p>', 'latin1'), GBK, Buffer.from('</p></body></html>', 'latin1')]);
  assert.equal((await draftTextOf(gbkDoc, '判决书.doc')).text, TEXT, 'a .doc that is HTML in GBK');
  // A page that declares an encoding neither UTF-8 nor GBK: 依照《刑法》第二百六十四條 in Big5.
  const big5 = Buffer.from([168, 204, 183, 211, 161, 109, 166, 68, 170, 107, 161, 110, 178, 196, 164, 71, 166, 202, 164, 187, 164, 81, 165, 124, 177, 248]);
  const page = Buffer.concat([Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=big5"></head><body>', 'latin1'), big5, Buffer.from('</body></html>', 'latin1')]);
  assert.equal((await draftTextOf(page, 'taiwan.html')).text, '依照《刑法》第二百六十四條');
  const wrongLabel = Buffer.from(`<html><head><meta charset="iso-8859-1"></head><body>${TEXT}</body></html>`, 'utf8');
  assert.equal((await draftTextOf(wrongLabel, 'mislabelled.html')).text, TEXT, 'valid UTF-8 is read as UTF-8, whatever the page declares');
  // What a malformed page leaves: an unclosed comment hides the rest, a stray < stays, entities past Unicode stay as written.
  assert.equal(htmlText('<html><p>第一条</p><!-- never closed <p>第二条'), '第一条');
  assert.equal(htmlText('<html><p>甲<乙</p><p>&#99999999;&emsp;丙</p>'), '甲<乙\n&#99999999; 丙');
  // Hidden elements go with their content, closed or not; a <header> is no <head>; a comment inside a script is the script's.
  assert.equal(htmlText('<html><HEAD><meta charset="utf-8"><BODY><p>依照《刑法》第二百六十四条</p>'), '依照《刑法》第二百六十四条', 'an unclosed <head> ends at <body>');
  assert.equal(htmlText('<html><body><header>北京市某区人民法院</header><script>var s = "<!--";</script><div title="a<b">判决如下</div><style>p{}'), '北京市某区人民法院\n判决如下\np{}', 'an unclosed <style> loses its tag only: nothing of the page is lost');
  assert.equal(htmlText('<html><body><p>İ依据《民法典》第一条</p>'), 'İ依据《民法典》第一条', 'only ASCII letters are lowered, so no offset shifts');
});

test('the content decides: a .doc that is a Word 2007 file is read as one; a compound file that is no Word document, or RTF, is refused with how to save it', async () => {
  const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph(TEXT)] }] }));
  assert.equal((await draftTextOf(docx, 'renamed.doc')).text, TEXT);
  const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
  await assert.rejects(draftTextOf(ole, 'old.wps'), /old\.wps could not be read as a Word 97–2003 \(\.doc\) file \(.+\); a WPS file or a damaged one: open it and save it as \.docx \(另存为 → Word 文档\) or PDF/);
  await assert.rejects(draftTextOf(Buffer.from('{\\rtf1\\ansi 第一条}'), 'a.rtf'), /a\.rtf is a Rich Text \(RTF\) file/);
  assert.deepEqual(await draftTextOf(Buffer.from('# 意见\n《民法典》第一条'), 'notes.md'), { text: '# 意见\n《民法典》第一条', paragraphs: false }, 'Markdown stays as written, its lines lines');
  assert.equal((await draftTextOf(docx, 'renamed.doc')).paragraphs, true, 'a Word file\'s lines are paragraphs');
});
