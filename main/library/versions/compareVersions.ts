/**
 * A table of the old and new text of a revised law (新旧对照表): every article of the newer version
 * with the article of the older one that held its provision (found by text, as for one article in
 * counterparts.ts), and the older articles no newer one took over, removed or merged into another.
 */
import type { Db } from '../../db/open.js';
import { LexError } from '../../util/errors.js';
import { counterpartInVersion, lawVersions, type VersionArticle } from './counterparts.js';
import { versionArticleList } from './sameWording.js';
import type { DiffPart } from './textDiff.js';

export interface ComparedArticle {
  articleId: number;
  label: string;
}

/** For a newer article: identical, amended, partly (carried over) or added; for an older one no newer article took over: merged (into another) or removed. */
export type ComparisonMatch = 'identical' | 'amended' | 'partly' | 'added' | 'merged' | 'removed';

export interface ComparisonRow {
  /** The newer version's article; for an older article merged into another, the one that holds most of it; null when removed. */
  newer: ComparedArticle | null;
  older: ComparedArticle | null;
  match: ComparisonMatch;
  similarity: number | null;
  /** Other older articles of which a paragraph went into the newer one (a merger), or other newer ones that took part of the older (a split). */
  also: VersionArticle[];
  /** From the older text to the newer; null when identical, added or removed. */
  diff: DiffPart[] | null;
  /** Set on an amended article whose words are the same, its punctuation or spacing changed (监察法 第十一条: a colon). */
  punctuationOnly?: true;
}

export interface VersionComparison {
  lawTitle: string;
  older: { publishDate: string; status: string };
  newer: { publishDate: string; status: string };
  /** The newer version's articles in order, then the older articles no newer one took over (merged or removed). */
  rows: ComparisonRow[];
  counts: Record<ComparisonMatch, number>;
}

export function compareVersions(db: Db, lawId: number, olderDate: string, newerDate: string): VersionComparison {
  const versions = lawVersions(db, lawId);
  const older = versions.find((v) => v.publishDate === olderDate);
  const newer = versions.find((v) => v.publishDate === newerDate);
  if (!older || !newer) throw new LexError('not_found', `No version of this law published ${!older ? olderDate : newerDate}; its versions: ${versions.map((v) => v.publishDate).join(', ')}`);
  const newerArticles = versionArticleList(db, lawId, newerDate);
  const rows: ComparisonRow[] = newerArticles.map((a) => {
    const there = counterpartInVersion(db, a, olderDate);
    const at = { articleId: a.id, label: a.label };
    if (there.match === 'none' || there.articleId === null) return { newer: at, older: null, match: 'added', similarity: null, also: [], diff: null };
    const match = there.match === 'identical' ? 'identical' : there.match === 'amended' ? 'amended' : 'partly';
    return {
      newer: at, older: { articleId: there.articleId, label: there.label! }, match,
      similarity: there.similarity, also: there.also, diff: there.diff,
      ...(match === 'amended' && there.diff && punctuationOnly(there.diff) ? { punctuationOnly: true as const } : {}),
    };
  });
  const taken = new Set(rows.flatMap((r) => [r.older?.articleId, ...r.also.map((a) => a.articleId)]));
  for (const o of versionArticleList(db, lawId, olderDate)) {
    if (taken.has(o.id)) continue;
    const there = counterpartInVersion(db, o, newerDate);
    const at = { articleId: o.id, label: o.label };
    rows.push(there.match === 'none' || there.articleId === null
      ? { newer: null, older: at, match: 'removed', similarity: null, also: [], diff: null }
      : { newer: { articleId: there.articleId, label: there.label! }, older: at, match: 'merged', similarity: there.similarity, also: there.also, diff: there.diff });
  }
  const counts: Record<ComparisonMatch, number> = { identical: 0, amended: 0, partly: 0, added: 0, merged: 0, removed: 0 };
  for (const r of rows) counts[r.match]++;
  const lawTitle = newerArticles[0]?.lawTitle ?? '';
  return { lawTitle, older: { publishDate: older.publishDate, status: older.status }, newer: { publishDate: newer.publishDate, status: newer.status }, rows, counts };
}

/** Whether the two texts of a diff say the same words, punctuation and spacing aside (「(一)」 made 「（一）」). */
function punctuationOnly(diff: readonly DiffPart[]): boolean {
  const words = (keep: -1 | 1) => diff.filter(([op]) => op === 0 || op === keep).map(([, text]) => text).join('').replace(/[\s\p{P}]/gu, '');
  return words(-1) === words(1);
}

