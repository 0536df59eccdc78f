import { cachedStatement, type Db } from '../db/open.js';
import { staleSince } from './versions/staleTexts.js';
import { lawOrigin } from './versions/lawOrigins.js';
import type { LawNameIndex } from './citation/aliases.js';
import type { CitationResolver } from './citation/resolver.js';
import { repealedLawNamed } from './citation/repealedLaws.js';
import { lawVersions } from './versions/counterparts.js';

/** One law of the library as the catalogue lists it: the version in force (else the latest) and how to open it. */
export interface LawEntry {
  lawId: number;
  title: string;
  shortName: string;
  level: string;
  province: string;
  /** Versions in the library. */
  versions: number;
  /** The version shown: the one in force, else the latest. */
  version: { publishDate: string | null; effectiveDate: string | null; status: string };
  /** Its articles (numbered 第N条 or 一、二、), and the first of them, to open the law at; null when it has none. */
  articles: number;
  firstArticleId: number | null;
  /** The day the law first took effect, where its first text in the library, a later one, says so (lawOrigins.ts). */
  tookEffect?: string;
  /** The day the version shown was repealed, where the library can date it (repealTable.ts). */
  repealedOn?: string;
  /** For an interpretation whose newest text here predates a decision that amended it (staleTexts.ts): the decision's date. */
  staleSince?: string;
}

export interface LawCatalogQuery {
  /** Part of a title or a short form citations know (劳动合同法, 民诉法解释); all laws when empty. */
  query?: string;
  /** 宪法, 法律, 行政法规, 司法解释, 部门规章, 地方性法规, 其他. */
  level?: string;
  /** National law only (default), every province's too ('all'), or one province's. */
  province?: string;
  limit?: number;
  offset?: number;
}

/** The order of levels in the catalogue: the constitution and laws first, then what implements them. */
const LEVEL_ORDER = ['宪法', '法律', '行政法规', '司法解释', '部门规章', '地方性法规'];
const levelRank = (level: string) => (LEVEL_ORDER.includes(level) ? LEVEL_ORDER.indexOf(level) : LEVEL_ORDER.length);
const IN_FORCE = new Set(['current', 'pending']);

interface LawRow {
  id: number;
  title: string;
  short_name: string;
  level: string;
  province: string;
}

/**
 * The laws whose title contains `query` or that `query` names (its short forms and aliases), national
 * law by default: the law a name names exactly first, then by level (宪法, 法律, 行政法规, 司法解释, …),
 * laws in force before repealed ones, newer versions first.
 */
export function lawCatalog(db: Db, names: LawNameIndex, q: LawCatalogQuery = {}): { total: number; laws: LawEntry[] } {
  const text = (q.query ?? '').trim().replace(/[《》]/g, '');
  const province = q.province ?? '';
  const where: string[] = [];
  const params: unknown[] = [];
  if (province !== 'all') {
    where.push('province = ?');
    params.push(province);
  }
  if (q.level) {
    where.push('level = ?');
    params.push(q.level);
  }
  const named = new Set(text ? names.lookup(text).map(Number) : []);
  if (text) {
    where.push(`(instr(title, ?) > 0 OR instr(short_name, ?) > 0${named.size ? ` OR id IN (${[...named].map(() => '?').join(',')})` : ''})`);
    params.push(text, text, ...named);
  }
  const rows = db.prepare(`SELECT id, title, short_name, level, province FROM laws${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`).all(...params) as LawRow[];
  // Sorted on each law's versions (one cached query each), then only the page shown is counted.
  const shown = rows.map((r) => {
    const versions = lawVersions(db, r.id);
    return { r, versions: versions.length, version: versions.find((v) => v.status === 'current') ?? versions[0] };
  });
  const publish = (x: (typeof shown)[number]) => x.version?.publishDate ?? '';
  const outOfForce = (x: (typeof shown)[number]) => Number(!IN_FORCE.has(x.version?.status ?? 'current'));
  shown.sort((a, b) =>
    Number(!named.has(a.r.id)) - Number(!named.has(b.r.id)) ||
    levelRank(a.r.level) - levelRank(b.r.level) ||
    outOfForce(a) - outOfForce(b) ||
    publish(b).localeCompare(publish(a)) ||
    a.r.title.localeCompare(b.r.title, 'zh'));
  const offset = q.offset ?? 0;
  const page = shown.slice(offset, offset + (q.limit ?? 50));
  return {
    total: shown.length,
    laws: page.map(({ r, versions, version }) => ({
      lawId: r.id, title: r.title, shortName: r.short_name, level: r.level, province: r.province, versions,
      version: { publishDate: version?.publishDate || null, effectiveDate: version?.effectiveDate ?? null, status: version?.status ?? 'current' },
      ...articlesOf(db, r.id, version?.publishDate ?? ''),
      ...datesOf(db, r.id, version?.publishDate ?? ''),
      ...staleSince(db, { lawId: r.id, publishDate: version?.publishDate ?? null }),
    })),
  };
}

/** How many articles a law's version has (numbered 第N条 or 一、二、; its 序言 and 附件 not counted), and its first by number. */
function articlesOf(db: Db, lawId: number, publish: string): Pick<LawEntry, 'articles' | 'firstArticleId'> {
  const row = db.prepare(
    `SELECT count(*) AS n, MIN(a.number * 1000 + a.sub_number) AS firstKey FROM articles a JOIN documents d ON d.id = a.document_id
      WHERE d.law_id = ? AND COALESCE(d.publish_date, '') = ? AND a.kind <> 'preamble' AND a.label <> '附件'`,
  ).get(lawId, publish) as { n: number; firstKey: number | null };
  if (row.firstKey === null) return { articles: row.n, firstArticleId: null };
  const first = db.prepare(
    `SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id
      WHERE d.law_id = ? AND COALESCE(d.publish_date, '') = ? AND a.kind <> 'preamble' AND a.label <> '附件' AND a.number * 1000 + a.sub_number = ?
      ORDER BY a.document_id, a.ordinal LIMIT 1`,
  ).get(lawId, publish, row.firstKey) as { id: number } | undefined;
  return { articles: row.n, firstArticleId: first?.id ?? null };
}

/** The law's first day (law_origins) and the day the version shown was repealed (document_repeals), where the library knows them. */
function datesOf(db: Db, lawId: number, publish: string): Pick<LawEntry, 'tookEffect' | 'repealedOn'> {
  const tookEffect = lawOrigin(db, lawId);
  const repealedOn = cachedStatement(db, `SELECT r.repealed_on FROM document_repeals r JOIN documents d ON d.id = r.document_id
      WHERE d.law_id = ? AND COALESCE(d.publish_date, '') = ? LIMIT 1`).pluck().get(lawId, publish) as string | undefined;
  return { ...(tookEffect ? { tookEffect } : {}), ...(repealedOn ? { repealedOn } : {}) };
}

/**
 * What a query that is a law's name (劳动合同法, 《刑法修正案（十）》, 民诉法解释) names: that law as the catalogue lists it,
 * or, for a repealed law's name (合同法), what repealed it and where its rules are now; both null for any other query.
 */
export function lawQueryNames(db: Db, resolver: Pick<CitationResolver, 'names' | 'repealOf'>, query: string): { namedLaw: LawEntry | null; namedRepeal: { message: string; messageZh: string } | null } {
  const name = lawNameTyped(query);
  const ids = [...new Set(resolver.names.lookup(name).map(Number))];
  const law = ids.length === 1 ? lawCatalog(db, resolver.names, { query: name, province: 'all', limit: 5 }).laws.find((l) => l.lawId === ids[0]) ?? null : null;
  const repeal = law ? undefined : resolver.repealOf(name);
  return { namedLaw: law, namedRepeal: repeal ? repealedLawNamed(name, repeal) : null };
}

/** A query as a law's name: trimmed, 《》 around it dropped. */
export const lawNameTyped = (query: string): string => query.trim().replace(/^《(.+)》$/u, '$1');
