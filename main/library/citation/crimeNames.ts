/**
 * Crime names in a query (拒不支付劳动报酬罪, 帮助信息网络犯罪活动罪, 诈骗罪) lead to the 刑法 article that
 * defines the crime, as a citation of it would: 「能告他拒不支付劳动报酬罪吗」 cites 刑法 第二百七十六条之一
 * in all but number. The names and articles come from the library's own crime-name texts
 * (crimeNameTables.ts), read once per text revision; no table of crimes is kept here.
 */
import type { Db } from '../../db/open.js';
import { textRevision } from '../../search/ftsTables.js';
import { RecentCache } from '../../util/recentCache.js';
import type { StatuteArticle } from '../articles.js';
import { intToChinese } from '../../../preload/contract/numerals.js';
import { crimeNameMap, type CrimeArticle } from './crimeNameTables.js';
import type { CitationResolver } from './resolver.js';

/**
 * Short forms lawyers type, each for an official name; the library's texts still say which article that
 * name is of, and a form whose name the library lacks leads nowhere.
 */
const SHORT_FORMS: ReadonlyArray<readonly [short: string, name: string]> = [
  ['帮信罪', '帮助信息网络犯罪活动罪'],
  ['醉驾', '危险驾驶罪'],
  ['危驾罪', '危险驾驶罪'],
  ['拒执罪', '拒不执行判决、裁定罪'],
  ['非吸罪', '非法吸收公众存款罪'],
  ['掩隐罪', '掩饰、隐瞒犯罪所得、犯罪所得收益罪'],
];

export interface CrimeNameIndex {
  /** Every name (official, former, written without 、, a compound's first alternative, short form) → its articles. */
  readonly byName: ReadonlyMap<string, readonly CrimeArticle[]>;
  /** The longest name, in characters. */
  readonly longest: number;
}

/** The crime-name texts: 最高人民检察院's list of 1997 and the 补充规定 of both courts, national, oldest first. */
function crimeNameTexts(db: Db): string[] {
  const docs = db.prepare(
    `SELECT d.id FROM documents d JOIN laws l ON l.id = d.law_id
      WHERE d.province = '' AND (l.title LIKE '%确定罪名%' OR l.title LIKE '%犯罪的罪名的意见%')
      ORDER BY COALESCE(d.publish_date, ''), d.id`,
  ).pluck().all() as number[];
  const text = db.prepare('SELECT text FROM articles WHERE document_id = ? ORDER BY ordinal').pluck();
  return docs.map((id) => (text.all(id) as string[]).join('\n'));
}

/** Names as people also write them: without 、 (生产销售假药罪), without a bracket (偷越国境罪), a compound's first alternative of four characters or more (强制猥亵罪, 骗取贷款罪). */
function variantsOf(name: string): string[] {
  const out = [name.replace(/、/g, ''), name.replace(/（[^（）]*）/g, '')];
  const first = /^([^、]{4,})、.+罪$/.exec(name)?.[1];
  if (first) out.push(`${first}罪`);
  return out.filter((v) => v !== name);
}

/** The index built from the texts; a variant two names share, or that is itself a name, is left out. */
export function buildCrimeNameIndex(textsOldestFirst: readonly string[]): CrimeNameIndex {
  const official = crimeNameMap(textsOldestFirst);
  const byName = new Map(official);
  const shared = new Set<string>();
  for (const [name, articles] of official) {
    for (const variant of variantsOf(name)) {
      if (official.has(variant) || shared.has(variant)) continue;
      const taken = byName.get(variant);
      if (taken && !sameArticles(taken, articles)) {
        byName.delete(variant);
        shared.add(variant);
      } else byName.set(variant, articles);
    }
  }
  for (const [short, name] of SHORT_FORMS) {
    const articles = official.get(name);
    if (articles && !byName.has(short)) byName.set(short, articles);
  }
  return { byName, longest: Math.max(0, ...[...byName.keys()].map((n) => n.length)) };
}

function sameArticles(a: readonly CrimeArticle[], b: readonly CrimeArticle[]): boolean {
  return a.length === b.length && a.every((x, i) => x.number === b[i]?.number && x.subNumber === b[i]?.subNumber);
}

const cache = new RecentCache<CrimeNameIndex>(1);

/** The library's crime-name index, read once per text revision (about 10 ms for the national library). */
export function crimeNameIndex(db: Db): CrimeNameIndex {
  return cache.get(db, textRevision(db), () => buildCrimeNameIndex(crimeNameTexts(db)));
}

/** Names as the index holds them that end at a 罪 of the text, or are short forms without one. */
function matchesIn(text: string, index: CrimeNameIndex): Array<{ start: number; end: number; name: string }> {
  const found: Array<{ start: number; end: number; name: string }> = [];
  for (let end = text.indexOf('罪'); end !== -1; end = text.indexOf('罪', end + 1)) {
    for (let len = Math.min(index.longest, end + 1); len >= 2; len--) {
      const name = text.slice(end + 1 - len, end + 1);
      if (index.byName.has(name)) {
        found.push({ start: end + 1 - len, end: end + 1, name });
        break;
      }
    }
  }
  for (const [short] of SHORT_FORMS) {
    if (short.endsWith('罪')) continue;
    for (let at = text.indexOf(short); at !== -1; at = text.indexOf(short, at + 1)) {
      if (index.byName.has(short)) found.push({ start: at, end: at + short.length, name: short });
    }
  }
  // 诈骗罪 inside 集资诈骗罪 is not named on its own.
  const kept = found.filter((m) => !found.some((o) => o !== m && o.start <= m.start && o.end >= m.end && o.end - o.start > m.end - m.start));
  return kept.sort((a, b) => a.start - b.start);
}

/** The crime names a text holds, in order, each with its 刑法 articles. */
export function crimeNamesIn(text: string, index: CrimeNameIndex): Array<{ name: string; articles: readonly CrimeArticle[] }> {
  if (index.longest === 0) return [];
  return matchesIn(text, index).map((m) => ({ name: m.name, articles: index.byName.get(m.name) ?? [] }));
}

/** The 刑法 articles (the version the date asks for, else in force) of the crimes a text names, in order, each once. */
export function crimeArticlesInText(db: Db, resolver: CitationResolver, text: string, asOf?: string): StatuteArticle[] {
  if (!text.includes('罪') && !SHORT_FORMS.some(([short]) => text.includes(short))) return [];
  const out: StatuteArticle[] = [];
  for (const { articles } of crimeNamesIn(text, crimeNameIndex(db))) {
    for (const { number, subNumber } of articles) {
      const found = resolver.lookup(`刑法第${intToChinese(number)}条${subNumber ? `之${intToChinese(subNumber)}` : ''}`, asOf ? { asOf } : {});
      if (found.ok && !out.some((a) => a.id === found.article.id)) out.push(found.article);
    }
  }
  return out;
}
