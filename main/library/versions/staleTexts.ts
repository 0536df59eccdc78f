/**
 * Interpretations the library holds only in a text older than a decision that amended them. The court amends its
 * interpretations by decisions of its own (《最高人民法院关于修改〈…〉等二十九件商事类司法解释的决定》, 2020-12-23), and
 * LawRefBook files the amended text as a new version for most of them, but not for all: 公司法解释（三） is here only
 * in its 2011 text, filed as in force, while the decision renumbered and rewrote its 代持 articles. Such a text must not
 * be read as the law in force without a word. The decisions are in the library, so the amended interpretations are
 * found from them: each 《title》 a decision names that is an interpretation of the library whose newest version is
 * older than the decision.
 */
import { cachedStatement, type Db } from '../../db/open.js';
import { textRevision } from '../../search/ftsTables.js';
import { RecentCache } from '../../util/recentCache.js';
import { bookTitle } from '../../../preload/contract/citationLine.js';
import { normalizeLawName } from '../citation/aliases.js';

export interface StaleText {
  /** The amending decision's title and dates. */
  decision: string;
  decided: string;
  effective: string | null;
  /** The publication date of the newest text the library holds. */
  held: string;
}

const DECISIONS_SQL = `SELECT d.id, l.title, d.publish_date AS published, d.effective_date AS effective, d.preamble
  FROM documents d JOIN laws l ON l.id = d.law_id
  WHERE d.province = '' AND l.title LIKE '%关于修改%的决定' AND d.level = '司法解释' AND d.publish_date IS NOT NULL`;
const INTERPRETATIONS_SQL = `SELECT l.id, l.title, MAX(d.publish_date) AS newest FROM laws l JOIN documents d ON d.law_id = l.id
  WHERE l.province = '' AND l.title LIKE '最高人民法院%' GROUP BY l.id`;
const TEXT_SQL = "SELECT group_concat(text, char(10)) FROM articles WHERE document_id = ?";

const cache = new RecentCache<Map<number, StaleText>>(1);

/** The interpretations whose newest text here predates a decision that amended them, by law id. */
export function staleTexts(db: Db): Map<number, StaleText> {
  return cache.get(db, textRevision(db), () => readStaleTexts(db));
}

function readStaleTexts(db: Db): Map<number, StaleText> {
  const key = (title: string) => normalizeLawName(title.replace(/[〈〉<>]/g, '')).replace(/中华人民共和国/g, '');
  const interpretations = new Map((cachedStatement(db, INTERPRETATIONS_SQL).all() as Array<{ id: number; title: string; newest: string | null }>)
    .map((l) => [key(l.title), l] as const));
  const out = new Map<number, StaleText>();
  for (const d of cachedStatement(db, DECISIONS_SQL).all() as Array<{ id: number; title: string; published: string; effective: string | null; preamble: string }>) {
    const text = `${d.title}\n${d.preamble}\n${(cachedStatement(db, TEXT_SQL).pluck().get(d.id) as string | null) ?? ''}`;
    // 「修改《…》」: the interpretations the decision amends, not those an amended text refers to (依据《…》的有关规定办理).
    for (const m of text.matchAll(/修改《([^《》]{6,})》/g)) {
      const named = interpretations.get(key(m[1]!));
      if (!named || !named.newest || named.newest >= d.published || named.title === d.title) continue;
      const before = out.get(named.id);
      // The latest decision the text misses.
      if (!before || before.decided < d.published) out.set(named.id, { decision: d.title, decided: d.published, effective: d.effective, held: named.newest });
    }
  }
  return out;
}

/**
 * The amending decision an article's text predates (公司法解释（三） of 2011, amended 2020-12-23), unless the date asked
 * is before the decision applied; null for every other article.
 */
export function staleTextOf(db: Db, article: { lawId: number; publishDate: string | null }, asOf?: string): StaleText | null {
  const stale = staleTexts(db).get(article.lawId);
  return stale && article.publishDate === stale.held && (!asOf || asOf >= (stale.effective ?? stale.decided)) ? stale : null;
}

/** The same as a field for a search hit or a law of the catalogue: the decision's date, or nothing. */
export function staleSince(db: Db, article: { lawId: number; publishDate: string | null }, asOf?: string): { staleSince?: string } {
  const stale = staleTextOf(db, article, asOf);
  return stale ? { staleSince: stale.decided } : {};
}

/** 「该解释已经《…》（2020-12-23 公布，2021-01-01 起施行）修改，法规库中没有修改后的文本；此为 2011-01-27 版，现行条文可能与此不同」. */
export function staleNote(s: StaleText): { en: string; zh: string } {
  const when = s.effective ? { en: `, in force ${s.effective}`, zh: `，${s.effective} 起施行` } : { en: '', zh: '' };
  return {
    en: `this interpretation was amended by ${bookTitle(s.decision)} (${s.decided}${when.en}), whose amended text the library does not hold; this is the ${s.held} text, and the text in force may differ (numbers included)`,
    zh: `该解释已经${bookTitle(s.decision)}（${s.decided} 公布${when.zh}）修改，法规库中没有修改后的文本；此为 ${s.held} 版，现行条文（包括条文序号）可能与此不同`,
  };
}
