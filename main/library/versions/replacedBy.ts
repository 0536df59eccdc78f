/**
 * What replaced a document the library holds only as repealed, and where the replacing document holds each of its
 * articles. Older judgments and briefs cite 婚姻法解释（三）第七条, 合同法解释（二）第二十六条 or 契税暂行条例第三条; the library
 * shows their text marked 已废止, and a lawyer then needs the provision in force: 婚姻家庭编解释（一）第二十九条.
 *
 * Two sources name the replacement. A law or regulation usually repeals its predecessor in its own closing clause
 * (契税法 第十七条: 「…《中华人民共和国契税暂行条例》同时废止」), which the library holds. The civil interpretations
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

export interface ReplacingLaw {
  lawId: number;
  title: string;
  /** Its version in force. */
  publishDate: string | null;
  effectiveDate: string | null;
}

export interface Replacement {
  /** From when the repealed document no longer applied: the repealing clause's effective date, or the table's. */
  repealedOn: string | null;
  /** The clause that repealed it (《中华人民共和国契税法》第十七条); null when the repeal comes from the table. */
  clause: { law: string; article: string } | null;
  /** The documents in force that took over its subject, the principal one first. */
  by: ReplacingLaw[];
  /** The article among theirs that holds this article's text; null when none does (the rule was rewritten or dropped). */
  counterpart: (Required<Pick<ArticleVersion, 'similarity' | 'diff'>> & VersionArticle & { lawTitle: string; match: 'identical' | 'amended' | 'partly' }) | null;
  /** Other articles of the same document that took a large part of it. */
  also: VersionArticle[];
}

interface Rule {
  repealedOn: string;
  by: string[];
}

const CIVIL_CODE = '中华人民共和国民法典';
const WITH_CIVIL_CODE = '2021-01-01';
/**
 * Civil interpretations repealed with effect from 2021-01-01, when 民法典 took effect, and the interpretations that
 * took over their subjects (民法典 itself after them, where their rules went into the code). Titles as the library
 * writes them; LawRefBook marks every one of them 已废止.
 */
const REPLACED_INTERPRETATIONS: ReadonlyArray<[old: string[], by: string[]]> = [
  [
    ['最高人民法院关于适用《中华人民共和国合同法》若干问题的解释（一）', '最高人民法院关于适用《中华人民共和国合同法》若干问题的解释（二）'],
    ['最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释', CIVIL_CODE],
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
    ['最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（一）', CIVIL_CODE],
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
];

/** An enacting or commencement clause, whose words any law shares. */
const FORMULA = /^(?:(?:为了|为|根据|依据|依照)[^。]{0,80}制定本(?:法|条例|规定|办法|细则|实施细则|解释|规则)|本(?:法|条例|规定|办法|细则|实施细则|解释|规则)自[^。]{0,40}(?:起)?施行)。?$/;

const TABLE: ReadonlyMap<string, Rule> = new Map(
  REPLACED_INTERPRETATIONS.flatMap(([olds, by]) => olds.map((old) => [normalizeLawName(old), { repealedOn: WITH_CIVIL_CODE, by }] as const)),
);

/** The table: each repealed interpretation with the date it was repealed and the documents that took it over, as written. */
export function replacedInterpretations(): Array<{ title: string; repealedOn: string; by: string[] }> {
  return REPLACED_INTERPRETATIONS.flatMap(([olds, by]) => olds.map((title) => ({ title, repealedOn: WITH_CIVIL_CODE, by })));
}

/** What replaced the article's document, and where it holds the article; null unless the document is repealed and its law has no version in force. */
export function replacementOf(db: Db, article: StatuteArticle): Replacement | null {
  if (article.status !== 'repealed' || article.province || hasVersionInForce(db, article.lawId)) return null;
  const rule = ruleFor(db, article);
  if (!rule) return null;
  const by = rule.by.flatMap((title) => replacingLaw(db, title) ?? []);
  if (by.length === 0) return null;
  // 「根据…，制定本细则」 and 「本条例自…起施行」 read alike in every law: no provision of this one was carried over by them.
  const found = (FORMULA.test(article.text) ? [] : by)
    .map((law) => ({ law, there: counterpartInLaw(db, article, law.lawId, law.publishDate ?? '') }))
    .filter((x) => x.there.articleId !== null && x.there.match !== 'none' && x.there.match !== 'self');
  // The closest text wins; on a tie the principal replacement (listed first) does.
  const best = found.reduce<(typeof found)[number] | null>((b, x) => (!b || (x.there.similarity ?? 0) > (b.there.similarity ?? 0) ? x : b), null);
  return {
    repealedOn: rule.repealedOn,
    clause: rule.clause,
    by,
    counterpart: best ? {
      articleId: best.there.articleId!, label: best.there.label!, lawTitle: best.law.title, similarity: best.there.similarity!,
      match: best.there.match as 'identical' | 'amended' | 'partly', diff: best.there.diff,
    } : null,
    also: best?.there.also ?? [],
  };
}

/** Whether the repealed document was still in force on `asOf` (a 2020 matter citing 婚姻法解释（三）). */
export function inForceOn(replacement: Replacement, asOf: string | undefined): boolean {
  return !!asOf && !!replacement.repealedOn && asOf < replacement.repealedOn;
}

/**
 * What a reader of the repealed article is told: 「该文件自 2021-01-01 起废止，由《…婚姻家庭编的解释（一）》、《民法典》取代；本条内容现见于
 * 《…》第二十九条（内容有修改）」, or that none of them holds its text; as of a date before the repeal, that it applied then.
 */
export function replacementNote(r: Replacement, asOf?: string): { en: string; zh: string } {
  // 合同编通则解释 took effect in 2023, two years after the interpretations it took over were repealed.
  const later = (l: ReplacingLaw) => (r.repealedOn && l.effectiveDate && l.effectiveDate > r.repealedOn ? l.effectiveDate : null);
  const by = {
    en: r.by.map((l) => `《${l.title}》${later(l) ? ` (in force from ${later(l)})` : ''}`).join(', '),
    zh: r.by.map((l) => `《${l.title}》${later(l) ? `（${later(l)} 起施行）` : ''}`).join('、'),
  };
  const clause = r.clause ? { en: ` by 《${r.clause.law}》${r.clause.article}`, zh: `（《${r.clause.law}》${r.clause.article}）` } : { en: '', zh: '' };
  const repealed = r.repealedOn
    ? { en: `repealed from ${r.repealedOn}${clause.en}`, zh: `自 ${r.repealedOn} 起废止${clause.zh}` }
    : { en: `repealed${clause.en}`, zh: `已废止${clause.zh}` };
  const cp = r.counterpart;
  const where = cp
    ? { en: `this article's text is now ${cp.label} of 《${cp.lawTitle}》 (${MATCH_WORDS[cp.match].en})`, zh: `本条内容现见于《${cp.lawTitle}》${cp.label}（${MATCH_WORDS[cp.match].zh}）` }
    : { en: `none of them holds this article's text, so its rule was rewritten or dropped; look for it there`, zh: `其中没有与本条内容相近的条文，该规定可能已改写或删去，请在其中查找` };
  const was = inForceOn(r, asOf) ? { en: `still in force on ${asOf}; `, zh: `在 ${asOf} 仍然有效；` } : { en: '', zh: '' };
  return {
    en: `This document was ${was.en}${repealed.en} and replaced by ${by.en}; ${where.en}.`,
    zh: `该文件${was.zh}${repealed.zh}，由${by.zh}取代；${where.zh}。`,
  };
}

function hasVersionInForce(db: Db, lawId: number): boolean {
  return cachedStatement(db, `SELECT 1 FROM documents d WHERE d.law_id = ? AND ${statusSql('d')} = 'current' LIMIT 1`).get(lawId) !== undefined;
}

/** The table's rule for the article's document, else the first clause of another law repealing it after it was published. */
function ruleFor(db: Db, article: StatuteArticle): (Omit<Rule, 'repealedOn'> & { repealedOn: string | null; clause: Replacement['clause'] }) | null {
  const name = normalizeLawName(article.lawTitle);
  const table = TABLE.get(name);
  if (table) return { ...table, clause: null };
  const published = article.publishDate ?? '';
  const repeal = clausesByName(db).get(name)?.find((r) => normalizeLawName(r.byLaw) !== name && (r.effectiveDate ?? r.publishDate ?? '') > published);
  return repeal ? { repealedOn: repeal.effectiveDate ?? repeal.publishDate, by: [repeal.byLaw], clause: { law: repeal.byLaw, article: repeal.byArticle } } : null;
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
