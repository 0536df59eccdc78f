/**
 * A Word 97–2003 (.doc) brief, as many courts, firms and templates still keep them: `lexdesk check FILE.doc` reads
 * its body and footnotes (word-extractor), curly quotation marks as written. The .doc is made here by LibreOffice
 * from a Word file the test writes, so no binary fixture is kept.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Document, FootnoteReferenceRun, Packer, Paragraph, Textbox, TextRun } from 'docx';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { draftTextOf } from '../../main/util/draftFile.js';
import { isPasswordProtectedWord } from '../../main/util/wordBinaryText.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { buildLibrary, CORE_SUBSET, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SOFFICE = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((p) => fs.existsSync(p));
const SKIP = sharedSkipReason() || (SOFFICE ? false : 'skipped: LibreOffice (soffice) is missing, which writes the .doc files (apt install libreoffice-writer-nogui; .ci/run installs it)');

describe('checking the citations of a Word 97–2003 file', { skip: SKIP }, () => {
  let lib: TempLibrary;
  let dir: string;
  let doc: string;
  before(async () => {
    lib = await buildLibrary({ files: [...CORE_SUBSET] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-doc-'));
    const footnotes = { 1: { children: [new Paragraph('参见《劳动合同法》第四十七条。')] } };
    const word = new Document({
      footnotes,
      sections: [{ children: [
        // A soft line break (Shift+Enter) inside the first paragraph: no new paragraph in .doc or RTF either.
        new Paragraph({ children: [new TextRun('民事起诉状'), new TextRun({ text: '原告：张三', break: 1 })] }),
        new Paragraph({ children: [new TextRun('原告依据《中华人民共和国公司法》第七十一条规定：“股东向股东以外的人转让股权，应当经其他股东过半数同意。”提起诉讼。'), new FootnoteReferenceRun(1)] }),
        new Paragraph('依照《民法典》第一千一百六十五条。'),
        new Textbox({ style: { width: '200pt', height: '50pt' }, children: [new Paragraph('另见《刑法》第二百六十四条。')] }),
      ] }],
    });
    fs.writeFileSync(path.join(dir, 'brief.docx'), await Packer.toBuffer(word));
    execFileSync(SOFFICE!, [`-env:UserInstallation=file://${path.join(dir, 'profile')}`, '--headless', '--convert-to', 'doc', '--outdir', dir, path.join(dir, 'brief.docx')], { stdio: 'ignore', timeout: 120_000 });
    doc = path.join(dir, 'brief.doc');
  });
  after(async () => {
    await lib?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the body, its text box, then the footnotes, quotation marks as written', async () => {
    const bytes = fs.readFileSync(doc);
    assert.deepEqual([...bytes.subarray(0, 4)], [0xd0, 0xcf, 0x11, 0xe0], 'LibreOffice wrote a compound (OLE) file');
    // word-extractor turns Word's soft line break into a line break itself, before this code sees it: in a .doc it
    // still counts as a paragraph (RTF and .docx keep it apart).
    assert.equal((await draftTextOf(bytes, 'brief.doc')).text, '民事起诉状\n原告：张三\n原告依据《中华人民共和国公司法》第七十一条规定：“股东向股东以外的人转让股权，应当经其他股东过半数同意。”提起诉讼。\n依照《民法典》第一千一百六十五条。\n另见《刑法》第二百六十四条。\n参见《劳动合同法》第四十七条。');
  });

  test('the same brief saved as RTF: its body and footnote read, its citations checked', async () => {
    execFileSync(SOFFICE!, [`-env:UserInstallation=file://${path.join(dir, 'profile')}`, '--headless', '--convert-to', 'rtf', '--outdir', dir, path.join(dir, 'brief.docx')], { stdio: 'ignore', timeout: 120_000 });
    const rtf = path.join(dir, 'brief.rtf');
    assert.equal(fs.readFileSync(rtf).subarray(0, 5).toString('latin1'), '{\\rtf');
    const read = await draftTextOf(fs.readFileSync(rtf), 'brief.rtf');
    // LibreOffice writes no text box into RTF; the footnote follows the body, as in a Word file; the soft line break
    // (\line) is U+2028, and the paragraphs are numbered as in Word.
    assert.deepEqual(read, { text: '民事起诉状\u2028原告：张三\n原告依据《中华人民共和国公司法》第七十一条规定：“股东向股东以外的人转让股权，应当经其他股东过半数同意。”提起诉讼。\n依照《民法典》第一千一百六十五条。\n参见《劳动合同法》第四十七条。', paragraphs: true });
    const res = parseJsonOutput<{ citations: Array<{ articleLabel: string; finding: string; where: { line: number; unit: string } }> }>(
      await runCli(['check', rtf, '--as-of', '2026-11-27', '--json', '--db', lib.dbPath]));
    assert.deepEqual(res.citations.map((c) => [c.articleLabel, c.finding, c.where.line, c.where.unit]), [
      ['第七十一条', 'quote_mismatch', 2, 'paragraph'], ['第一千一百六十五条', 'ok', 3, 'paragraph'], ['第四十七条', 'ok', 4, 'paragraph'],
    ]);
  });

  test('a file protected by a password is refused with what to do, not read as a text with no citations', async () => {
    const bytes = fs.readFileSync(doc);
    // Word keeps the FIB readable in an encrypted file and sets its fEncrypted flag (bit 8 of the flags at 0x0A);
    // LibreOffice cannot write such a file here, so the flag is set on the file it wrote, whose text stays readable.
    // Where the WordDocument stream begins: its FIB's magic number followed by Word 97's version (0x00C1 and up).
    const fib = [...Array(Math.floor((bytes.length - 512) / 64)).keys()].map((i) => 512 + i * 64)
      .find((at) => bytes.readUInt16LE(at) === 0xa5ec && bytes.readUInt16LE(at + 2) >= 0x00c1);
    assert.ok(fib !== undefined, 'the WordDocument stream\'s FIB');
    assert.equal(await isPasswordProtectedWord(bytes), false);
    assert.equal(bytes.readUInt16LE(fib + 0x0a) & 0x0100, 0, 'written without a password');
    const locked = Buffer.from(bytes);
    locked.writeUInt16LE(locked.readUInt16LE(fib + 0x0a) | 0x0100, fib + 0x0a);
    fs.writeFileSync(path.join(dir, 'locked.doc'), locked);
    const res = await runCli(['check', path.join(dir, 'locked.doc'), '--db', lib.dbPath]);
    assert.equal(res.code, 1);
    assert.match(res.stderr, /locked\.doc is protected by a password \(打开密码\), so its text cannot be read: open it in Word or WPS, remove the password/);
    await assert.rejects(draftTextOf(locked, 'locked.doc'), /protected by a password/);
    assert.equal(await isPasswordProtectedWord(locked), true);
    assert.equal(await isPasswordProtectedWord(Buffer.from('not a compound file')), false, 'no directory: word-extractor says what is wrong');
  });

  test('lexdesk check FILE.doc: each citation checked, the quotation traced to 2018', async () => {
    const res = parseJsonOutput<{ citations: Array<{ articleLabel: string; finding: string; noteZh: string | null; where: { line: number } }> }>(
      await runCli(['check', doc, '--as-of', '2026-11-27', '--json', '--db', lib.dbPath]));
    assert.deepEqual(res.citations.map((c) => [c.articleLabel, c.finding, c.where.line]), [['第七十一条', 'quote_mismatch', 3], ['第一千一百六十五条', 'ok', 4], ['第二百六十四条', 'ok', 5], ['第四十七条', 'ok', 6]], 'the soft line break counted (see above)');
    assert.match(res.citations[0]!.noteZh!, /引文是 2018-10-26 版第七十一条的条文（已被修订）；2023-12-29 版中为第八十四条，内容有修改$/);
    // The same through the app's route, as the page uploads a chosen file.
    const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    const uploaded = await api.call('statute.checkText', { file: fs.readFileSync(doc).toString('base64'), fileName: 'brief.doc', asOf: '2026-11-27' });
    assert.ok(uploaded.ok, JSON.stringify(uploaded));
    assert.deepEqual((uploaded.data as { citations: Array<{ finding: string }> }).citations.map((c) => c.finding), ['quote_mismatch', 'ok', 'ok', 'ok']);
    const damaged = path.join(dir, 'damaged.doc');
    fs.writeFileSync(damaged, Buffer.concat([fs.readFileSync(doc).subarray(0, 512), Buffer.alloc(1024)]));
    const refused = await runCli(['check', damaged, '--db', lib.dbPath]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /damaged\.doc could not be read as a Word 97–2003 \(\.doc\) file \(.+\); a WPS file or a damaged one: open it and save it as \.docx/);
  });
});
