/**
 * Prompts for each role. Every structured role names the JSON shape it must
 * return; evidence is always numbered so replies refer to indices, never to
 * articles the model could invent.
 */
import type { ReadFor } from './context.js';
import { STATUS_ZH } from '../library/status.js';
import type { ChatMessage } from '../llm/types.js';
import type { LegalState } from './schemas.js';
import type { Evidence } from './types.js';
import { clip } from '../util/clip.js';
import { citedLabel } from '../../preload/contract/citationLine.js';

const SYSTEM = '你是严谨的中国法律研究助理。只依据给出的材料和事实工作，不编造法条、事实或日期。';

function json(obj: unknown): string {
  return JSON.stringify(obj, null, 1);
}

/**
 * One numbered piece of evidence as the model reads it. `readFor`: what it stands in for when the library holds no
 * text of the law applied on the date (「2020-12-26版（2021-03-01 起施行）；法规库中没有该法在 2019-06-01 施行的文本…」,
 * 「代《合同法》第一百零七条：…」), that it changed after the date (with the text of the date when known) or that it is
 * the text of the date (context.ts readForOf), so the model does not take a later text for the text of the time.
 */
export function evidenceLine(e: Pick<Evidence, 'lawTitle' | 'articleLabel' | 'text' | 'status' | 'province' | 'publishDate'>, max = 400, readFor?: ReadFor): string {
  const where = e.province ? `（${e.province}地方性法规）` : '';
  const status = readFor ? `（${readFor.tag}）` : e.status === 'current' ? '' : `（${STATUS_ZH[e.status] ?? e.status}，${e.publishDate ?? ''}版）`;
  const cut = (t: string) => clip(t, max);
  // 刑法 第三百九十条 in 2022: the text of the date, as the earlier amendment gave it, beside the amended one.
  const then = readFor?.then ? `\n  ${readFor.then.asOf} 施行的文本（${readFor.then.source}）：${cut(readFor.then.text)}` : '';
  return `《${e.lawTitle}》${citedLabel({ label: e.articleLabel })}${where}${status}：${cut(e.text)}${then}`;
}

export function statePrompt(userTurns: string[], previous: LegalState | null, corrected: string[], withTitle = false): ChatMessage[] {
  const prior = previous
    ? `上一轮的法律分析状态：\n${json(previous)}\n${corrected.length ? `其中用户亲自更正过的字段（必须保留，除非用户在新消息中改变了说法）：${corrected.join('、')}\n` : ''}`
    : '';
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: `根据用户在咨询中说过的话（只有用户的话，按顺序），更新本案的法律分析状态。
${prior}用户的话：
${userTurns.map((t, i) => `${i + 1}. ${t}`).join('\n')}

只输出一个 JSON 对象：{"parties":[{"name":"","role":""}],"relations":[],"keyFacts":[],"disputeFocus":[],"posture":"","domains":[],"subQuestion":"","missingFacts":[],"factDate":null,"place":null${withTitle ? ',"title":""' : ''}}
parties 当事人及其身份；relations 当事人之间的法律关系；keyFacts 关键事实；disputeFocus 争议焦点；posture 程序阶段（如协商、仲裁、一审）；domains 涉及的法律领域；subQuestion 用户当前这一轮要解决的具体问题；missingFacts 回答所需但用户尚未说明的事实；factDate 事实发生日期（YYYY-MM-DD，不知道则 null）；place 所在省市（不知道则 null）。${withTitle ? '\ntitle 本次咨询的简短标题：案由与核心争点，用 · 分隔，不超过 20 字，不含当事人姓名（如「劳动合同解除 · 经济补偿」）。' : ''}`,
    },
  ];
}

export const ROLE_GUIDE: Record<string, string> = {
  terminology: '法律术语改写：把口语表述换成法条中的规范用语',
  implicit: '隐含要件补充：补出构成要件、法律后果等用户没说但检索需要的要素',
  decompose: '多问题拆分：把包含多个法律问题的咨询拆成单独的检索问句',
  supporting: '配套与程序法：补充程序法、司法解释或配套规定方面的检索',
  repair: '异常修复：修正错别字、错误法律名称或不合理的表述',
};

export function planPrompt(originalQuery: string, state: LegalState, round: number, tried: string[], pool: string[]): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: `任务：为法条检索规划第 ${round} 轮查询改写。
用户本轮原话：${originalQuery}
法律分析状态：${json(state)}
已用过的改写角色：${tried.length ? tried.join('、') : '无'}
当前候选法条（前 10）：
${pool.slice(0, 10).map((p, i) => `${i + 1}. ${p}`).join('\n') || '（尚无）'}

可选改写角色：
${Object.entries(ROLE_GUIDE).map(([k, v]) => `- ${k}：${v}`).join('\n')}
选一个最能补足当前候选缺口的角色（尽量不要重复已用过的），写 1–3 条可以直接用于法条检索的中文查询。若现有候选已覆盖本案所有争议焦点，covered 设为 true。
${round === 1 ? '另外给出 historyQuery：结合整段咨询、可独立理解的一句检索问句。\n' : ''}只输出 JSON：{${round === 1 ? '"historyQuery":"",' : ''}"role":"terminology","queries":[""],"covered":false,"reason":""}`,
    },
  ];
}

export function rulesPrompt(query: string, rules: Array<{ name: string; instruction: string; outputFormat: string }>): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: `按下列扩展规则分别扩展检索问句。扩展内容会追加在原问句之后，不要重复原问句。
问句：${query}
规则：
${rules.map((r) => `- ${r.name}：${r.instruction}（输出格式：${r.outputFormat}）`).join('\n')}
只输出 JSON：{"expansions":[{"rule":"规则名","text":"扩展内容"}]}`,
    },
  ];
}

export function rerankPrompt(query: string, state: LegalState, candidates: string[]): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: `按与本案的相关程度给候选法条排序（最相关在前）。
用户问题：${query}
争议焦点：${state.disputeFocus.join('；') || state.subQuestion}
候选：
${candidates.map((c, i) => `[${i}] ${c}`).join('\n')}
只输出候选编号，不要输出法条内容。只输出 JSON：{"ranking":[编号, ...]}`,
    },
  ];
}

export function checklistPrompt(articles: string[]): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: `为每条法条列出适用它必须满足的条件（构成要件，每条 2–5 个，简短）。
${articles.map((a, i) => `[${i}] ${a}`).join('\n')}
只输出 JSON：{"items":[{"index":0,"conditions":["…"]}]}`,
    },
  ];
}

export function auditPrompt(state: LegalState, items: Array<{ article: string; conditions: string[] }>): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: `对照本案事实，逐条检查候选法条的适用条件。事实不足以判断时视为可能适用（applicable 为 true）；只有事实明确不满足某个条件时才判为不适用，并写出不满足的条件。
本案状态：${json(state)}
候选：
${items.map((it, i) => `[${i}] ${it.article}\n    条件：${it.conditions.join('；')}`).join('\n')}
只输出 JSON：{"results":[{"index":0,"applicable":true,"failedCondition":null,"reason":""}]}`,
    },
  ];
}

export function judgePrompt(args: {
  state: LegalState;
  evidence: string[];
  codeChecks: string[];
  asOf: string;
  place: string | null;
  iteration: number;
  maxIterations: number;
}): ChatMessage[] {
  const leniency = args.iteration >= args.maxIterations ? '这是最后一轮：只要证据能支撑主要结论即可判为充分。' : args.iteration > 1 ? '已补充过检索：对次要缺口可以放宽。' : '';
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: `作为审查员，判断现有法条证据是否足以回答用户的问题。检查：事实支撑、法域（全国性法律 / 地方性法规 / 用户所在地）、时间效力（以 ${args.asOf} 为准）、证据之间的矛盾、缺失要件。${leniency}
用户所在地：${args.place ?? '未知'}
本案状态：${json(args.state)}
证据：
${args.evidence.map((e, i) => `[${i + 1}] ${e}`).join('\n') || '（无）'}
程序已发现的问题：${args.codeChecks.length ? args.codeChecks.join('；') : '无'}
若不充分，给出 1–2 条可以直接执行的法条检索查询（refinementQueries）来补足缺口。
只输出 JSON：{"verdict":"SUFFICIENT","checks":{"factualSupport":{"ok":true,"note":""},"jurisdiction":{"ok":true,"note":""},"temporal":{"ok":true,"note":""},"contradictions":{"ok":true,"note":""},"missingElements":{"ok":true,"note":""}},"missing":[],"refinementQueries":[]}`,
    },
  ];
}

/** How the answer cites evidence that stands in for the text of the time (民法典 for 合同法 in 2019, 刑法's 2020 text). */
const STAND_IN_RULE = '标注“代……”或“法规库中没有……施行的文本”的证据不是当时施行的条文本身：据以回答时写明当时适用的法律条文，并标注该证据的编号（如“当时的《合同法》第一百零七条，其规则见[1]”），提醒用户核对当时的文本。';

/** How the answer reads evidence amended after the date the law is applied as of (刑法 第三百九十条 in 2022). */
const AMENDED_RULE = '标注“此后经……修改”或“此后经……删去”的证据，当时施行的是此前的条文：证据附有当时的文本时，写明当时的文本与其后的修改；没有附当时文本的，提醒用户核对当时的条文；刑事案件依刑法第十二条从旧兼从轻，比较行为时的条文与现行条文，适用处刑较轻的。';

export function answerPrompt(args: {
  history: Array<{ user: string; answer: string | null }>;
  question: string;
  state: LegalState;
  evidence: string[];
  sufficient: boolean;
  /** What is wrong with the statutes the user cited (a repealed law, an older numbering), one line each. */
  citationNotes?: string[];
  /** Some evidence is read in place of a text the library lacks for the facts' date (tagged 代… or 法规库中没有…; evidenceLine). */
  inPlace?: boolean;
  /** Whether any evidence changed after the date the law is applied as of (刑法 第三百九十条 in 2022). */
  amended?: boolean;
}): ChatMessage[] {
  const rules = [args.sufficient ? null : '证据不充分：明确告诉用户哪些结论缺乏依据。', args.inPlace ? STAND_IN_RULE : null, args.amended ? AMENDED_RULE : null].filter((r): r is string => r !== null);
  const messages: ChatMessage[] = [
    {
      role: 'system',
      content: `${SYSTEM}
回答规则：
1. 只依据下面编号的法条证据作答，引用时在句末标注编号，如 [1]、[2]；不得引用证据以外的法条。
2. 引用法条原文时用“”括起，必须与证据原文一字不差。
3. 先给结论，再分析，最后给出建议。
4. 若关键事实缺失，明确列出需要用户补充的问题。${rules.map((r, i) => `\n${i + 5}. ${r}`).join('')}`,
    },
  ];
  for (const h of args.history) {
    messages.push({ role: 'user', content: h.user });
    if (h.answer) messages.push({ role: 'assistant', content: h.answer });
  }
  messages.push({
    role: 'user',
    content: `${args.question}

【本案状态】${json(args.state)}${args.citationNotes?.length ? `
【用户所引法条的核验】（回答时向用户指出，并依据现行有效的法条）
${args.citationNotes.join('\n')}` : ''}
【法条证据】
${args.evidence.map((e, i) => `[${i + 1}] ${e}`).join('\n')}`,
  });
  return messages;
}

export function summaryPrompt(articles: string[]): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: `为每条法条写适用性摘要：适用条件（conditions）、法律效果（effects）、典型情形（scenarios），每项 1–3 条短句。
${articles.map((a, i) => `[${i}] ${a}`).join('\n')}
只输出 JSON：{"items":[{"index":0,"conditions":[],"effects":[],"scenarios":[]}]}`,
    },
  ];
}
