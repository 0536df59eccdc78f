/**
 * The app's lookup of a citation naming a version year the library holds no text of (《著作权法》（2010年修正）第四十九条):
 * instead of 「未找到」 alone, the article of the text held is shown — where the old number's provision stands now when
 * the library can tell (2012年刑事诉讼法第一百七十三条 → 2018 第一百七十七条), else that number there — with
 * `olderYear`, from which ☆ 收藏 offers both, each named with its version, and saves the one picked (olderYearMeant.ts).
 * A year the law's history records no text of (《公司法》（2016年修正）) stays not found, with the refusal's words.
 */
import type { ArticleDetailDto, CitedArticlesDto, PartToSaveDto } from '../../../preload/contract/dto.js';
import { olderYearsMeant, type OlderYearMeant } from '../../library/saved/olderYearMeant.js';
import type { PartToSave } from '../../library/saved/olderPartMeant.js';
import type { ResolveResult } from '../../library/citation/resolver.js';
import type { StatuteArticle } from '../../library/articles.js';
import { toArticleDto } from '../dto.js';
import type { HostServices } from '../services.js';

export interface OlderYearView {
  /** The article to show (null: none; the refusal is said as not found). */
  shown: StatuteArticle | null;
  olderYear: NonNullable<ArticleDetailDto['olderYear']> | null;
  notFound: CitedArticlesDto['notFound'];
}

/** For one citation that resolved to no version of the year it names: what to show and offer; null for any other lookup. */
export function olderYearView(s: HostServices, citation: string, results: readonly ResolveResult[]): OlderYearView | null {
  const [only] = results;
  if (results.length !== 1 || !only || only.ok || only.code !== 'version-not-found') return null;
  const meant: OlderYearMeant[] = olderYearsMeant(s.engine.db, s.engine.searchDeps().resolver, citation);
  if (meant.length !== 1) return null;
  const m = meant[0]!;
  if (m.kind === 'refused') return { shown: null, olderYear: null, notFound: [{ message: m.en, messageZh: m.zh }] };
  const dto = (p: PartToSave): PartToSaveDto => ({ article: toArticleDto(p.article), parts: p.parts, part: p.part, text: p.text });
  const shown = m.now?.article ?? m.sameNumber?.article ?? null;
  return {
    shown,
    olderYear: { cited: m.cited, year: m.year, madeOn: m.madeOn, held: m.held, now: m.now && { ...dto(m.now), how: m.now.how }, sameNumber: m.sameNumber && dto(m.sameNumber), en: m.en, zh: m.zh },
    notFound: shown ? [] : [{ message: m.en, messageZh: m.zh }],
  };
}
