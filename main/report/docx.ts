import {
  AlignmentType, BorderStyle, Document, Footer, FootnoteReferenceRun, HeadingLevel, Packer, PageNumber, Paragraph, Table, TableCell, TableRow, TextRun, WidthType,
} from 'docx';
import {
  CHECK_ZH, checkLabel, OFFLINE_STATUTES_NOTE, OFFLINE_TURN, refsText, STATE_FIELDS, stateValue, statutesHeading, statuteHeading, turnsLabel, VERDICT_ZH, versionLine, judgeVerdictZh, verdictScopeZh,
} from './labels.js';
import { statuteSourceLine, type ReportModel, type ReportTurn } from './model.js';
import { bookTitle, citedLabel } from '../../preload/contract/citationLine.js';
import { localStamp } from '../../preload/contract/localTime.js';
import { sourceNoteLine } from '../../preload/contract/lawReading.js';

/**
 * The report as a Word document: headings, each [k] citation as a real
 * footnote naming the statute, a table of cited statutes and their full
 * texts, page numbers in the footer.
 */
export async function renderDocx(m: ReportModel): Promise<Buffer> {
  const footnotes: Record<number, { children: Paragraph[] }> = {};
  let nextFootnote = 1;
  const footnoteFor = (ref: number): FootnoteReferenceRun => {
    const s = m.statutes.find((x) => x.ref === ref);
    const id = nextFootnote++;
    footnotes[id] = { children: [new Paragraph(s ? `[${ref}] ${bookTitle(s.lawTitle)}${citedLabel(s)}（${versionLine(s)}）` : `[${ref}]`)] };
    return new FootnoteReferenceRun(id);
  };
  const children: Array<Paragraph | Table> = [
    new Paragraph({ text: m.title, heading: HeadingLevel.TITLE }),
    new Paragraph({ children: [new TextRun({ text: headerLine(m), size: 18, color: '555555' })] }),
  ];
  if (m.warnings.length) {
    children.push(new Paragraph({ children: [new TextRun({ text: '注意', bold: true, color: 'B3261E' })] }));
    for (const w of m.warnings) children.push(new Paragraph({ children: [new TextRun({ text: w, color: 'B3261E' })], bullet: { level: 0 } }));
  }
  children.push(new Paragraph({ text: '咨询内容', heading: HeadingLevel.HEADING_1 }));
  for (const t of m.turns) children.push(...turnParagraphs(t, footnoteFor));
  const states = m.turns.filter((t) => t.state);
  if (states.length) {
    children.push(new Paragraph({ text: '法律分析状态', heading: HeadingLevel.HEADING_1 }));
    for (const t of states) {
      if (states.length > 1) children.push(new Paragraph({ text: `第 ${t.seq} 轮`, heading: HeadingLevel.HEADING_2 }));
      children.push(table([['项目', '内容'], ...STATE_FIELDS.map(([f, name]) => [name, stateValue(t.state!, f)])]));
    }
  }
  children.push(new Paragraph({ text: '充分性审查', heading: HeadingLevel.HEADING_1 }));
  for (const t of m.turns) children.push(...verdictParagraphs(t));
  children.push(new Paragraph({ text: statutesHeading(m.turns), heading: HeadingLevel.HEADING_1 }));
  if (m.statutes.some((s) => s.offline)) children.push(new Paragraph({ children: [new TextRun({ text: OFFLINE_STATUTES_NOTE, size: 18, color: '555555' })] }));
  // Which turn found or cited each statute, when there are several.
  const byTurn = m.turns.length > 1;
  const columns = ['编号', '法律', '条文', '版本', '核验', ...(byTurn ? ['轮次'] : [])];
  children.push(table([columns, ...m.statutes.map((s) => [String(s.ref), s.lawTitle, s.label, versionLine(s), checkLabel(s), ...(byTurn ? [turnsLabel(s.turns)] : [])])], statuteColumns(byTurn)));
  for (const s of m.statutes) {
    children.push(new Paragraph({ text: statuteHeading(s), heading: HeadingLevel.HEADING_3 }));
    children.push(new Paragraph({ children: [new TextRun({ text: `${[s.lawTitle, ...s.path].join(' › ')} · ${statuteSourceLine(s, byTurn)}`, size: 18, color: '555555' })] }));
    for (const line of s.lines) children.push(new Paragraph({ children: line.map((p) => new TextRun({ text: p.text, bold: p.cited })), indent: { left: 360 } }));
    for (const n of s.sourceNotes ?? []) children.push(new Paragraph({ children: [new TextRun({ text: sourceNoteLine(n), italics: true, size: 18, color: '555555' })], indent: { left: 360 } }));
  }
  const excluded = m.turns.flatMap((t) => t.excluded);
  if (excluded.length) {
    children.push(new Paragraph({ text: '已审查并排除的法条', heading: HeadingLevel.HEADING_1 }));
    for (const e of excluded) children.push(new Paragraph({ text: `${bookTitle(e.lawTitle)}${citedLabel(e)}：${e.reason}`, bullet: { level: 0 } }));
  }
  children.push(new Paragraph({ text: '免责声明', heading: HeadingLevel.HEADING_1 }), new Paragraph(m.disclaimer), new Paragraph({ children: [new TextRun({ text: m.credit, size: 18 })] }));
  const doc = new Document({
    creator: `LexDesk ${m.appVersion}`,
    title: m.title,
    styles: { default: { document: { run: { font: { ascii: 'Calibri', eastAsia: 'SimSun', hAnsi: 'Calibri' }, size: 21 } } } },
    footnotes,
    sections: [
      {
        footers: {
          default: new Footer({ children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ children: ['第 ', PageNumber.CURRENT, ' 页，共 ', PageNumber.TOTAL_PAGES, ' 页'], size: 18 })] })] }),
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(doc);
}

function headerLine(m: ReportModel): string {
  return `生成时间 ${localStamp(m.generatedAt)} · 适用法律截至 ${m.lawAsOf}${m.place ? ` · 适用地域 ${m.place}${m.placeNote ? `（${m.placeNote}）` : ''}` : ''} · LexDesk ${m.appVersion} · 模型 ${m.endpoint ? `${m.model ?? ''} @ ${m.endpoint}` : '未使用大模型（离线）'} · 个人信息脱敏${m.redaction ? '已开启' : '未开启'}`;
}

function turnParagraphs(t: ReportTurn, footnoteFor: (ref: number) => FootnoteReferenceRun): Paragraph[] {
  const out = [
    new Paragraph({ text: `第 ${t.seq} 轮`, heading: HeadingLevel.HEADING_2 }),
    new Paragraph({ children: [new TextRun({ text: t.lawDate, italics: true, color: '555555', size: 18 })] }),
    new Paragraph({ children: [new TextRun({ text: '问：', bold: true }), new TextRun(t.question)] }),
  ];
  if (t.answer) {
    const runs: Array<TextRun | FootnoteReferenceRun> = [new TextRun({ text: '答：', bold: true })];
    for (const part of t.answer.split(/(\[\d+\])/g)) {
      const ref = /^\[(\d+)\]$/.exec(part);
      if (ref) runs.push(new TextRun({ text: part, superScript: true }), footnoteFor(Number(ref[1])));
      else if (part) runs.push(...part.split('\n').map((line, i) => new TextRun({ text: line, break: i > 0 ? 1 : 0 })));
    }
    out.push(new Paragraph({ children: runs }));
  } else {
    out.push(new Paragraph({ children: [new TextRun({ text: '答：', bold: true }), new TextRun(t.mode === 'offline' ? `${OFFLINE_TURN}${t.refs.length ? refsText(t.refs) : '无'}。` : t.error ? `本轮未完成（${t.error}）。` : '—')] }));
  }
  return out;
}

function verdictParagraphs(t: ReportTurn): Paragraph[] {
  const head = `第 ${t.seq} 轮：${judgeVerdictZh(t)}${verdictScopeZh(t)}${t.override ? `；用户更改为 ${VERDICT_ZH[t.override.verdict]}${t.override.note ? `（${t.override.note}）` : ''}` : ''}`;
  return [
    new Paragraph({ children: [new TextRun({ text: head, bold: true })] }),
    ...t.iterations.map(
      (it) =>
        new Paragraph({
          text: `审查 ${it.iteration}：${it.verdict === 'SUFFICIENT' ? '充分' : '不充分'}；${Object.entries(it.checks).map(([k, c]) => `${CHECK_ZH[k] ?? k}${c.ok ? '✓' : '✗'}${c.note ? `（${c.note}）` : ''}`).join('，')}${it.refinementQueries.length ? `；补充检索：${it.refinementQueries.join('；')}` : ''}`,
          bullet: { level: 0 },
        }),
    ),
  ];
}

/**
 * The statutes table's column widths in twips, over A4's 9026 of text: 编号, 条文, 核验 and 轮次 wide enough for their
 * labels (「离线检索」, 「第1、2轮」) not to wrap, the rest to the law's title and the version.
 */
function statuteColumns(byTurn: boolean): number[] {
  return byTurn ? [800, 1976, 1700, 2200, 1100, 1250] : [800, 3226, 1700, 2200, 1100];
}

function table(rows: string[][], widths?: number[]): Table {
  const border = { style: BorderStyle.SINGLE, size: 4, color: 'BBBBCC' };
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    ...(widths ? { columnWidths: widths } : {}),
    borders: { top: border, bottom: border, left: border, right: border, insideHorizontal: border, insideVertical: border },
    rows: rows.map((cells, i) => new TableRow({
      tableHeader: i === 0,
      children: cells.map((c, j) => new TableCell({ ...(widths ? { width: { size: widths[j]!, type: WidthType.DXA } } : {}), children: [new Paragraph({ children: [new TextRun({ text: c, bold: i === 0 })] })] })),
    })),
  });
}
