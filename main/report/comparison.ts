/**
 * A revised law side by side (新旧对照表, `lexdesk compare --out`): as Markdown, or as a Word document
 * with a table of the articles and each amendment's deletions struck through and insertions underlined.
 */
import { BorderStyle, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import type { ComparisonRow, VersionComparison } from '../library/versions/compareVersions.js';
import { withDocumentSafeText } from './index.js';
import { bookTitle } from '../../preload/contract/citationLine.js';

export const COMPARISON_MATCH_ZH: Record<ComparisonRow['match'], string> = { identical: '内容相同', amended: '修改', partly: '部分对应', added: '新增', merged: '并入', removed: '删除' };

const punctuationCount = (c: VersionComparison): number => c.rows.filter((r) => r.punctuationOnly).length;

/** 修改, or 修改（仅标点） for an article whose words are the same (a colon made full-width). */
export function matchZh(r: Pick<ComparisonRow, 'match' | 'punctuationOnly'>): string {
  return r.punctuationOnly ? `${COMPARISON_MATCH_ZH[r.match]}（仅标点）` : COMPARISON_MATCH_ZH[r.match];
}

const title = (c: VersionComparison) => `${bookTitle(c.lawTitle)}新旧对照（${c.older.publishDate} 版 → ${c.newer.publishDate} 版）`;
const summary = (c: VersionComparison) =>
  `新版内容相同 ${c.counts.identical} 条，修改 ${c.counts.amended} 条${punctuationCount(c) ? `（其中 ${punctuationCount(c)} 条仅改标点）` : ''}，部分对应 ${c.counts.partly} 条，新增 ${c.counts.added} 条；旧版并入他条 ${c.counts.merged} 条，删除 ${c.counts.removed} 条。对应关系按条文文字比对得出（相似度为两条共有字对的比例），供核对参考。`;
const similarity = (r: ComparisonRow) => (r.similarity !== null ? `${Math.round(r.similarity * 100)}%` : '');
const heading = (r: ComparisonRow) => (r.match === 'merged' ? `原${r.older!.label}（并入${r.newer!.label}）` : `${r.newer!.label}（原${r.older!.label}）`);
/** Rows whose change is shown in full: both articles named, and a text that changed. */
const changed = (c: VersionComparison) => c.rows.filter((r) => r.diff && r.newer && r.older);

export function comparisonMarkdown(comparison: VersionComparison): string {
  const c = withDocumentSafeText(comparison);
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const lines = [
    `# ${title(c)}`,
    '',
    summary(c),
    '',
    `| ${c.newer.publishDate} 版 | ${c.older.publishDate} 版 | 变化 | 相似度 | 另见 |`,
    '|---|---|---|---|---|',
    ...c.rows.map((r) => `| ${r.newer?.label ?? '—'} | ${r.older?.label ?? '—'} | ${matchZh(r)} | ${similarity(r)} | ${cell(r.also.map((a) => a.label).join('、'))} |`),
    '',
    '## 修改内容',
    '',
    '删除线为删去的文字，加粗为新增的文字。',
  ];
  for (const r of changed(c)) {
    // Marks close at each line break: Markdown emphasis cannot span lines.
    const marked = r.diff!.map(([op, text]) => (op === 0 ? text : text.split('\n').map((t) => (t ? (op < 0 ? `~~${t}~~` : `**${t}**`) : t)).join('\n'))).join('');
    lines.push('', `### ${heading(r)}`, '', ...marked.split('\n').map((l) => `> ${l}`));
  }
  return `${lines.join('\n')}\n`;
}

export async function comparisonDocx(comparison: VersionComparison): Promise<Buffer> {
  const c = withDocumentSafeText(comparison);
  const border = { style: BorderStyle.SINGLE, size: 4, color: 'BBBBCC' };
  const row = (cells: string[], header = false) =>
    new TableRow({ tableHeader: header, children: cells.map((text) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold: header })] })] })) });
  const children: Array<Paragraph | Table> = [
    new Paragraph({ text: title(c), heading: HeadingLevel.TITLE }),
    new Paragraph(summary(c)),
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      borders: { top: border, bottom: border, left: border, right: border, insideHorizontal: border, insideVertical: border },
      rows: [
        row([`${c.newer.publishDate} 版`, `${c.older.publishDate} 版`, '变化', '相似度', '另见'], true),
        ...c.rows.map((r) => row([r.newer?.label ?? '—', r.older?.label ?? '—', matchZh(r), similarity(r), r.also.map((a) => a.label).join('、')])),
      ],
    }),
    new Paragraph({ text: '修改内容', heading: HeadingLevel.HEADING_1 }),
    new Paragraph({ children: [new TextRun({ text: '删除线为删去的文字，下划线为新增的文字。', size: 18, color: '555555' })] }),
  ];
  for (const r of changed(c)) {
    children.push(new Paragraph({ text: heading(r), heading: HeadingLevel.HEADING_3 }));
    // One paragraph per line of the newer layout; each part of the diff a run, struck through or underlined.
    let runs: TextRun[] = [];
    for (const [op, text] of r.diff!) {
      text.split('\n').forEach((piece, i) => {
        if (i > 0) {
          children.push(new Paragraph({ children: runs }));
          runs = [];
        }
        if (piece) runs.push(new TextRun({ text: piece, strike: op < 0, underline: op > 0 ? {} : undefined, color: op < 0 ? 'A61B1B' : op > 0 ? '17622E' : undefined }));
      });
    }
    children.push(new Paragraph({ children: runs }));
  }
  const doc = new Document({
    creator: 'LexDesk',
    title: title(c),
    styles: { default: { document: { run: { font: { ascii: 'Calibri', eastAsia: 'SimSun', hAnsi: 'Calibri' }, size: 21 } } } },
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}
