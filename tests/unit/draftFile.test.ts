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

test('the content decides: a .doc that is a Word 2007 file is read as one; a compound file that is no Word document is refused with how to save it', async () => {
  const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph(TEXT)] }] }));
  assert.equal((await draftTextOf(docx, 'renamed.doc')).text, TEXT);
  const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
  await assert.rejects(draftTextOf(ole, 'old.wps'), /old\.wps could not be read as a Word 97–2003 \(\.doc\) file \(.+\); a WPS file or a damaged one: open it and save it as \.docx \(另存为 → Word 文档\) or PDF/);
  assert.deepEqual(await draftTextOf(Buffer.from('# 意见\n《民法典》第一条'), 'notes.md'), { text: '# 意见\n《民法典》第一条', paragraphs: false }, 'Markdown stays as written, its lines lines');
  assert.equal((await draftTextOf(docx, 'renamed.doc')).paragraphs, true, 'a Word file\'s lines are paragraphs');
});

/** RTF as Word writes Chinese: the bytes of GBK, in a document whose code page is 936 or in a font whose character set is 134. */
const gbkEscaped = (text: string) => [...text].map((ch) => (ch.charCodeAt(0) < 0x80 ? ch : gbkBytes(ch))).join('');
function gbkBytes(ch: string): string {
  const bytes = GBK_SAMPLES[ch];
  assert.ok(bytes, `no GBK bytes written down for ${ch}`);
  return bytes.map((b) => `\\'${b.toString(16)}`).join('');
}
/** GBK's bytes for the characters used below (from the GB 2312 table: 依 d2c0, 照 d5d5, 《 a1b6, 》 a1b7, …). */
const GBK_SAMPLES: Record<string, number[]> = {
  依: [0xd2, 0xc0], 照: [0xd5, 0xd5], '《': [0xa1, 0xb6], '》': [0xa1, 0xb7], 刑: [0xd0, 0xcc], 法: [0xb7, 0xa8], 第: [0xb5, 0xda],
  二: [0xb6, 0xfe], 百: [0xb0, 0xd9], 六: [0xc1, 0xf9], 十: [0xca, 0xae], 四: [0xcb, 0xc4], 条: [0xcc, 0xf5], 参: [0xb2, 0xce], 见: [0xbc, 0xfb],
};

test('RTF: Word\'s GBK bytes, LibreOffice\'s Unicode escapes, footnotes after the body; fonts, fields and pictures left out', async () => {
  const cited = '依照《刑法》第二百六十四条';
  // Word: a Chinese code page, curly quotes as control words, a hyperlink field (its code skipped, its result kept), a picture, a footnote.
  const word = `{\\rtf1\\ansi\\ansicpg936\\deff0{\\fonttbl{\\f0\\fnil\\fcharset134 SimSun;}}{\\colortbl;\\red0\\green0\\blue0;}{\\*\\generator Microsoft Word;}`
    + `{\\info{\\title x}}\\pard\\f0 ${gbkEscaped(cited)}\\ldblquote ABC\\rdblquote{\\footnote \\chftn ${gbkEscaped('参见')}}\\par `
    + `{\\field{\\*\\fldinst HYPERLINK "http://x"}{\\fldrslt ${gbkEscaped('第十条')}}}{\\pict\\pngblip 89504e47}\\par}`;
  assert.deepEqual(await draftTextOf(Buffer.from(word, 'latin1'), 'brief.rtf'), { text: `${cited}“ABC”\n第十条\n参见`, paragraphs: true });
  // The same bytes in a Western document, in a font whose character set is GBK's.
  const western = `{\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f0 Arial;}{\\f1\\fnil\\fcharset134 SimSun;}}\\f1 ${gbkEscaped(cited)}\\f0  caf\\'e9}`;
  assert.equal((await draftTextOf(Buffer.from(western, 'latin1'), 'a.rtf')).text, `${cited} café`);
  // LibreOffice: Unicode escapes, each followed by one fallback character (\\uc1) that is not text.
  const unicode = `{\\rtf1\\ansi{\\fonttbl{\\f0 Liberation Serif;}}\\uc1 ${[...cited].map((ch) => `\\u${ch.charCodeAt(0)}\\'3f`).join('')}\\par \\uc2\\u25991?? A\\{b\\}}`;
  assert.equal((await draftTextOf(Buffer.from(unicode, 'latin1'), 'a.rtf')).text, `${cited}\n文 A{b}`);
  // Binary picture data (\\binN) is skipped by its length, whatever bytes it holds.
  const binary = `{\\rtf1\\ansi {\\pict\\bin6 }{\\x}Q}B A\\par after}`;
  assert.equal((await draftTextOf(Buffer.from(binary, 'latin1'), 'a.rtf')).text, 'B A\nafter');
  // A damaged or hostile file: groups nested a million deep and never closed; past a depth they share one state.
  const deep = await draftTextOf(Buffer.from(`{\\rtf1 ${'{'.repeat(1_000_000)}abc\\`, 'latin1'), 'deep.rtf');
  assert.equal(deep.text, 'abc');
});
