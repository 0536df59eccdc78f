/**
 * What replaced a document the library holds only as repealed, and where the replacing document holds each of its
 * articles. Older judgments and briefs cite 合同法解释（二）第二十六条, 建工解释（二）第一条 or 契税暂行条例第三条; the library
 * shows their text marked 已废止, and a lawyer then needs the provision in force: 民法典 第五百三十三条.
 *
 * Two sources name the replacement. A law or regulation usually repeals its predecessor in its own closing clause
 * (契税法 第十六条: 「…《中华人民共和国契税暂行条例》同时废止」), which the library holds. The civil interpretations
 * that the Supreme People's Court repealed when 民法典 took effect on 2021-01-01 were repealed by a separate decision
 * the collection does not hold, so they are in REPLACED_INTERPRETATIONS, each with the interpretations of 民法典
 * that took over its subject. In both cases the article is found by text (counterparts.ts), so a rule that was
 * rewritten or dropped has no counterpart rather than a guessed one.
 */
import { cachedStatement, type Db } from '../../db/open.js';
import { textRevision } from '../../search/ftsTables.js';
import { RecentCache } from '../../util/recentCache.js';
import type { StatuteArticle } from '../articles.js';
import { normalizeLawName } from '../citation/aliases.js';
import { nameForms, repealClauses, type Repeal } from '../citation/repealedLaws.js';
import { MATCH_WORDS, statusSql } from '../status.js';
import { counterpartInLaw, type ArticleVersion, type VersionArticle } from './counterparts.js';
import { bookTitle, citedLabel } from '../../../preload/contract/citationLine.js';

export interface ReplacingLaw {
  lawId: number;
  title: string;
  /** Its version in force. */
  publishDate: string | null;
  effectiveDate: string | null;
}

export interface Replacement {
  /** From when the repealed document applied: its effective date, else its publication; null when unknown. */
  inForceFrom: string | null;
  /** From when it no longer applied: the repealing clause's effective date, or the table's. */
  repealedOn: string | null;
  /** What repealed it: a later law's clause (《中华人民共和国契税法》第十六条), or the decision the table names, with its number. */
  repealedBy: { law: string; article: string | null; number?: string };
  /** The documents in force that took over its subject (on the date asked, when one was), the principal one first. */
  by: ReplacingLaw[];
  /** The article among theirs that holds this article's text; null when none does (the rule was rewritten or dropped). */
  counterpart: (Required<Pick<ArticleVersion, 'similarity' | 'diff'>> & VersionArticle & { lawTitle: string; match: 'identical' | 'amended' | 'partly' }) | null;
  /** Other articles of the same document that took a large part of it. */
  also: VersionArticle[];
}

interface Rule {
  repealedOn: string | null;
  repealedBy: Replacement['repealedBy'];
  by: string[];
}

const CIVIL_CODE = '中华人民共和国民法典';
const GENERAL_PART = '最高人民法院关于适用《中华人民共和国民法典》总则编若干问题的解释';
/** The decision that repealed the civil interpretations below, with effect from the day 民法典 took effect. */
const REPEAL_DECISION = { law: '最高人民法院关于废止部分司法解释及相关规范性文件的决定', number: '法释〔2020〕16号', on: '2021-01-01' };
/**
 * Civil interpretations repealed with effect from 2021-01-01, when 民法典 took effect, and the interpretations that
 * took over their subjects (民法典 itself after them, where their rules went into the code). Titles as the library
 * writes them; LawRefBook marks every one of them 已废止. Not every document that decision repealed is here.
 */
const REPLACED_INTERPRETATIONS: ReadonlyArray<[old: string[], by: string[]]> = [
  [
    ['最高人民法院关于适用《中华人民共和国合同法》若干问题的解释（一）', '最高人民法院关于适用《中华人民共和国合同法》若干问题的解释（二）'],
    ['最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释', GENERAL_PART, CIVIL_CODE],
  ],
  [['最高人民法院关于适用《中华人民共和国担保法》若干问题的解释'], ['最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释', CIVIL_CODE]],
  [
    [
      '最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释（一）',
      '最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释（二）',
      '最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释（二）的补充规定',
      '最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释（三）',
      '最高人民法院关于审理涉及夫妻债务纠纷案件适用法律有关问题的解释',
    ],
    ['最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（一）', '最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（二）', CIVIL_CODE],
  ],
  [['最高人民法院关于适用《中华人民共和国物权法》若干问题的解释（一）'], ['最高人民法院关于适用《中华人民共和国民法典》物权编的解释（一）', CIVIL_CODE]],
  [
    [
      '最高人民法院关于审理劳动争议案件适用法律若干问题的解释',
      '最高人民法院关于审理劳动争议案件适用法律若干问题的解释（二）',
      '最高人民法院关于审理劳动争议案件适用法律若干问题的解释（三）',
      '最高人民法院关于审理劳动争议案件适用法律若干问题的解释（四）',
    ],
    ['最高人民法院关于审理劳动争议案件适用法律问题的解释（一）'],
  ],
  [
    ['最高人民法院关于审理建设工程施工合同纠纷案件适用法律问题的解释', '最高人民法院关于审理建设工程施工合同纠纷案件适用法律问题的解释（二）'],
    ['最高人民法院关于审理建设工程施工合同纠纷案件适用法律问题的解释（一）'],
  ],
  [['最高人民法院关于适用《中华人民共和国民法总则》诉讼时效制度若干问题的解释'], ['最高人民法院关于审理民事案件适用诉讼时效制度若干问题的规定', CIVIL_CODE]],
  [['最高人民法院关于审理名誉权案件若干问题的解答', '最高人民法院关于审理名誉权案件若干问题的解释'], [CIVIL_CODE]],
];

/**
 * A sentence any law has in its own words: enacting (「根据…，制定本细则」), commencement (「本条例自…起施行」), repeal
 * (「…同时废止」) and transition (「本解释施行后尚未终审的…」, 「…以本规定为准」). An article of nothing else was carried
 * over by nothing: its likeness to the replacing law's own such clause says nothing.
 */
const FORMULA = [
  /^(?:为了|为|根据|依据|依照)[^。；]{0,120}制定本(?:法|条例|规定|办法|细则|实施细则|解释|规则|决定)$/,
  /^本(?:法|条例|规定|办法|细则|实施细则|解释|规则|决定)(?:[^。；]{0,20})?自[^。；]{0,40}施行$/,
  /同时(?:废止|停止执行)$/,
  /本(?:法|条例|规定|解释|规则)施行(?:后|前|以后|以前)/,
  /以本(?:法|条例|规定|解释|规则)为准$/,
  /(?:不再适用|停止执行|予以废止)$/,
];

function onlyFormulas(text: string): boolean {
  const sentences = text.split(/[。；\n]/).map((x) => x.trim()).filter(Boolean);
  return sentences.length > 0 && sentences.every((x) => FORMULA.some((f) => f.test(x)));
}

const TABLE: ReadonlyMap<string, Rule> = new Map(
  REPLACED_INTERPRETATIONS.flatMap(([olds, by]) => olds.map((old) => [normalizeLawName(old), { repealedOn: REPEAL_DECISION.on, repealedBy: { law: REPEAL_DECISION.law, article: null, number: REPEAL_DECISION.number }, by }] as const)),
);

/** The table: each repealed interpretation with the date it was repealed and the documents that took it over, as written. */
export function replacedInterpretations(): Array<{ title: string; repealedOn: string; by: string[] }> {
  return REPLACED_INTERPRETATIONS.flatMap(([olds, by]) => olds.map((title) => ({ title, repealedOn: REPEAL_DECISION.on, by })));
}

const cache = new RecentCache<Replacement | null>(64);

/**
 * What replaced the article's document, and where it holds the article; null unless the document is repealed and its
 * law has no version in force. As of a date after the repeal, only what was in force then counts as replacing it (合同编通则解释
 * took effect in 2023); as of a date it still applied, everything that replaced it later is named.
 */
export function replacementOf(db: Db, article: StatuteArticle, asOf?: string): Replacement | null {
  if (article.status !== 'repealed' || article.province) return null;
  return cache.get(db, `${textRevision(db)}|${article.id}|${asOf ?? ''}`, () => {
    if (hasVersionInForce(db, article.lawId)) return null;
    const rule = repealRule(db, article);
    if (!rule) return null;
    const after = asOf && rule.repealedOn && asOf >= rule.repealedOn ? asOf : null;
    const by = rule.by.flatMap((title) => replacingLaw(db, title) ?? []).filter((l) => !after || (l.effectiveDate ?? l.publishDate ?? '') <= after);
    if (by.length === 0 && !after) return null;
    const found = (onlyFormulas(article.text) ? [] : by)
      .map((law) => ({ law, there: counterpartInLaw(db, article, law.lawId, law.publishDate ?? '') }))
      .filter((x) => x.there.articleId !== null && x.there.match !== 'none' && x.there.match !== 'self');
    // The closest text wins; on a tie the principal replacement (listed first) does.
    const best = found.reduce<(typeof found)[number] | null>((b, x) => (!b || (x.there.similarity ?? 0) > (b.there.similarity ?? 0) ? x : b), null);
    return {
      inForceFrom: article.effectiveDate ?? article.publishDate,
      repealedOn: rule.repealedOn,
      repealedBy: rule.repealedBy,
      by,
      counterpart: best ? {
        articleId: best.there.articleId!, label: best.there.label!, lawTitle: best.law.title, similarity: best.there.similarity!,
        match: best.there.match as 'identical' | 'amended' | 'partly', diff: best.there.diff,
      } : null,
      also: best?.there.also ?? [],
    };
  });
}

/** Whether the repealed document applied on `asOf` (a 2020 matter citing 婚姻法解释（三）): in force by then, not yet repealed. */
export function inForceOn(r: Replacement, asOf: string | undefined): boolean {
  return !!asOf && !!r.repealedOn && asOf < r.repealedOn && (!r.inForceFrom || asOf >= r.inForceFrom);
}

/** Whether `asOf` falls before the document took effect (a 1995 matter citing an interpretation of 2009). */
export function notYetOn(r: Replacement, asOf: string | undefined): boolean {
  return !!asOf && !!r.inForceFrom && asOf < r.inForceFrom;
}

/** How a replacing document's article holds this one, in the notes' words. */
const HELD: Record<'identical' | 'amended' | 'partly', { en: string; zh: string }> = { ...MATCH_WORDS, partly: { en: 'in part', zh: '部分对应' } };

/** 「内容有修改」: how the article that holds it now differs, for a successor's label. */
export function heldAs(c: NonNullable<Replacement['counterpart']>): { en: string; zh: string } {
  return HELD[c.match];
}

/**
 * What a reader of the repealed article is told: 「该文件已由《中华人民共和国契税法》第十六条废止（2021-09-01起施行）；相关规定现见于
 * 《中华人民共和国契税法》；本条内容现见于其第三条（部分对应）」, or that none of them holds its text; as of a date it still applied,
 * that it applied then. Null as of a date before the document took effect.
 */
export function replacementNote(r: Replacement, asOf?: string): { en: string; zh: string } | null {
  if (notYetOn(r, asOf)) return null;
  const by = repealedByWords(r);
  const was = inForceOn(r, asOf) ? { en: `still applied on ${asOf}; it `, zh: `在 ${asOf} 仍然有效，其后` } : { en: '', zh: '' };
  // 合同编通则解释 took effect in 2023, two years after the interpretations it took over were repealed.
  const later = (l: ReplacingLaw) => (r.repealedOn && l.effectiveDate && l.effectiveDate > r.repealedOn ? l.effectiveDate : null);
  const laws = {
    en: r.by.map((l) => `${bookTitle(l.title)}${later(l) ? ` (in force from ${later(l)})` : ''}`).join(', '),
    zh: r.by.map((l) => `${bookTitle(l.title)}${later(l) ? `（${later(l)}起施行）` : ''}`).join('、'),
  };
  const cp = r.counterpart;
  const where = cp
    ? { en: `this article's text is now ${citedLabel(cp)} of ${bookTitle(cp.lawTitle)} (${HELD[cp.match].en})`, zh: `本条内容现见于${bookTitle(cp.lawTitle)}${citedLabel(cp)}（${HELD[cp.match].zh}）` }
    : r.by.length
      ? { en: 'none of them holds this article\'s text (its rule may have been rewritten or dropped); look for it in them', zh: '其中没有与本条内容相近的条文（该规定可能已改写或删去），请在其中查找' }
      : null;
  const related = r.by.length ? { en: `; related rules are now in ${laws.en}`, zh: `；相关规定现见于${laws.zh}` } : { en: '', zh: '' };
  return {
    en: `This document ${was.en}${by.en}${related.en}${where ? `; ${where.en}` : ''}.`,
    zh: `该文件${was.zh}${by.zh}${related.zh}${where ? `；${where.zh}` : ''}。`,
  };
}

/** 「已由《中华人民共和国契税法》第十六条废止（2021-09-01起施行）」: what repealed a document and from when, as the notes say it. */
export function repealedByWords(r: Pick<Replacement, 'repealedOn' | 'repealedBy'>): { en: string; zh: string } {
  const when = r.repealedOn ? { en: ` with effect from ${r.repealedOn}`, zh: `（${r.repealedOn}起施行）` } : { en: '', zh: '' };
  const number = r.repealedBy.number ? { en: ` (${r.repealedBy.number})`, zh: `（${r.repealedBy.number}）` } : { en: '', zh: '' };
  return r.repealedBy.article
    ? { en: `was repealed by ${bookTitle(r.repealedBy.law)}${r.repealedBy.article}${when.en}`, zh: `已由${bookTitle(r.repealedBy.law)}${r.repealedBy.article}废止${when.zh}` }
    : { en: `was repealed${when.en} by ${bookTitle(r.repealedBy.law)}${number.en}`, zh: `已由${bookTitle(r.repealedBy.law)}${number.zh}废止${when.zh}` };
}

function hasVersionInForce(db: Db, lawId: number): boolean {
  return cachedStatement(db, `SELECT 1 FROM documents d WHERE d.law_id = ? AND ${statusSql('d')} = 'current' LIMIT 1`).get(lawId) !== undefined;
}

/** The table's rule for the article's document, else the first clause of another law, taking effect after it was published, that repealed it. */
export function repealRule(db: Db, article: Pick<StatuteArticle, 'lawTitle' | 'publishDate'>): Rule | null {
  const name = normalizeLawName(article.lawTitle);
  const table = TABLE.get(name);
  if (table) return table;
  const published = article.publishDate ?? '';
  const repeal = clausesByName(db).get(name)?.find((r) => normalizeLawName(r.byLaw) !== name && (r.effectiveDate ?? r.publishDate ?? '') > published);
  return repeal ? { repealedOn: repeal.effectiveDate ?? repeal.publishDate, repealedBy: { law: repeal.byLaw, article: repeal.byArticle }, by: [repeal.byLaw] } : null;
}

const clauseCache = new RecentCache<Map<string, Repeal[]>>(1);

/** The library's repealing clauses by the name they repeal (both forms), earliest first; read once per text revision. */
function clausesByName(db: Db): Map<string, Repeal[]> {
  return clauseCache.get(db, textRevision(db), () => {
    const byName = new Map<string, Repeal[]>();
    for (const [name, repeal] of repealClauses(db)) {
      for (const key of nameForms(name)) byName.set(key, [...(byName.get(key) ?? []), repeal]);
    }
    return byName;
  });
}

/** The national law of that title and its version in force; null when the library lacks it or holds none in force. */
function replacingLaw(db: Db, title: string): ReplacingLaw | null {
  const row = cachedStatement(
    db,
    `SELECT l.id AS lawId, l.title, d.publish_date AS publishDate, d.effective_date AS effectiveDate
       FROM laws l JOIN documents d ON d.law_id = l.id
      WHERE l.title = ? AND l.province = '' AND ${statusSql('d')} = 'current'
      ORDER BY d.publish_date DESC LIMIT 1`,
  ).get(title) as ReplacingLaw | undefined;
  return row ?? null;
}
