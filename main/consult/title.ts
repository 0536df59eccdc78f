import { clip } from '../util/clip.js';
import type { LegalState } from './schemas.js';

/**
 * Who gave a consultation its title (migration 27): the first message, the first turn's legal state, the model with that
 * state, or the user (at the start or by renaming). Only a title from the question is replaced; null: one from before.
 */
export type TitleBy = 'question' | 'state' | 'llm' | 'user';

/** The longest title made for the user (the app's list shows about this much). */
export const AUTO_TITLE_CHARS = 30;
/** The longest core issue after 「 · 」. */
const ISSUE_CHARS = 16;

/** Greetings and filler that open a message and name nothing of the matter, with the punctuation after them. */
const FILLER = new RegExp(
  '^(?:' +
    [
      '(?:律师|老师)?(?:您好|你好|们好)',
      '(?:律师|老师)好',
      '(?:hi|hello)',
      '请问(?:一下|下)?',
      '(?:我)?(?:想|要|需要)(?:问|咨询|请教)(?:一下|下|个问题|一个问题|您|你)*',
      '(?:我)?(?:问|咨询|请教)(?:一下|下|个问题|一个问题)+',
      '打扰(?:一下|了|您了|你了)?',
      '麻烦(?:您|你)?(?:问|帮忙看|帮我看)?(?:一下|下)',
      '在吗',
      '谢谢(?:您|你)?',
    ].join('|') +
    ')[\\s，,。.！!？?：:、~～]*',
  'iu',
);

/** A clause with the mark that ends it, if any. */
const CLAUSE = /[^，,；;：:、]+[，,；;：:、]?/gu;
const SENTENCE_END = /[。！!？?\n]/u;

/** Cut at a clause boundary: as many whole clauses of the first sentence as fit in `max`; a first clause too long, clipped. */
function clauses(text: string, max: number): string {
  const sentence = text.split(SENTENCE_END).find((s) => s.trim())?.trim() ?? '';
  const parts = sentence.match(CLAUSE) ?? [];
  const bare = (s: string) => s.replace(/[\s，,；;：:、]+$/u, '');
  if (!parts.length) return '';
  if (bare(parts[0]!).length > max) return clip(bare(parts[0]!), max);
  let out = parts[0]!;
  for (const p of parts.slice(1)) {
    if (bare(out + p).length > max) break;
    out += p;
  }
  return bare(out);
}

/**
 * The title a consultation starts with: its first message without the greetings and filler that open it (您好，我想问一下…),
 * cut at a clause boundary: 「您好，我想问一下我在公司上班三年了，老板突然说要辞退我，…」 → 「我在公司上班三年了，老板突然说要辞退我」.
 */
export function questionTitle(text: string): string {
  const flat = text.replace(/[ \t\u3000]+/gu, ' ').trim();
  let body = flat;
  for (let prev = ''; prev !== body; ) {
    prev = body;
    body = body.replace(FILLER, '').trim();
  }
  const title = clauses(body, AUTO_TITLE_CHARS);
  return title || clip(flat.split(SENTENCE_END)[0]?.trim() || flat, AUTO_TITLE_CHARS);
}

/** A name the user gave the matter at the head of the first message: 「甲案：…」, 「张某劳动争议案：…」. */
const OPENING_LABEL = /^\s*[^\s，,。：:；;？?！!]{0,11}案\s*[：:]/u;

/**
 * Whether the first message opens by naming its matter (「甲案：公司拖欠工资三个月…」): its title, which keeps that name,
 * is then the user's own and no state replaces it.
 */
export function opensWithLabel(text: string): boolean {
  return OPENING_LABEL.test(text);
}

/** The matter: the crime named (帮信罪), else the first legal relation without 关系 (劳动合同关系 → 劳动合同), else the first field of law. */
function matterOf(state: LegalState, crimes: readonly string[]): string | null {
  if (crimes.length) return crimes.slice(0, 2).join('、');
  const relation = state.relations.map((r) => r.trim().replace(/(?:法律)?关系$/u, '')).find(Boolean);
  if (relation) return relation;
  return state.domains.map((d) => d.trim()).find(Boolean) ?? null;
}

/**
 * Once the first turn's legal state is known: the matter and its core issue, 「劳动合同 · 拖欠工资能否解除劳动合同」,
 * 「帮信罪 · 能否取保候审」 (the first dispute focus, else the turn's question, cut at a clause boundary); null when the
 * state names neither.
 */
export function stateTitle(state: LegalState, crimes: readonly string[] = []): string | null {
  const matter = matterOf(state, crimes);
  const focus = (state.disputeFocus.find((f) => f.trim()) ?? state.subQuestion).trim().replace(/[吗呢]?[？?。]*$/u, '');
  const issue = focus ? clauses(focus, ISSUE_CHARS) : '';
  const title = matter && issue && !issue.includes(matter) ? `${matter} · ${issue}` : issue || matter;
  return title ? clip(title, AUTO_TITLE_CHARS) : null;
}

/** The title the model wrote with the state, tidied (quotes, brackets and end punctuation off, one line), when it is one: 2 to 30 characters. */
export function modelTitle(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const t = raw.replace(/\s+/gu, ' ').trim().replace(/[。．.！!？?，,；;]+$/u, '').replace(/^[「『“"《]+|[」』”"》]+$/gu, '').trim();
  return t.length >= 2 && t.length <= AUTO_TITLE_CHARS ? t : null;
}
