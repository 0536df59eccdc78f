/**
 * What one clause of an amendment does to the law it amends (刑法修正案（十二） 五、「将刑法第三百九十条修改为：“…”」):
 * which articles it rewrites whole (with the new text), adds (with theirs), deletes, or changes in part (a 款, a 项, a
 * few words: the text after it is then not known from the clause). Read from the instruction before the clause's
 * quotation, so that the quoted text itself, which may cite other articles, is never taken for an instruction.
 */
import { chineseToInt } from '../../../preload/contract/numerals.js';

export interface ArticleKey {
  number: number;
  subNumber: number;
}

export type ClauseEffect =
  | { kind: 'rewritten'; key: ArticleKey; text: string }
  | { kind: 'added'; key: ArticleKey; text: string | null }
  | { kind: 'deleted'; key: ArticleKey }
  | { kind: 'changed'; key: ArticleKey };

const NUM = '[〇零一二三四五六七八九十百千两0-9]+';
/** 第三百九十条, 第一百二十条之一: an article of the amended law (本法 or its short name may precede it). */
const ARTICLE = new RegExp(`第(${NUM})条(?:之(${NUM}))?`, 'gu');
/** The same, to test for one (a global regex keeps its place between tests). */
const ANY_ARTICLE = new RegExp(ARTICLE.source, 'u');
/** A line of a quotation that opens an added article: 「第二百八十七条之一 利用信息网络…」. */
const ADDED_HEAD = new RegExp(`^第(${NUM})条之(${NUM})[\\s　]+(.*)$`, 'u');
const ADDED = new RegExp(`^[^“]*?后增加${NUM}条[，,]?作为((?:[、和及]?第${NUM}条之${NUM})+)`, 'u');
const REWRITTEN = new RegExp(`(?:^|[，。；])(?:将|把)?(?:[^，。；第]*?)第(${NUM})条(?:之(${NUM}))?修改为[:：]?\\s*$`, 'u');
const WHOLE_AFTER_ADDING = new RegExp(`^[^“]*?第(${NUM})条(?:之(${NUM}))?中增加[^“]*?将该条修改为[:：]?\\s*$`, 'u');
const DELETED = new RegExp(`删去[^，。；第]*?第(${NUM})条(?:之(${NUM}))?[。；]?\\s*$`, 'u');
/** A preamble's 「对刑法作如下修改」 announces the clauses; it is no instruction itself. */
const ANNOUNCES = /作如下[^，。；]*[:：]?\s*$/u;
const INSTRUCTION_WORDS = /修改|增加|删去|删除|增设|补充|调整/u;

function key(number: string | undefined, sub: string | undefined): ArticleKey | null {
  const n = number === undefined ? null : chineseToInt(number);
  const s = sub === undefined ? 0 : chineseToInt(sub);
  return n === null || s === null ? null : { number: n, subNumber: s };
}

/**
 * The clause split into its instruction and its quotation: the quotation opens at the first 「“」 and runs to the last
 * 「”」 (or the end); each of its paragraphs opens with 「“」 (the legislative style), which is taken off.
 */
function splitClause(text: string): { instruction: string; quoted: string | null } {
  const open = text.indexOf('“');
  if (open < 0) return { instruction: text.trim(), quoted: null };
  // A quotation whose closing mark the source lost (刑法修正案（九） 二十三、) runs to the end.
  const last = text.lastIndexOf('”');
  const close = last > open ? last : text.length;
  const quoted = text.slice(open + 1, close).split('\n').map((line) => line.trim().replace(/^“/, '').replace(/”$/, '')).filter(Boolean).join('\n');
  return { instruction: text.slice(0, open).trim(), quoted: fullWidth(quoted) };
}

const FULL_WIDTH: Record<string, string> = { ',': '，', ':': '：', ';': '；' };

/**
 * 「拘役,并处」「应当宣告缓刑:」: the half-width commas, colons and semicolons some amendments write after a Chinese
 * character, as the consolidated text and a brief write them (「，」「：」「；」); a number's 「1,000」 keeps its comma.
 */
function fullWidth(text: string): string {
  return text.replace(/([\p{Script=Han}”）])([,:;])/gu, (_, before: string, mark: string) => `${before}${FULL_WIDTH[mark]}`);
}

/**
 * The clause's text outside its quotations, after the first: each quotation opens with 「“」 and closes with 「”」, a
 * paragraph inside one reopening with 「“」 at the start of its line. Any instruction there is a second one
 * (宪法修正案（2004年） 第三十一条: a chapter renamed, then 「宪法第一百三十六条增加一款」).
 */
function outsideAfterFirstQuote(text: string): string {
  let out = '';
  let inside = false;
  let seen = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (!inside && c === '“') {
      inside = true;
      seen = true;
    } else if (inside && c === '”') inside = false;
    else if (!inside && seen) out += c;
  }
  return out;
}

/** Articles renumbered (「第一百二十三条至第一百三十八条相应改为第一百二十八条至第一百四十三条」): numbers this reading cannot follow. */
const RENUMBERED = /条[^，。；“”]*相应地?改为[^，。；“”]*条/u;

/** The quotation of added articles cut at each 「第X条之Y 」 that opens one: the text of each, without its label. */
function addedTexts(quoted: string): Map<string, string> {
  const out = new Map<string, string>();
  let current: string | null = null;
  let lines: string[] = [];
  const flush = () => {
    if (current !== null) out.set(current, lines.join('\n'));
  };
  for (const line of quoted.split('\n')) {
    const head = ADDED_HEAD.exec(line);
    const k = head ? key(head[1], head[2]) : null;
    if (head && k) {
      flush();
      current = `${k.number}.${k.subNumber}`;
      lines = [head[3] ?? ''];
    } else lines.push(line);
  }
  flush();
  return out;
}

/**
 * What a clause does, or null when it reads as an instruction this does not understand (the caller then cannot vouch
 * for the articles' texts after the amendment). A clause without an instruction (the preamble, 「本修正案自…起施行」)
 * does nothing: [].
 */
export function clauseEffects(text: string): ClauseEffect[] | null {
  const clean = text.replace(/\r/g, '');
  const { instruction, quoted } = splitClause(clean);
  // Text between or after the quotations that cites an article is a second instruction this reading would miss; a
  // renumbering of articles, numbers it cannot follow.
  const after = outsideAfterFirstQuote(clean);
  if (ANY_ARTICLE.test(after) || RENUMBERED.test(`${instruction}${after}`)) return null;
  const head = instruction.replace(/^[一二三四五六七八九十百]+、/u, '');
  const added = ADDED.exec(head);
  if (added?.[1]) {
    const texts = quoted ? addedTexts(quoted) : new Map<string, string>();
    const keys = [...added[1].matchAll(ARTICLE)].map((m) => key(m[1], m[2]));
    if (keys.some((k) => k === null)) return null;
    // One article added: its quotation is its text, often without its label.
    const only = keys.length === 1 && texts.size === 0 ? quoted : null;
    return (keys as ArticleKey[]).map((k) => ({ kind: 'added', key: k, text: texts.get(`${k.number}.${k.subNumber}`) ?? only }));
  }
  const whole = WHOLE_AFTER_ADDING.exec(head) ?? REWRITTEN.exec(head);
  if (whole && quoted !== null) {
    const k = key(whole[1], whole[2]);
    return k ? [{ kind: 'rewritten', key: k, text: quoted }] : null;
  }
  const deleted = quoted === null ? DELETED.exec(head) : null;
  if (deleted && !/款|项/u.test(head.slice(head.lastIndexOf('第')))) {
    const k = key(deleted[1], deleted[2]);
    return k ? [{ kind: 'deleted', key: k }] : null;
  }
  const named = [...head.matchAll(ARTICLE)].map((m) => key(m[1], m[2]));
  // A change of the preamble (宪法序言) changes no article.
  if (named.length === 0) return INSTRUCTION_WORDS.test(head) && !ANNOUNCES.test(head) && !/^本修正案自|序言/u.test(head) ? null : [];
  if (named.some((k) => k === null)) return null;
  // A 款 or 项 rewritten, added or deleted, or words replaced: the article changed, its new text is not in the clause.
  const seen = new Set<string>();
  return (named as ArticleKey[]).filter((k) => !seen.has(`${k.number}.${k.subNumber}`) && seen.add(`${k.number}.${k.subNumber}`)).map((k) => ({ kind: 'changed', key: k }));
}
