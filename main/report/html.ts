import {
  CHECK_ZH, checkLabel, OFFLINE_STATUTES_NOTE, OFFLINE_TURN, refRuns, STATE_FIELDS, stateValue, statutesHeading, statuteHeading, turnsLabel, VERDICT_ZH, versionLine, judgeVerdictZh, verdictScopeZh,
} from './labels.js';
import { statuteSourceLine, type ReportModel, type ReportTurn } from './model.js';
import { localStamp } from '../../preload/contract/localTime.js';
import { sourceNoteLine } from '../../preload/contract/lawReading.js';
import { bookTitle } from '../../preload/contract/citationLine.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const para = (s: string) => esc(s).replace(/\n/g, '<br>');

const CSS = `
  @page { size: A4; margin: 18mm 16mm 20mm; }
  body { font-family: "WenQuanYi Micro Hei", "Noto Sans CJK SC", "Source Han Sans SC", "Microsoft YaHei", "PingFang SC", sans-serif; font-size: 10.5pt; line-height: 1.65; color: #1d2433; }
  h1 { font-size: 18pt; margin: 0 0 6pt; } h2 { font-size: 13pt; border-bottom: 1px solid #ccd; padding-bottom: 2pt; margin-top: 16pt; } h3 { font-size: 11pt; margin: 10pt 0 4pt; }
  blockquote strong.cited { background: #fff3a0; }
  .meta, .law-date { color: #555; font-size: 9pt; } .warn { border: 1px solid #c77; background: #fff4f2; padding: 6pt 10pt; margin: 8pt 0; }
  table { border-collapse: collapse; width: 100%; font-size: 9pt; margin: 6pt 0; } th, td { border: 1px solid #ccd; padding: 3pt 5pt; text-align: left; vertical-align: top; }
  sup a { color: #2457c5; text-decoration: none; } blockquote { margin: 4pt 0 8pt; padding-left: 8pt; border-left: 3px solid #ccd; color: #333; }
  .statute { page-break-inside: avoid; } .small { font-size: 9pt; color: #555; }
  table.statutes { table-layout: auto; } table.statutes th, .nowrap { white-space: nowrap; }
  table.statutes td:nth-child(1), table.statutes td:nth-child(3) { white-space: nowrap; }
  table.statutes td:nth-child(2) { width: 32%; } table.statutes td:nth-child(4) { width: 38%; }
  table.state th { white-space: nowrap; width: 1%; }
`;

/** The report as one HTML page: the PDF is printed from it by Chromium. */
export function renderHtml(m: ReportModel): string {
  const body: string[] = [];
  body.push(`<h1>${esc(m.title)}</h1>`);
  body.push(`<div class="meta">生成时间 ${esc(localStamp(m.generatedAt))} · 适用法律截至 ${esc(m.lawAsOf)}${m.place ? ` · 适用地域 ${esc(m.place)}${m.placeNote ? `（${esc(m.placeNote)}）` : ''}` : ''} · LexDesk ${esc(m.appVersion)} · 模型 ${esc(m.endpoint ? `${m.model ?? ''} @ ${m.endpoint}` : '未使用大模型（离线）')} · 个人信息脱敏${m.redaction ? '已开启' : '未开启'}</div>`);
  if (m.warnings.length) body.push(`<div class="warn"><strong>注意</strong><ul>${m.warnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul></div>`);
  body.push('<h2>咨询内容</h2>', ...m.turns.map(turn));
  const states = m.turns.filter((t) => t.state);
  if (states.length) {
    body.push('<h2>法律分析状态</h2>');
    for (const t of states) {
      if (states.length > 1) body.push(`<h3>第 ${t.seq} 轮</h3>`);
      // Its labels whole: 「当前问\n题」 read as two words.
      body.push(`<table class="state">${STATE_FIELDS.map(([f, name]) => `<tr><th>${name}</th><td>${esc(stateValue(t.state!, f))}</td></tr>`).join('')}</table>`);
    }
  }
  body.push('<h2>充分性审查</h2>', ...m.turns.map(verdict));
  body.push(`<h2>${statutesHeading(m.turns)}</h2>`);
  if (m.statutes.some((s) => s.offline)) body.push(`<p class="small">${OFFLINE_STATUTES_NOTE}</p>`);
  // Which turn found or cited each statute, when there are several; short labels never wrap (「未引\n用」).
  const byTurn = m.turns.length > 1;
  body.push(`<table class="statutes"><tr><th>编号</th><th>法律</th><th>条文</th><th>版本</th><th>核验</th>${byTurn ? '<th>轮次</th>' : ''}</tr>${m.statutes
    .map((s) => `<tr><td>${s.ref}</td><td>${esc(s.lawTitle)}</td><td>${esc(s.label)}</td><td>${dates(esc(versionLine(s)))}</td><td>${checkCell(checkLabel(s))}</td>${byTurn ? `<td class="nowrap">${turnsLabel(s.turns)}</td>` : ''}</tr>`)
    .join('')}</table>`);
  for (const s of m.statutes) {
    body.push(
      `<div class="statute" id="s${s.ref}"><h3>${esc(statuteHeading(s))}</h3><div class="small">${esc([s.lawTitle, ...s.path].join(' › '))} · ${esc(statuteSourceLine(s, byTurn))}</div><blockquote>${s.lines.map((line) => line.map((p) => (p.cited ? `<strong class="cited">${esc(p.text)}</strong>` : esc(p.text))).join('')).join('<br>')}</blockquote>${(s.sourceNotes ?? []).map((n) => `<p class="small source-note">${esc(sourceNoteLine(n))}</p>`).join('')}</div>`,
    );
  }
  const excluded = m.turns.flatMap((t) => t.excluded);
  if (excluded.length) body.push('<h2>已审查并排除的法条</h2>', `<ul>${excluded.map((e) => `<li>${esc(bookTitle(e.lawTitle))}${esc(e.label)}：${esc(e.reason)}</li>`).join('')}</ul>`);
  body.push('<h2>免责声明</h2>', `<p>${esc(m.disclaimer)}</p>`, `<p class="small">${esc(m.credit)}</p>`);
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(m.title)}</title><style>${CSS}</style></head><body>${body.join('\n')}</body></html>`;
}

/** Dates kept whole: 「2019-\n06-01」 is no date to a reader. */
const dates = (html: string) => html.replace(/\d{4}-\d{2}-\d{2}/g, '<span class="nowrap">$&</span>');
const refLink = (ref: number) => `<a href="#s${ref}">[${ref}]</a>`;

/** The 核验 cell: the label itself never wraps; 「（已不在法规库中）」 after it may. */
function checkCell(label: string): string {
  const [head, rest] = label.split(/(?=（)/u);
  return `<span class="nowrap">${head}</span>${rest ?? ''}`;
}

function turn(t: ReportTurn): string {
  const answer = t.answer
    ? para(t.answer).replace(/\[(\d+)\]/g, '<sup><a href="#s$1">[$1]</a></sup>')
    : t.mode === 'offline'
      ? `${OFFLINE_TURN}${t.refs.length ? refRuns(t.refs).map(([a, b]) => (a === b ? refLink(a) : `${refLink(a)}–${refLink(b)}`)).join('、') : '无'}。`
      : t.error
        ? `本轮未完成（${esc(t.error)}）。`
        : '—';
  return `<h3>第 ${t.seq} 轮</h3><p class="law-date">${esc(t.lawDate)}</p><p><strong>问：</strong>${para(t.question)}</p><p><strong>答：</strong>${answer}</p>`;
}

function verdict(t: ReportTurn): string {
  const head = `第 ${t.seq} 轮：<strong>${judgeVerdictZh(t)}</strong>${verdictScopeZh(t)}${t.override ? `；用户更改为 <strong>${VERDICT_ZH[t.override.verdict]}</strong>${t.override.note ? `（${esc(t.override.note)}）` : ''}` : ''}`;
  const its = t.iterations.map(
    (it) =>
      `<li>审查 ${it.iteration}：${it.verdict === 'SUFFICIENT' ? '充分' : '不充分'}；${Object.entries(it.checks).map(([k, c]) => `${CHECK_ZH[k] ?? k}${c.ok ? '✓' : '✗'}${c.note ? `（${esc(c.note)}）` : ''}`).join('，')}${it.refinementQueries.length ? `；补充检索：${esc(it.refinementQueries.join('；'))}` : ''}</li>`,
  );
  return `<p>${head}</p>${its.length ? `<ul>${its.join('')}</ul>` : ''}`;
}
