/**
 * Amendments a matter's facts straddle. 商标法 was amended on 2019-04-23, in force 2019-11-01 (punitive damages from
 * 一倍以上三倍以下 to 一倍以上五倍以下, the statutory cap from 三百万 to 五百万); an infringement that ran from 2018 to 2022
 * is governed by the old text for the conduct before that day and by the new after it, which one date of the law
 * cannot say. The library knows a law's changes from its documents (each version the collection holds, with its date
 * of effect) and from the history lines imported with each (「…《关于修改<中华人民共和国商标法>的决定》第三次修正」),
 * which record amendments whose texts it lacks, by their adoption only.
 *
 * Read with one query for all the laws of a turn; the articles that differ between two held versions are looked up
 * (counterparts.ts) only for a change that falls within the facts and whose earlier text the library holds.
 */
import type { Db } from '../../db/open.js';
import { getArticles } from '../articles.js';
import { counterpartInVersion } from './counterparts.js';
import type { FactSpan } from '../../consult/factSpan.js';

const DATED = /^\d{4}-\d{2}-\d{2}$/;
/** A history event that changed an earlier text (versionGap.ts and lawOrigins.ts read the same). */
const AMENDING = /修正|修订|修改|通过的《/u;
/** At most this many of a law's articles are compared with the earlier text, to name those that differ. */
const MAX_COMPARED = 6;

export interface SpannedChange {
  /** 「2019 年修正」, 「2023 年修订」, or the amendment's own name (「刑法修正案（十一）」). */
  name: string;
  adopted: string;
  /** The day it took effect, where the library holds the amended text and knows it; null otherwise. */
  inForce: string | null;
  /** Whether the library holds the text before this change, and which one (its publication date). */
  earlierText: string | null;
  /** Of the turn's articles of the law, the labels whose provision reads otherwise in the earlier text (only with one held). */
  differing?: string[];
  /** Of the same, the labels that read alike in both. */
  same?: string[];
  /** Whether the change surely falls between the facts, or may (a date given by its year only: 「2019年…2020年」). */
  sure: boolean;
}

export interface SpannedAmendment {
  title: string;
  changes: SpannedChange[];
  zh: string;
  en: string;
}

interface DocRow {
  articleId: number;
  lawId: number;
  title: string;
  publish: string | null;
  effective: string | null;
  history: string;
}

/**
 * The amendments of the laws of `articleIds` that took effect (or, known only from a history line, were adopted) after
 * the facts began and by their last day, one entry per law in the order of the articles, with its note. `lawDate` is
 * the turn's law date, to say which text it applied.
 */
export function spannedAmendments(db: Db, articleIds: readonly number[], span: FactSpan, lawDate: { date: string; zh: string; en: string } | null): SpannedAmendment[] {
  if (!articleIds.length) return [];
  const rows = db
    .prepare(`SELECT a.id AS articleId, d.law_id AS lawId, l.title, d.publish_date AS publish, d.effective_date AS effective, d.history
        FROM articles a JOIN documents ad ON ad.id = a.document_id JOIN documents d ON d.law_id = ad.law_id JOIN laws l ON l.id = d.law_id
       WHERE a.id IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify([...new Set(articleIds)])) as DocRow[];
  const laws = new Map<number, { title: string; articleIds: number[]; docs: Map<string, DocRow> }>();
  for (const id of articleIds) {
    for (const r of rows.filter((x) => x.articleId === id)) {
      const law = laws.get(r.lawId) ?? { title: r.title, articleIds: [] as number[], docs: new Map<string, DocRow>() };
      laws.set(r.lawId, law);
      if (!law.articleIds.includes(id)) law.articleIds.push(id);
      law.docs.set(r.publish ?? '', r);
    }
  }
  const out: SpannedAmendment[] = [];
  for (const law of laws.values()) {
    const changes = lawChanges([...law.docs.values()])
      .filter((c) => {
        const on = c.inForce ?? c.adopted;
        return span.from < on && on <= span.to;
      })
      .map((c) => {
        const on = c.inForce ?? c.adopted;
        return { ...c, sure: span.fromEnd < on && on <= span.toStart, ...(c.earlierText ? compared(db, law.articleIds, c.earlierText) : {}) };
      });
    if (changes.length) out.push({ title: law.title, changes, ...notes(law.title, changes, span, lawDate) });
  }
  return out;
}

/**
 * The changes of a law its documents show: each held version made by an amendment (the last amending history line since
 * the version before it: 商标法 of 2019-04-23, in force 2019-11-01; an interpretation adopted 2020-12-23, published
 * 2020-12-29), and each other amending line, a text the library lacks, known by its adoption only.
 */
function lawChanges(docs: DocRow[]): Array<Omit<SpannedChange, 'sure'>> {
  const held = docs.filter((d) => d.publish && DATED.test(d.publish)).sort((a, b) => (a.publish! < b.publish! ? -1 : 1));
  const events = new Map<string, string>();
  for (const d of held) {
    for (const h of JSON.parse(d.history) as Array<{ date: string; event: string }>) if (DATED.test(h.date) && AMENDING.test(h.event)) events.set(h.date, h.event);
  }
  const dated = [...events].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const out: Array<Omit<SpannedChange, 'sure'>> = [];
  held.forEach((d, i) => {
    const prev = i > 0 ? held[i - 1]!.publish! : '';
    const own = dated.filter(([date]) => date > prev && date <= d.publish!);
    const made = own.at(-1);
    // A law's first text is a change only when an amendment made it; a later version always is.
    if (made || i > 0) out.push({ name: changeName(made?.[0] ?? d.publish!, made?.[1] ?? '修订'), adopted: made?.[0] ?? d.publish!, inForce: d.effective ?? d.publish, earlierText: i > 0 ? prev : null });
    for (const [date, event] of own.slice(0, -1)) out.push({ name: changeName(date, event), adopted: date, inForce: null, earlierText: i > 0 ? prev : null });
  });
  return out.sort((a, b) => ((a.inForce ?? a.adopted) < (b.inForce ?? b.adopted) ? -1 : 1));
}

/** 「2019 年修正」; an amendment of its own name (「刑法修正案（十一）」) by that name. */
function changeName(date: string, event: string): string {
  const named = /《([^《》]*修正案[^《》]*)》/u.exec(event)?.[1];
  if (named) return `《${named.replace(/^中华人民共和国/u, '')}》`;
  return `${date.slice(0, 4)} 年${/修订/u.test(event) ? '修订' : '修正'}`;
}

/** The turn's articles of the law, compared with their provisions in the earlier text (by text: a revision renumbers). */
function compared(db: Db, articleIds: number[], earlier: string): { differing: string[]; same: string[] } {
  const differing: string[] = [];
  const same: string[] = [];
  for (const a of getArticles(db, articleIds.slice(0, MAX_COMPARED))) {
    if ((a.publishDate ?? '') <= earlier) continue;
    const then = counterpartInVersion(db, a, earlier);
    const label = then.label && then.label !== a.label ? `${a.label}（修改前为${then.label}）` : a.label;
    (then.match === 'identical' ? same : differing).push(then.match === 'none' ? `${a.label}（修改前无对应条文）` : label);
  }
  return { differing, same };
}

/**
 * Laws whose own article says which text governs conduct before a change: the old, unless the new one punishes it
 * more lightly or not at all (从旧兼从轻). 「2021-07-15 前的行为适用修改前的文本」 alone would lead a lawyer defending a
 * 2020 violation decided in 2022 past the lighter rule of 2021 (首违不罚, 行政处罚法 第三十三条), which 第三十七条 applies.
 * The article is cited by its number in the library's text (行政处罚法 of 2021, 刑法).
 */
const MILDER_LAW: Readonly<Record<string, { article: string; zh: string; en: string }>> = {
  中华人民共和国行政处罚法: { article: '第三十七条', zh: '作出处罚决定时新的规定处罚较轻或者不认为是违法的，适用新的规定', en: 'when the decision is made under a new text that punishes it more lightly or not at all, the new text applies' },
  中华人民共和国刑法: { article: '第十二条', zh: '新的规定不认为是犯罪或者处刑较轻的，适用新的规定', en: 'a new text that does not treat it as a crime or punishes it more lightly applies' },
};

function notes(title: string, changes: SpannedChange[], span: FactSpan, lawDate: { date: string; zh: string; en: string } | null): { zh: string; en: string } {
  const sure = changes.every((c) => c.sure);
  const milder = MILDER_LAW[title];
  const named = changes.map((c) => `${c.name}（${c.adopted} 通过，${c.inForce ? `${c.inForce} 起施行` : '施行日期法规库未载'}）`).join('、');
  const day = changes.length === 1 ? (changes[0]!.inForce ?? changes[0]!.adopted) : null;
  const rule = day
    ? `${day} 前的行为适用修改前的文本，此后的适用修改后的文本；持续到该日以后的行为，按持续行为的规则判断适用哪一文本`
    : '各次修改施行前的行为分别适用当时的文本；持续跨越修改的行为，按持续行为的规则判断适用哪一文本';
  const ruleZh = milder ? `${rule}；但${milder.zh}（从旧兼从轻，该法${milder.article}）` : rule;
  const held = changes.map((c) => {
    if (!c.earlierText) return changes.length === 1 ? '法规库中没有修改前的文本' : `法规库中没有${c.name}前的文本`;
    const which = c.differing?.length ? `，本轮涉及的条文中${c.differing.join('、')}在两版中不同` : c.same?.length ? `，本轮涉及的条文（${c.same.join('、')}）在两版中相同` : '';
    return `法规库收有${changes.length === 1 ? '修改' : c.name}前的文本（${c.earlierText} 版）${which}`;
  });
  const applied = lawDate ? `本轮按 ${lawDate.zh}适用法律。` : '';
  const zh = `本案事实${sure ? '' : '可能'}跨越《${title}》${named}：问题所述事实自 ${span.fromSaid} 至 ${span.toSaid}，${ruleZh}；${held.join('；')}。${applied}`;
  const namedEn = changes.map((c) => `the ${c.name.replace(/ 年修正$/u, ' amendment').replace(/ 年修订$/u, ' revision')} (adopted ${c.adopted}, ${c.inForce ? `in force ${c.inForce}` : 'date of effect not in the library'})`).join(' and ');
  const ruleEn = day
    ? `conduct before ${day} is governed by the text before the amendment, conduct after it by the amended text; for conduct continuing past that day, apply the rules on continuing conduct`
    : 'conduct before each amendment took effect is governed by the text of its time; for conduct continuing across one, apply the rules on continuing conduct';
  const ruleEnMilder = milder ? `${ruleEn}; but ${milder.en} (the milder law, ${milder.article} of that law)` : ruleEn;
  const heldEn = changes.map((c) => {
    if (!c.earlierText) return `the library lacks the text before ${c.name.replace(/ 年(修正|修订)$/u, '')}`;
    const which = c.differing?.length ? `; of this turn's articles, ${c.differing.join(', ')} read otherwise in it` : c.same?.length ? `; this turn's articles (${c.same.join(', ')}) read alike in both` : '';
    return `the library holds the earlier text (the ${c.earlierText} version)${which}`;
  });
  const appliedEn = lawDate ? ` This turn applied the law as of ${lawDate.en}.` : '';
  const en = `The facts ${sure ? '' : 'may '}straddle ${namedEn} of ${title}: the question's facts run from ${span.fromSaid} to ${span.toSaid}; ${ruleEnMilder}; ${heldEn.join('; ')}.${appliedEn}`;
  return { zh, en };
}
