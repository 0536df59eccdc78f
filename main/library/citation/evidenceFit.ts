/**
 * In a consultation, a citation whose words fit another article (topicFit.ts) was told the article of its own law
 * they fit best; but the rule is often in another document the turn retrieved. An answer cites 《劳动合同法》第二十二条
 * (服务期) for 「未约定补偿的，劳动者可以要求按离职前十二个月平均工资的30%按月支付经济补偿」: within 劳动合同法 the
 * words fit 第四十七条 (经济补偿) best, while the rule is 劳动争议解释（一） 第三十六条, in the evidence.
 *
 * So each evidence article of another version is weighed by the cited version's weights (a pair that law never uses
 * counts as a pair one of its articles uses: the other text says what the law does not), and is named in place of
 * the article of the cited law when it scores half again as much as that article and as any other evidence article,
 * holds a good part of the words, and applies no article of the cited law (「…应当依照刑法第一百九十二条的规定…」 in
 * 非法集资解释: words it holds mean that article of 刑法, which the in-law check names). A text checked with no evidence
 * (`lexdesk check`) weighs in its place the articles of the documents implementing the cited law (implementingArticles),
 * as the statute graph stands (`lexdesk check` and the 核验 route build it when missing, as a consultation, `show` and an
 * import in the app do; a read-only library whose graph was never built has none, and the check names the law's article).
 */
import { cachedStatement, type Db } from '../../db/open.js';
import { textRevision } from '../../search/ftsTables.js';
import { RecentCache } from '../../util/recentCache.js';
import { bestTwo, cjkPairs, CLOSER_MARGIN, excerpt, MIN_BEST, MIN_COVER, outsideCover, outsideScore, refersTo, wordsInVersion, type TopicMismatch } from './topicFit.js';

export interface EvidenceArticle {
  articleId: number;
  lawTitle: string;
  label: string;
  text: string;
  /** Its number in the turn's evidence ([3]); 0 for an article that implements the cited law (implementingArticles). */
  marker: number;
  /** Its pairs, when read once for many citations. */
  pairs?: Set<string>;
}

export type EvidenceCloser = NonNullable<TopicMismatch['closer']> & { lawTitle: string; evidence: number };

/**
 * The evidence article the words beside a citation of `citedId` fit clearly better than any article of its version
 * (the cited one and `besideIds` set aside); null when none does.
 */
export function evidenceCloser(db: Db, citedId: number, words: string, evidence: readonly EvidenceArticle[], besideIds: readonly number[] = []): EvidenceCloser | null {
  const read = wordsInVersion(db, citedId, words, besideIds);
  if (!read) return null;
  const { v, at, pairs, all: inLaw, skip } = read;
  const cited = v.articles[at]!;
  const { best } = bestTwo(inLaw, skip);
  const inLawBest = best >= 0 ? inLaw[best]! : 0;
  // Evidence of the cited version is weighed by topicMismatch already; the same text held twice (two issues of an
  // interpretation) is one candidate.
  const seen = new Set<string>();
  const lawId = lawOf(db, citedId);
  const outside = evidence.filter((e) => {
    if (v.indexOf.has(e.articleId) || besideIds.includes(e.articleId) || seen.has(e.text) || appliesLaw(db, e.articleId, lawId)) return false;
    seen.add(e.text);
    return true;
  });
  const scored = outside.map((e) => ({ e, held: e.pairs ?? cjkPairs(e.text) })).map((x) => ({ ...x, score: outsideScore(v, pairs, x.held) })).sort((a, b) => b.score - a.score);
  const [first, second] = scored;
  if (!first || first.score < MIN_BEST || first.score < CLOSER_MARGIN * inLawBest) return null;
  if (second && first.score < CLOSER_MARGIN * second.score) return null;
  if (outsideCover(v, pairs, first.held) < MIN_COVER || refersTo(first.e.text, cited.number, true)) return null;
  return { articleId: first.e.articleId, label: first.e.label, excerpt: excerpt(first.e.text), lawTitle: first.e.lawTitle, ...(first.e.marker ? { evidence: first.e.marker } : {}) } as EvidenceCloser;
}

function lawOf(db: Db, articleId: number): number | null {
  const row = cachedStatement(db, 'SELECT d.law_id AS lawId FROM articles a JOIN documents d ON d.id = a.document_id WHERE a.id = ?').get(articleId) as { lawId: number } | undefined;
  return row?.lawId ?? null;
}

/**
 * The article cites an article of the law (the statute graph): 「…应当依照刑法第一百九十二条的规定，以集资诈骗罪定罪
 * 处罚」 in 非法集资解释 第七条. Words it holds then mean that article of the law, which the in-law check names.
 */
function appliesLaw(db: Db, articleId: number, lawId: number | null): boolean {
  return lawId !== null && cachedStatement(db, APPLIES_LAW).get(articleId, lawId) !== undefined;
}

const APPLIES_LAW = `SELECT 1 FROM article_links k JOIN articles ta ON ta.id = k.to_article JOIN documents td ON td.id = ta.document_id
  WHERE k.from_article = ? AND td.law_id = ? AND k.kind IN ('cites', 'interprets') LIMIT 1`;

const implementing = new RecentCache<EvidenceArticle[]>(32);

/**
 * The articles of the documents in force that implement or interpret the law of `citedId`: those whose links to
 * other laws in the statute graph go to that law most (劳动争议解释（一）: 11 to 劳动合同法, 6 to 劳动争议调解仲裁法;
 * not 民诉法解释, 599 to 民事诉讼法 and 18 to 民法典), and its 实施条例 and the like, whose titles name it. Amending
 * decisions aside.
 */
export function implementingArticles(db: Db, citedId: number): EvidenceArticle[] {
  const lawId = lawOf(db, citedId);
  if (lawId === null) return [];
  return implementing.get(db, `${textRevision(db)}|${lawId}`, () => {
    const rows = cachedStatement(db, IMPLEMENTING).all({ law: lawId }) as Array<Omit<EvidenceArticle, 'marker'>>;
    return rows.map((r) => ({ ...r, marker: 0, pairs: cjkPairs(r.text) }));
  });
}

const IMPLEMENTING = `
  WITH targets AS (
    SELECT fa.document_id AS doc, td.law_id AS law, count(*) AS n
      FROM article_links k JOIN articles fa ON fa.id = k.from_article JOIN documents fd ON fd.id = fa.document_id
      JOIN articles ta ON ta.id = k.to_article JOIN documents td ON td.id = ta.document_id
     WHERE k.kind IN ('cites', 'interprets') AND td.law_id != fd.law_id
       AND fa.document_id IN (SELECT fa2.document_id FROM article_links k2 JOIN articles fa2 ON fa2.id = k2.from_article
                               JOIN articles ta2 ON ta2.id = k2.to_article JOIN documents td2 ON td2.id = ta2.document_id WHERE td2.law_id = $law)
     GROUP BY fa.document_id, td.law_id),
  main AS (SELECT doc FROM targets t WHERE t.law = $law AND t.n = (SELECT max(n) FROM targets u WHERE u.doc = t.doc)),
  named AS (SELECT d.id AS doc FROM documents d JOIN laws l ON l.id = d.law_id, laws cl
             WHERE cl.id = $law AND d.law_id != $law AND instr(l.title, replace(cl.title, '中华人民共和国', '')) > 0)
  SELECT a.id AS articleId, l.title AS lawTitle, a.label, a.text FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
   WHERE a.kind = 'article' AND d.status = 'current' AND d.law_id != $law AND l.title NOT LIKE '%决定' AND l.title NOT LIKE '%修正案%'
     AND d.id IN (SELECT doc FROM main UNION SELECT doc FROM named)
   ORDER BY d.id, a.ordinal`;
