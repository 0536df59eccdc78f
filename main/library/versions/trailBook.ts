/**
 * The amendment trails of a library's laws (amendmentTrail.ts), read once per law, and what they say of an article
 * looked up, found missing, or searched as of a date. Only an article of its law's latest document is dated so: that is
 * the consolidated text the amendments lead to.
 */
import { cachedStatement, type Db } from '../../db/open.js';
import { AMENDMENT_TITLE, articleThen, latestChange, loadTrail, type AmendmentTrail, type ArticleThen } from './amendmentTrail.js';
import { amendedTextNote, deletedNote } from './amendmentNotes.js';
import type { ArticleKey } from './amendmentClauses.js';

export interface TrailArticle extends ArticleKey {
  lawId: number;
  publishDate: string | null;
  effectiveDate: string | null;
}

export class TrailBook {
  private readonly trails = new Map<number, AmendmentTrail | null>();
  private amendedLaws: number[] | undefined;
  private readonly notYetOn = new Map<string, number[]>();

  constructor(private readonly db: Db) {}

  private trailOf(lawId: number): AmendmentTrail | null {
    if (!this.trails.has(lawId)) this.trails.set(lawId, loadTrail(this.db, lawId));
    return this.trails.get(lawId) ?? null;
  }

  /** The publish date of the law's latest document: the consolidated text a trail dates. */
  private latestPublish(lawId: number): string | null {
    return cachedStatement(this.db, `SELECT MAX(COALESCE(publish_date, '')) FROM documents WHERE law_id = ?`).pluck().get(lawId) as string | null;
  }

  /** The law's trail when `publishDate` is its latest document's, else null. */
  private trailFor(lawId: number, publishDate: string | null): AmendmentTrail | null {
    if (!this.lawsAmended().includes(lawId)) return null;
    return this.latestPublish(lawId) === (publishDate ?? '') ? this.trailOf(lawId) : null;
  }

  /** Ids of the laws that amendments in the library amend (刑法, 宪法). */
  private lawsAmended(): number[] {
    if (this.amendedLaws) return this.amendedLaws;
    // The few titles that are amendments name the law they amend (刑法修正案（九） → 刑法): looked up by title, not by
    // matching every title against every other.
    const amendments = cachedStatement(this.db, `SELECT title, province FROM laws WHERE title LIKE '%修正案%'`).all() as Array<{ title: string; province: string }>;
    const ids = new Set<number>();
    for (const a of amendments) {
      const amended = AMENDMENT_TITLE.exec(a.title)?.[1];
      const id = amended ? cachedStatement(this.db, 'SELECT id FROM laws WHERE title = ? AND province = ?').pluck().get(amended, a.province) as number | undefined : undefined;
      if (id !== undefined) ids.add(id);
    }
    this.amendedLaws = [...ids];
    return this.amendedLaws;
  }

  /** What the trail says of an article of the library as of `asOf`. */
  verdict(article: TrailArticle, asOf: string): ArticleThen | null {
    const trail = this.trailFor(article.lawId, article.publishDate);
    return trail ? articleThen(trail, article, asOf) : null;
  }

  /** The amendments a law's document holds though adopted after its publication (刑法 of 2020-12-26: 刑法修正案（十二）). */
  heldAfter(lawId: number, publishDate: string): Array<{ date: string; source: string }> {
    const trail = this.trailFor(lawId, publishDate);
    return trail ? trail.adoptions.filter((a) => a.date > publishDate) : [];
  }

  /** Whether the law's amendments date the article's document on `asOf` at all (刑法 from 1997-10-01). */
  covers(article: TrailArticle, asOf: string): boolean {
    const trail = this.trailFor(article.lawId, article.publishDate);
    return trail !== null && asOf >= trail.from;
  }

  /** The amendment whose text the article shows, when it took effect after the article's document (刑法 第三百九十条: 2024-03-01). */
  amendedText(article: TrailArticle): { en: string; zh: string } | null {
    const trail = this.trailFor(article.lawId, article.publishDate);
    const change = trail ? latestChange(trail, article) : null;
    if (!trail || !change) return null;
    // 刑法 第一百九十九条, 「（删去）」: by which amendment, and where its last text is.
    if (change.kind === 'deleted') {
      const then = articleThen(trail, article, change.effective);
      return then?.kind === 'deleted' ? deletedNote(then.deleted, then.before) : deletedNote(change, null);
    }
    return change.effective > (article.effectiveDate ?? article.publishDate ?? '') ? amendedTextNote(change) : null;
  }

  /**
   * Why an article the law's latest document lacks is missing, when the trail knows: deleted by an amendment (刑法
   * 第一百九十九条, by 刑法修正案（九）, had the text not kept it as 「（删去）」), with where its last text is.
   */
  missing(lawId: number, publishDate: string, key: ArticleKey, asOf?: string): { en: string; zh: string } | null {
    const trail = this.trailFor(lawId, publishDate);
    if (!trail) return null;
    const deleted = [...trail.changes].reverse().find((c) => c.kind === 'deleted' && c.key.number === key.number && c.key.subNumber === key.subNumber);
    if (!deleted) return null;
    const then = articleThen(trail, key, asOf && asOf >= trail.from ? asOf : deleted.effective);
    if (then?.kind === 'deleted') return deletedNote(then.deleted, then.before);
    if (then?.kind === 'amended-since') return deletedNote(deleted, then.then);
    return deletedNote(deleted, null);
  }

  /** Ids of the articles of latest documents that amendments in force after `asOf` added: no search as of that date finds them. */
  articlesNotYet(asOf: string): number[] {
    const known = this.notYetOn.get(asOf);
    if (known) return known;
    const out: number[] = [];
    for (const lawId of this.lawsAmended()) {
      const trail = this.trailOf(lawId);
      if (!trail) continue;
      const added = trail.changes.filter((c) => c.kind === 'added' && c.effective > asOf);
      if (added.length === 0) continue;
      const rows = cachedStatement(this.db, `SELECT a.id, a.number, a.sub_number AS subNumber FROM articles a
          WHERE a.document_id = (SELECT id FROM documents WHERE law_id = ? ORDER BY publish_date DESC LIMIT 1)`).all(lawId) as Array<{ id: number; number: number; subNumber: number }>;
      for (const r of rows) if (articleThen(trail, r, asOf)?.kind === 'not-yet') out.push(r.id);
    }
    if (this.notYetOn.size > 64) this.notYetOn.clear();
    this.notYetOn.set(asOf, out);
    return out;
  }

  /**
   * The law's consolidated text when it holds an amendment adopted in `year` (《刑法》（2023年修正） → the text with
   * 刑法修正案（十二）), for a citation naming that year; null otherwise.
   */
  amendedIn(lawId: number, year: number): { publish: string; source: string } | null {
    if (!this.lawsAmended().includes(lawId)) return null;
    const trail = this.trailOf(lawId);
    const adopted = trail?.adoptions.find((a) => a.date.startsWith(`${year}-`));
    const latest = adopted ? this.latestPublish(lawId) : null;
    return adopted && latest !== null ? { publish: latest, source: adopted.source } : null;
  }
}
