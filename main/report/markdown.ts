import {
  CHECK_ZH, checkLabel, OFFLINE_STATUTES_NOTE, OFFLINE_TURN, refsText, STATE_FIELDS, stateValue, statutesHeading, statuteHeading, turnsLabel, VERDICT_ZH, versionLine, judgeVerdictZh, verdictScopeZh,
} from './labels.js';
import { statuteSourceLine, type ReportModel, type ReportTurn } from './model.js';
import { bookTitle, citedLabel } from '../../preload/contract/citationLine.js';
import { localStamp } from '../../preload/contract/localTime.js';
import { sourceNoteLine } from '../../preload/contract/lawReading.js';

/** The report as Markdown: [k] citations become footnotes [^k] whose text is the statute (only those an answer references). */
export function renderMarkdown(m: ReportModel): string {
  const out: string[] = [];
  out.push(`# ${mdText(m.title)}`, '');
  out.push(header(m), '');
  if (m.warnings.length) out.push('> **注意**', ...m.warnings.map((w) => `> - ${mdText(w)}`), '');
  out.push('## 咨询内容', '');
  for (const t of m.turns) out.push(...turn(t));
  const states = m.turns.filter((t) => t.state);
  if (states.length) {
    out.push('## 法律分析状态', '');
    for (const t of states) {
      if (states.length > 1) out.push(`### 第 ${t.seq} 轮`, '');
      out.push('| 项目 | 内容 |', '|---|---|', ...STATE_FIELDS.map(([f, name]) => `| ${name} | ${cell(stateValue(t.state!, f))} |`), '');
    }
  }
  out.push('## 充分性审查', '');
  for (const t of m.turns) out.push(...verdict(t));
  out.push(`## ${statutesHeading(m.turns)}`, '');
  if (m.statutes.some((s) => s.offline)) out.push(OFFLINE_STATUTES_NOTE, '');
  if (!m.statutes.length) out.push('（无）', '');
  // Which turn found or cited each statute, when there are several.
  const byTurn = m.turns.length > 1;
  out.push(`| 编号 | 法律 | 条文 | 版本 | 核验 |${byTurn ? ' 轮次 |' : ''}`, `|---|---|---|---|---|${byTurn ? '---|' : ''}`);
  for (const s of m.statutes) out.push(`| ${s.ref} | ${cell(s.lawTitle)} | ${cell(s.label)} | ${cell(versionLine(s))} | ${checkLabel(s)} |${byTurn ? ` ${turnsLabel(s.turns)} |` : ''}`);
  out.push('');
  for (const s of m.statutes) {
    out.push(`### ${mdText(statuteHeading(s))}`, '');
    if (s.path.length) out.push(`*${mdText([s.lawTitle, ...s.path].join(' › '))}*  `);
    out.push(statuteSourceLine(s, byTurn), '');
    // Each line is marked on its own: bold cannot run across a line break.
    out.push(...s.lines.map((line) => `> ${line.map((p) => (p.cited && p.text.trim() ? `**${mdText(p.text)}**` : mdText(p.text))).join('')}`), '');
    // Outside the quoted text: the collection's footnote is no statute text.
    for (const n of s.sourceNotes ?? []) out.push(`*${mdText(sourceNoteLine(n))}*`, '');
  }
  const excluded = m.turns.flatMap((t) => t.excluded);
  if (excluded.length) {
    out.push('## 已审查并排除的法条', '');
    out.push(...excluded.map((e) => `- ${mdText(`${bookTitle(e.lawTitle)}${citedLabel(e)}：${e.reason}`)}`), '');
  }
  out.push('## 免责声明', '', m.disclaimer, '', m.credit, '');
  // A footnote for each statute an answer's [k] references: one nothing references is no footnote.
  const referenced = new Set(m.turns.flatMap((t) => [...(t.answer ?? '').matchAll(/\[(\d+)\]/g)].map((x) => Number(x[1]))));
  for (const s of m.statutes.filter((x) => referenced.has(x.ref))) out.push(`[^${s.ref}]: ${mdText(`${bookTitle(s.lawTitle)}${citedLabel(s)}（${versionLine(s)}）`)}`);
  return `${out.join('\n')}\n`;
}

function header(m: ReportModel): string {
  return [
    `- 生成时间：${localStamp(m.generatedAt)}`,
    `- 适用法律截至：${m.lawAsOf}`,
    ...(m.place ? [`- 适用地域：${mdText(m.place)}${m.placeNote ? `（${m.placeNote}）` : ''}`] : []),
    `- LexDesk 版本：${m.appVersion}`,
    `- 模型：${m.endpoint ? `${m.model ?? ''} @ ${m.endpoint}` : '未使用大模型（离线）'}`,
    `- 个人信息脱敏：${m.redaction ? '已开启' : '未开启'}`,
  ].join('\n');
}

function turn(t: ReportTurn): string[] {
  const out = [`### 第 ${t.seq} 轮`, '', `*${mdText(t.lawDate)}*`, '', `**问：** ${mdText(t.question)}`, ''];
  // Escaped like any text first; then the report's own markers [k] (now \[k\]) become footnote references.
  if (t.answer) out.push(`**答：** ${mdText(t.answer).replace(/\\\[(\d+)\\\]/g, '[^$1]')}`, '');
  else if (t.mode === 'offline') out.push(`**答：** ${OFFLINE_TURN}${t.refs.length ? mdText(refsText(t.refs)) : '无'}。`, '');
  else if (t.error) out.push(`**答：** 本轮未完成（${mdText(t.error)}）。`, '');
  return out;
}

function verdict(t: ReportTurn): string[] {
  const out = [`- 第 ${t.seq} 轮：**${judgeVerdictZh(t)}**${verdictScopeZh(t)}${t.override ? `；用户更改为 **${VERDICT_ZH[t.override.verdict]}**${t.override.note ? `（${mdText(t.override.note)}）` : ''}` : ''}`];
  for (const it of t.iterations) {
    const checks = Object.entries(it.checks).map(([k, c]) => `${CHECK_ZH[k] ?? k}${c.ok ? '✓' : '✗'}${c.note ? `（${mdText(c.note)}）` : ''}`).join('，');
    out.push(`  - 审查 ${it.iteration}：${it.verdict === 'SUFFICIENT' ? '充分' : '不充分'}；${checks}${it.refinementQueries.length ? `；补充检索：${mdText(it.refinementQueries.join('；'))}` : ''}`);
  }
  out.push('');
  return out;
}

/** A table cell: one line of escaped text (a line break, \r included, would end the row). */
function cell(s: string): string {
  return mdText(s).replace(/\n/g, ' ');
}

/**
 * Text from the user, the LLM or the library, shown exactly as written: Markdown's own
 * characters are escaped, so none of it can become a heading, list, link, image, footnote,
 * table row or raw HTML in a viewer (a question holding 「## 标题」, 「[官方](https://…)」
 * or an <img> stays text). Line breaks are kept as \n.
 */
export function mdText(s: string): string {
  return s
    .replace(/\r\n?/g, '\n')
    .replace(/[\\`*_[\]<>#|!~&]/g, '\\$&')
    .replace(/^(\s*)([-+=])/gm, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/gm, '$1\\$2');
}
