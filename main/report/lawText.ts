/**
 * A law's whole text (全文) as a file: Markdown or Word, with its version, title note, table of contents and every
 * article under its headings, for printing or a case file (`lexdesk read --out`, 下载全文 in the app's reader).
 */
import { AlignmentType, Document, Footer, HeadingLevel, Packer, PageNumber, Paragraph, TableOfContents, TextRun, type IStylesOptions } from 'docx';
import { articleHead, readingBlocks, type LawText, type LawTextSection } from '../library/lawText.js';
import { datedArticleNote, sourceNoteLine, titleNote } from '../../preload/contract/lawReading.js';
export { bookTitle } from '../../preload/contract/citationLine.js';
import { withDocumentSafeText } from './index.js';
import { versionLine } from './labels.js';
import { mdText } from './markdown.js';
import { CREDIT } from './model.js';
import { localStamp } from '../../preload/contract/localTime.js';

const OFFICIAL_TEXT = '本文本由 LexDesk 自本地法规库生成，仅供检索参考；正式引用请以官方公布的文本为准。';
const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4];
/** The list's indent for each level below the first, as the listing had it before it was a field. */
const TOC_INDENT = 420;

/**
 * Word's look for the text, with Heading 1–4 given their outline levels (编 0, 分编 1, 章 2, 节 3), which Word's TOC
 * field and navigation pane read, and the entries of the table of contents (TOC 1–4) indented by level.
 */
const LAW_TEXT_STYLES: IStylesOptions = {
  default: {
    document: { run: { font: { ascii: 'Calibri', eastAsia: 'SimSun', hAnsi: 'Calibri' }, size: 21 } },
    ...Object.fromEntries(HEADINGS.map((_, level) => [`heading${level + 1}`, { paragraph: { outlineLevel: level } }])),
  },
  paragraphStyles: HEADINGS.map((_, level) => ({
    id: `TOC${level + 1}`, name: `toc ${level + 1}`, basedOn: 'Normal', next: 'Normal', uiPriority: 39, semiHidden: true, unhideWhenUsed: true,
    paragraph: { indent: { left: TOC_INDENT * level }, spacing: { after: 60 } },
  })),
};

/** `heading`: the part read (第四章), when not the whole law. */
export interface LawTextFile {
  text: LawText;
  sections?: readonly LawTextSection[];
  heading?: string;
  generatedAt?: string;
}

/** 2020-12-26 版 · 2021-03-01 施行 · 现行有效 · 已含其后《刑法修正案（十二）》（2023-12-29）的修改 */
export function readingLine(text: Pick<LawText, 'publishDate' | 'effectiveDate' | 'status' | 'holds'>): string {
  const held = text.holds?.length ? `已含其后${text.holds.map((h) => `${h.source}（${h.date}）`).join('、')}的修改` : null;
  return [versionLine(text), held].filter(Boolean).join(' · ');
}

function subtitleOf(f: LawTextFile): string {
  const generated = localStamp(f.generatedAt ?? new Date());
  return [readingLine(f.text), f.heading ? `节选：${f.heading}` : null, `生成时间 ${generated}`].filter(Boolean).join(' · ');
}

export function lawTextMarkdown(file: LawTextFile): string {
  const f = withDocumentSafeText(file);
  const blocks = readingBlocks(f.sections ?? f.text.sections);
  const out = [`# ${mdText(f.text.lawTitle)}`, '', `*${mdText(subtitleOf(f))}*`, ''];
  const note = titleNote(f.text.history);
  if (note) out.push(mdText(note), '');
  if (f.text.dateNote) out.push(`> **注意**：${mdText(f.text.dateNote.zh)}`, '');
  if (f.text.lead && !f.heading) out.push(...f.text.lead.split('\n').flatMap((p) => [mdText(p), '']));
  const headings = blocks.filter((b) => b.kind === 'heading');
  if (headings.length > 1) {
    out.push('**目录**', '');
    for (const h of headings) out.push(`${'  '.repeat(h.depth)}- ${mdText(h.text)}`);
    out.push('');
  }
  const dated = datedOf(f);
  for (const b of blocks) {
    if (b.kind === 'heading') out.push(`${'#'.repeat(Math.min(b.depth + 2, 6))} ${mdText(b.text)}`, '');
    else {
      const head = articleHead(b.articleKind, b.label);
      b.paragraphs.forEach((p, i) => out.push(i === 0 && head ? `**${mdText(head.trim())}**　${mdText(p)}` : mdText(p), ''));
      // The collection's footnote (刑法 第四百五十二条's ①): set apart, and said to be no statute text.
      for (const n of b.notes) out.push(`> *${mdText(sourceNoteLine(n))}*`, '');
      if (dated.has(b.id)) out.push(`> **注意**：${mdText(dated.get(b.id)!)}`, '');
    }
  }
  out.push('---', '', mdText(OFFICIAL_TEXT), '', mdText(CREDIT));
  return `${out.join('\n')}\n`;
}

export async function lawTextDocx(file: LawTextFile): Promise<Buffer> {
  const f = withDocumentSafeText(file);
  const blocks = readingBlocks(f.sections ?? f.text.sections);
  const small = (text: string) => new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text, size: 18, color: '555555' })] });
  const children: Array<Paragraph | TableOfContents> = [new Paragraph({ text: f.text.lawTitle, heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER }), small(subtitleOf(f))];
  const dated = datedOf(f);
  const note = titleNote(f.text.history);
  if (note) children.push(new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: note, size: 20 })] }));
  if (f.text.dateNote) children.push(new Paragraph({ children: [new TextRun({ text: '注意：', bold: true, color: 'A86400' }), new TextRun({ text: f.text.dateNote.zh, color: 'A86400' })] }));
  if (f.text.lead && !f.heading) for (const p of f.text.lead.split('\n')) children.push(new Paragraph({ text: p, indent: { firstLine: 420 } }));
  if (blocks.filter((b) => b.kind === 'heading').length > 1) children.push(...tableOfContents());
  for (const b of blocks) {
    if (b.kind === 'heading') children.push(new Paragraph({ text: b.text, heading: HEADINGS[Math.min(b.depth, HEADINGS.length - 1)], alignment: AlignmentType.CENTER }));
    else {
      const head = articleHead(b.articleKind, b.label);
      b.paragraphs.forEach((p, i) => {
        const runs = i === 0 && head ? [new TextRun({ text: head, bold: true }), new TextRun(p)] : [new TextRun(p)];
        children.push(new Paragraph({ children: runs, indent: { firstLine: 420 } }));
      });
      for (const n of b.notes) children.push(new Paragraph({ children: [new TextRun({ text: sourceNoteLine(n), italics: true, color: '555555', size: 18 })], indent: { firstLine: 420 } }));
      if (dated.has(b.id)) children.push(new Paragraph({ children: [new TextRun({ text: `注意：${dated.get(b.id)!}`, color: 'A86400', size: 18 })], indent: { firstLine: 420 } }));
    }
  }
  children.push(small(OFFICIAL_TEXT), small(CREDIT));
  const doc = new Document({
    creator: 'LexDesk',
    title: f.text.lawTitle,
    styles: LAW_TEXT_STYLES,
    // Word fills in the table's page numbers when it opens the file (it asks first); until then it reads as a listing.
    features: { updateFields: true },
    sections: [{
      footers: { default: new Footer({ children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ children: ['第 ', PageNumber.CURRENT, ' 页，共 ', PageNumber.TOTAL_PAGES, ' 页'], size: 18 })] })] }) },
      children,
    }],
  });
  return Packer.toBuffer(doc);
}

/**
 * 目录, then Word's TOC field over Heading 1–4 (`TOC \h \o "1-4"`), its result written beforehand by `docx` from the
 * headings — each entry linked to its heading, the page number left for Word —, so the file reads right before its
 * fields are updated, and Word or LibreOffice can set the page numbers (References → Update Table, or on opening).
 */
function tableOfContents(): Array<Paragraph | TableOfContents> {
  return [
    new Paragraph({ children: [new TextRun({ text: '目录', bold: true })], alignment: AlignmentType.CENTER }),
    new TableOfContents('目录', { hyperlink: true, headingStyleRange: `1-${HEADINGS.length}` }),
  ];
}

/** Read as of a date: each article that read otherwise then (or was no law), with what to say beside it. */
function datedOf(f: LawTextFile): Map<number, string> {
  const asOf = f.text.asOf;
  return new Map(asOf ? (f.text.datedArticles ?? []).map((d) => [d.id, datedArticleNote(d, asOf).zh]) : []);
}

/** A law's text as the bytes of a Markdown or Word file. */
export async function renderLawText(file: LawTextFile, format: 'md' | 'docx'): Promise<Buffer> {
  return format === 'docx' ? lawTextDocx(file) : Buffer.from(lawTextMarkdown(file), 'utf8');
}
