import path from 'node:path';
import { LexError } from '../../util/errors.js';
import { STATUS_ZH } from '../../library/status.js';
import { ensureStatuteGraph, referencesOf } from '../../library/graph/statuteGraph.js';
import { linksInto } from '../../library/graph/citingPassage.js';
import { citedSpans, type StatuteArticle } from '../../library/articles.js';
import type { ArticleDetailDto, ArticleDto, CitedArticlesDto, ReadInPlace, SearchHitDto, StatuteSearchDto } from '../../../preload/contract/dto.js';
import { gapSentence, lawsReadInPlace, type GapNote } from '../../library/versions/versionGap.js';
import { citationLine } from '../../../preload/contract/citationLine.js';
import { toArticleDto } from '../dto.js';
import type { HostServices } from '../services.js';
import { addedTerms } from '../../engine/retrieval.js';
import { makeSnippet } from '../../search/snippet.js';
import { onDates } from '../../search/lawOnDate.js';
import { interpretationTimesNote, STANDING_ORDER } from '../../search/interpretationTimes.js';
import { lawFilterGaps } from '../../search/lawFilterGaps.js';
import { lawOrigin } from '../../library/versions/lawOrigins.js';
import { compareVersions, type VersionComparison } from '../../library/versions/compareVersions.js';
import { lawVersions } from '../../library/versions/counterparts.js';
import { partTitle, readLaw, type LawText } from '../../library/lawText.js';
import { lawQueryNames } from '../../library/lawCatalog.js';
import { renderLawText } from '../../report/lawText.js';
import { comparisonDocx, comparisonMarkdown } from '../../report/comparison.js';
import { buildCompilation, compilationOfCheck, renderCompilation } from '../../report/compilation.js';
import { checkDraft, MAX_DRAFT_CHARS, type DraftCheck } from '../../consult/draftCheck.js';
import { formerArticlesOf, formerCitation } from '../../library/citation/civilCodeConcordance.js';
import { inPlaceLabel, standsInFor } from '../../library/citation/civilCodeStandIn.js';
import { retroactiveRule } from '../../library/citation/civilCodeRetroactive.js';
import { repealedFilterMessages } from '../../library/citation/repealedLaws.js';
import { draftTextOf } from '../../util/draftFile.js';
import { fileNameOf, MIME } from '../../report/index.js';
import { onlyCitations } from '../../library/citation/parseCitation.js';
import { laterRevisionNote } from '../../library/versions/laterRevisions.js';
import { todayOf } from '../../db/today.js';
import { olderPartChoice, savedOfArticle, savedPartLabel, type OlderPartChoice } from '../../library/saved/index.js';
import type { ResolveResult } from '../../library/citation/resolver.js';
import type { Handlers } from './types.js';
import { replacementNote } from '../../library/versions/replacedBy.js';
import { staleNote, staleSince, staleTextOf } from '../../library/versions/staleTexts.js';
import { localDay } from '../../../preload/contract/localTime.js';
import { filedApartViewNote } from '../../library/citation/amendedTextApart.js';
import { olderYearView } from './olderYearView.js';

/** 公司法解释（三） in its 2011 text, which a decision of 2020 amended (staleTexts.ts): what the view says; null otherwise. */
function staleTextNote(db: HostServices['engine']['db'], article: StatuteArticle): { en: string; zh: string } | null {
  const stale = staleTextOf(db, article);
  return stale ? staleNote(stale) : null;
}

function detail(s: HostServices, article: StatuteArticle): ArticleDetailDto {
  const engine = s.engine;
  const ctx = engine.context(article);
  const outgoing = referencesOf(engine.db, article.id);
  const refs = engine.articles(outgoing.map((l) => l.articleId));
  const into = linksInto(engine.db, engine.searchDeps().resolver, article);
  const incoming = [...into.cites, ...into.interprets, ...into.amends];
  const unverified = [...outgoing.filter((l) => !l.verified).map((l) => l.articleId), ...incoming.filter((l) => !l.verified).map((l) => l.article.id)];
  const lawTookEffect = lawOrigin(engine.db, article.lawId);
  return {
    article: { ...toArticleDto(article), subtitle: partTitle(engine.db, article) },
    ...(lawTookEffect ? { lawTookEffect } : {}),
    amendedText: engine.searchDeps().resolver.trails.amendedText(article),
    staleText: staleTextNote(engine.db, article),
    filedApart: filedApartViewNote(engine.db, article),
    previous: ctx.neighbours.previous ? toArticleDto(ctx.neighbours.previous) : null,
    next: ctx.neighbours.next ? toArticleDto(ctx.neighbours.next) : null,
    versions: ctx.versions,
    references: refs.map(toArticleDto),
    referencedBy: into.cites.map((l) => toArticleDto(l.article)),
    interpretations: into.interprets.map((l) => toArticleDto(l.article)),
    amendedBy: into.amends.map((l) => toArticleDto(l.article)),
    unverifiedLinks: [...new Set(unverified)],
    citingPassages: [...new Map(incoming.flatMap((l) => (l.passage ? [[l.article.id, l.passage] as const] : []))).values()],
    citation: citationLine(article, STATUS_ZH),
    saved: savedOfArticle(engine.db, article),
    formerly: formerArticlesOf(article).map((f) => ({ citation: formerCitation(f), topic: f.topic, changed: f.changed })),
    replacedBy: ctx.replacedBy && {
      note: replacementNote(ctx.replacedBy)!,
      counterpart: ctx.replacedBy.counterpart && { articleId: ctx.replacedBy.counterpart.articleId, lawTitle: ctx.replacedBy.counterpart.lawTitle, label: ctx.replacedBy.counterpart.label },
    },
  };
}

/** A text (or an uploaded file's text, see draftFile.ts) and the check of its citations, as of the date given or today. */
async function checkedDraft(s: HostServices, input: { text?: string; file?: string; fileName?: string; asOf?: string }): Promise<{ text: string; check: DraftCheck }> {
  const { text, paragraphs } = input.text !== undefined
    ? { text: input.text, paragraphs: false }
    : await draftTextOf(Buffer.from(input.file ?? '', 'base64'), path.basename(input.fileName ?? 'the file'), { maxChars: MAX_DRAFT_CHARS });
  if (text.length > MAX_DRAFT_CHARS) throw new LexError('bad_input', `the text holds ${text.length} characters; check at most ${MAX_DRAFT_CHARS} at a time.`);
  // Suggestions from implementing documents read the statute graph: a library imported outside the app may have none yet.
  ensureStatuteGraph(s.engine.db, s.engine.searchDeps().resolver);
  return { text, check: checkDraft(s.engine.searchDeps().resolver, text, input.asOf ?? todayOf(s.engine.db), { paragraphs }) };
}

/** A law filter naming a repealed law (合同法): what to say, in both languages; null otherwise. */
function repealedLawFilter(s: HostServices, law: string | undefined): StatuteSearchDto['repealedLaw'] {
  const repeal = law ? s.engine.searchDeps().resolver.repealOf(law) : undefined;
  return law && repeal ? repealedFilterMessages(law, repeal) : null;
}

function unknownLaw(s: HostServices, law: string | undefined): StatuteSearchDto['unknownLaw'] {
  const candidates = law?.trim() ? s.engine.unknownLawFilter(law) : null;
  return candidates && law ? { law, candidates } : null;
}

/** A lookup failure as the app shows it, with up to five candidates. */
function failureText(message: string, candidates: string[], label: string): string {
  return candidates.length ? `${message} ${label}${candidates.slice(0, 5).join('、')}` : message;
}

/** The article's version of its law read whole, or the version published `version`, or the one applied on `asOf` (with why, when it stands in). */
function lawTextOf(s: HostServices, input: { id: number; version?: string; asOf?: string }): LawText {
  const [article] = s.engine.articles([input.id]);
  if (!article) throw new LexError('not_found', `No article ${input.id} in the library.`);
  return readLaw(s.engine.db, s.engine.searchDeps().resolver, article.lawId, { version: input.version, asOf: input.version ? undefined : input.asOf, from: article });
}

/** The article's law, its own version against the one published `other` (older to newer, whichever way round). */
function comparisonFor(s: Parameters<Handlers['statute.article']>[0], id: number, other: string): VersionComparison {
  const [article] = s.engine.articles([id]);
  if (!article) throw new LexError('not_found', `No article ${id} in the library.`);
  const own = article.publishDate ?? '';
  const dates = lawVersions(s.engine.db, article.lawId).map((v) => v.publishDate);
  if (!dates.includes(other) || other === own) {
    throw new LexError('not_found', `${article.lawTitle} has no other version published ${other}; its versions: ${dates.join(', ')}`);
  }
  const [older, newer] = other < own ? [other, own] : [own, other];
  return compareVersions(s.engine.db, article.lawId, older, newer);
}

export const statuteHandlers: Pick<Handlers, 'statute.search' | 'statute.citations' | 'statute.citationsExport' | 'statute.checkText' | 'statute.checkExport' | 'statute.article' | 'statute.outline' | 'statute.lawText' | 'statute.lawExport' | 'statute.compare' | 'statute.compareExport'> = {
  async 'statute.search'(s, input) {
    const literal = input.literal ?? false;
    // The mode is chosen here so that a fallback to lexical search can say why (a model that did not load is tried again later).
    const { mode, note } = await s.engine.retrieval.chooseMode();
    const hits = await s.engine.retrieval.search(input.query, { mode, limit: input.limit ?? 20, filters: input.filters as never, literal });
    return {
      hits: withDates(s, hits.map((h) => h.article), input.filters?.asOf).map((dated, i): SearchHitDto => ({ article: toArticleDto(hits[i]!.article), score: hits[i]!.score, matchedBy: hits[i]!.matchedBy, snippet: hits[i]!.snippet, ...dated, ...staleSince(s.engine.db, hits[i]!.article, input.filters?.asOf) })),
      addedTerms: addedTerms(input.query, { literal }),
      modeNote: note,
      unknownLaw: unknownLaw(s, input.filters?.law),
      repealedLaw: repealedLawFilter(s, input.filters?.law),
      renumbered: input.filters?.asOf ? [] : s.engine.searchDeps().resolver.renumberedIn(input.query),
      readInPlace: readInPlace(s, hits.map((h) => h.article), input.filters?.asOf),
      lawFilterGaps: hits.length ? [] : lawFilterGaps(s.engine.db, s.engine.searchDeps().resolver, (input.filters ?? {}) as never),
      ...lawQueryNames(s.engine.db, s.engine.searchDeps().resolver, input.query),
    };
  },
  'statute.citations'(s, input) {
    const results = s.engine.lookupAll(input.citation, input.asOf ? { asOf: input.asOf } : {});
    const hits: SearchHitDto[] = [];
    let successors = 0;
    const notFound: CitedArticlesDto['notFound'] = [];
    const found = results.flatMap((r) => (r.ok ? [r.article] : []));
    const dates = new Map(withDates(s, found, input.asOf).map((d, i) => [found[i]!.id, d]));
    for (const r of results) {
      // Text that names no article is no citation at all: nothing found, nothing to say.
      if (!r.ok && r.code !== 'no-article-number') notFound.push({ message: failureText(r.message, r.candidates, 'Candidates: '), messageZh: failureText(r.messageZh, r.candidates, '候选：') });
      if (r.ok) hits.push({ article: toArticleDto(r.article), score: Infinity, matchedBy: 'citation', snippet: makeSnippet(r.article.text, []), ...dates.get(r.article.id) });
      // 合同法第107条: the law is gone; the 民法典 articles that hold its rule now are listed under the notice that says so.
      const successor = !r.ok && r.code === 'unknown-law' ? r.successor : undefined;
      for (const a of successor?.articles ?? []) {
        if (!hits.some((h) => h.article.id === a.id)) {
          hits.push({ article: toArticleDto(a), score: Infinity, matchedBy: 'citation', snippet: makeSnippet(a.text, []) });
          successors++;
        }
      }
    }
    const only = results.length === 1 && results[0]?.ok ? results[0] : null;
    const citedWarning = only?.warning && only.warningZh ? { en: only.warning, zh: only.warningZh } : null;
    // The 款 and 项 as located in the article (a 项 cited without its 款 is given the 款 it was found in), for ☆ to save that part.
    const located = only && !only.warning ? only.parts.flatMap((p) => (p.paragraph === null ? [] : [{ paragraph: p.paragraph, items: p.items }])) : [];
    const parts = located.length === only?.parts.length ? located : [];
    const base = only ? detail(s, only.article) : null;
    // 《著作权法》（2010年修正）第四十九条: the text held is shown, and ☆ 收藏 offers where the provision is now or that number.
    const older = only ? null : olderYearView(s, input.citation, results);
    if (older) {
      const held = older.shown ? detail(s, older.shown) : null;
      const withOffer = held ? { ...held, citedSpans: [], olderYear: older.olderYear } : null;
      return { hits: older.shown ? [{ article: toArticleDto(older.shown), score: Infinity, matchedBy: 'citation', snippet: makeSnippet(older.shown.text, []) }] : [], successors: 0, notFound: older.notFound, detail: withOffer, onlyCitations: onlyCitations(input.citation, s.engine.searchDeps().resolver.names), readInPlace: [] };
    }
    const shown = only && base ? { ...base, ...interpretationsOn(s, only.article, base.interpretations, input.asOf), citedSpans: citedSpans(only.article, only.parts), ...(parts.length ? { citedParts: parts, savesPart: savedPartLabel(only.article, parts) } : {}), olderPart: olderPartOf(s, only), citedWarning, earlierNumbering: only.earlier ? { ...only.earlier, now: s.engine.searchDeps().resolver.provisionNow(only.earlier, only.article) } : null, versionGap: only.gap ? gapSentence(only.gap) : null, textThen: textThen(only.gap, input.asOf), ...onDate(s, only.article, input.asOf, only.gap) } : null;
    return { hits, successors, notFound, detail: shown, onlyCitations: onlyCitations(input.citation, s.engine.searchDeps().resolver.names), readInPlace: readInPlace(s, results.flatMap((r) => (r.ok ? [r.article] : [])), input.asOf) };
  },
  'statute.outline'(s, input) {
    const whole = lawTextOf(s, { id: input.id });
    return { lawTitle: whole.lawTitle, publishDate: whole.publishDate, sections: whole.sections.map((x) => ({ path: x.path, part: x.part, articles: x.articles.map((a) => ({ id: a.id, label: a.label })) })) };
  },
  'statute.lawText'(s, input) {
    return lawTextOf(s, input);
  },
  async 'statute.lawExport'(s, input) {
    const whole = lawTextOf(s, input);
    const bytes = await renderLawText({ text: whole }, input.format);
    return { fileName: `${fileNameOf(`${whole.lawTitle}（${whole.publishDate ?? '未注明日期'}版）`)}.${input.format}`, mime: MIME[input.format], base64: bytes.toString('base64'), warnings: [] };
  },
  'statute.compare'(s, input) {
    return comparisonFor(s, input.id, input.with);
  },
  async 'statute.citationsExport'(s, input) {
    const compilation = buildCompilation(s.engine, input.citation, input.asOf ? { asOf: input.asOf } : {});
    if (!compilation.articles.length) throw new LexError('not_found', `None of these citations names an article in the library: ${compilation.notFound.join('; ') || input.citation}`);
    const bytes = await renderCompilation(compilation, input.format);
    const warnings = compilation.notFound.map((m) => `未找到：${m}`);
    return { fileName: `法条汇编-${localDay(compilation.generatedAt)}.${input.format}`, mime: MIME[input.format], base64: bytes.toString('base64'), warnings };
  },
  async 'statute.compareExport'(s, input) {
    const c = comparisonFor(s, input.id, input.with);
    const bytes = input.format === 'docx' ? await comparisonDocx(c) : Buffer.from(comparisonMarkdown(c), 'utf8');
    const name = fileNameOf(`${c.lawTitle}新旧对照-${c.older.publishDate}-${c.newer.publishDate}`);
    return { fileName: `${name}.${input.format}`, mime: MIME[input.format], base64: bytes.toString('base64'), warnings: [] };
  },
  async 'statute.checkText'(s, input) {
    const { text, check } = await checkedDraft(s, input);
    // The box shows a Word file's soft line breaks (U+2028, which the check does not count as paragraphs) as line breaks.
    return input.text !== undefined ? check : { ...check, text: text.replace(/\u2028/g, '\n') };
  },
  async 'statute.checkExport'(s, input) {
    const { check } = await checkedDraft(s, input);
    const compilation = compilationOfCheck(s.engine, check, input.fileName ? path.basename(input.fileName) : '文稿');
    if (!compilation.articles.length) throw new LexError('not_found', 'The text cites no article in the library: there is nothing to compile.');
    const bytes = await renderCompilation(compilation, input.format);
    return { fileName: `所引法条汇编-${localDay(compilation.generatedAt)}.${input.format}`, mime: MIME[input.format], base64: bytes.toString('base64'), warnings: compilation.notFound };
  },
  'statute.article'(s, input) {
    const [article] = s.engine.articles([input.id]);
    if (!article) throw new LexError('not_found', `No article ${input.id} in the library (it may have been removed by a later import).`);
    // Opened from a search as of a date: a text read in place of the text of that date says so, as the hit did.
    const gap = input.asOf ? s.engine.searchDeps().resolver.textGap(article.id, input.asOf) : null;
    const shown = detail(s, article);
    // A law revised after the library's texts (反不正当竞争法 2025): the text shown is not the one in force on the day.
    const later = article.status === 'current' ? laterRevisionNote(article.lawTitle, article.publishDate, input.asOf ?? todayOf(s.engine.db)) : null;
    return { ...shown, ...interpretationsOn(s, article, shown.interpretations, input.asOf), ...(gap ? { versionGap: gapSentence(gap), textThen: textThen(gap, input.asOf) } : {}), ...onDate(s, article, input.asOf, gap), ...(later ? { laterRevision: { en: `Note: ${later.en}.`, zh: `注意：${later.zh}。` } } : {}) };
  },
};

/**
 * Opened with a date: the interpretations in force then first, each with how it stood (刑法 第一百七十六条 as of 2019:
 * the 2010 非法集资 interpretation in force, 2022's not yet), as `lexdesk show --as-of` lists them; nothing without a date.
 */
function interpretationsOn(s: HostServices, article: StatuteArticle, interpretations: ArticleDto[], asOf: string | undefined): Partial<Pick<ArticleDetailDto, 'interpretations' | 'interpretationsOnDate' | 'interpretationTimes'>> {
  if (!asOf || !interpretations.length) return {};
  const articles = s.engine.articles(interpretations.map((i) => i.id));
  const dated = onDates(s.engine.db, articles, asOf, (id) => s.engine.searchDeps().resolver.textGap(id, asOf));
  const standing = new Map(articles.map((a, i) => [a.id, dated[i]!]));
  const order = (i: ArticleDto) => STANDING_ORDER[standing.get(i.id)?.standing ?? 'in-force'];
  const sorted = interpretations.map((i, at) => ({ i, at })).sort((a, b) => order(a.i) - order(b.i) || a.at - b.at).map(({ i }) => i);
  const onDate = sorted.flatMap((i) => (standing.has(i.id) ? [{ id: i.id, onDate: standing.get(i.id)! }] : []));
  // 刑法 as of 2019 with 非法集资's interpretations of 2010 and 2022: which one an act of then is judged by, as `show` says.
  return { interpretations: sorted, interpretationsOnDate: onDate, interpretationTimes: interpretationTimesNote(article.lawTitle, onDate.map((l) => l.onDate.standing)) };
}

/** 刑法 第三百九十条 as of 2022: the text of the date, as the earlier amendment gave it (amendmentTrail.ts); null otherwise. */
function textThen(gap: GapNote | null | undefined, asOf: string | undefined): ArticleDetailDto['textThen'] {
  return gap?.then && asOf ? { asOf, ...gap.then } : null;
}

/**
 * What each hit of a dated search says of the date, in order: whether it was law then, the civil laws' articles a
 * 民法典 article stands in for, and a change since (刑法 第三百九十条 in 2022) in a few words; nothing without a date.
 */
function withDates(s: HostServices, articles: StatuteArticle[], asOf: string | undefined): Array<Pick<SearchHitDto, 'inPlaceOf' | 'appliesEarlier' | 'amendedSince' | 'onDate'>> {
  if (!asOf) return articles.map(() => ({}));
  const gaps = new Map(articles.map((a) => [a.id, s.engine.searchDeps().resolver.textGap(a.id, asOf)]));
  const dated = onDates(s.engine.db, articles, asOf, (id) => gaps.get(id) ?? null);
  return articles.map((a, i) => {
    const gap = gaps.get(a.id);
    return { ...inPlaceOf(a, asOf), ...(gap?.amendedSince && gap.short ? { amendedSince: gap.short } : {}), onDate: dated[i]! };
  });
}

/** 公司法第二十条第三款 with no version: the earlier version's 款 and where its words stand now, for ☆ 收藏 to offer instead (olderPartMeant.ts). */
function olderPartOf(s: HostServices, r: ResolveResult): ArticleDetailDto['olderPart'] {
  const choice = olderPartChoice(s.engine.db, s.engine.searchDeps().resolver, r);
  const dto = (p: OlderPartChoice['earlier']) => ({ article: toArticleDto(p.article), parts: p.parts, part: p.part, text: p.text });
  return choice && { earlier: dto(choice.earlier), now: choice.now && dto(choice.now) };
}

/** How the article stood on the date asked, for the badge beside today's status; nothing without a date. */
function onDate(s: HostServices, article: StatuteArticle, asOf: string | undefined, gap: GapNote | null | undefined): Pick<SearchHitDto, 'onDate'> {
  const [dated] = onDates(s.engine.db, [article], asOf, () => gap ?? null);
  return dated ? { onDate: dated } : {};
}

/** 刑法 as of 2019: the laws among `articles` read in their first text, later than the date asked, and why; none without a date. */
function readInPlace(s: HostServices, articles: StatuteArticle[], asOf: string | undefined): ReadInPlace[] {
  return asOf ? lawsReadInPlace(articles, (id) => s.engine.searchDeps().resolver.textGap(id, asOf)).map((r) => ({ ...r, note: gapSentence(r.note) })) : [];
}

/** 民法典 as of 2019: the articles of the laws of the time a hit stands in for (《合同法》第一百零七条). */
function inPlaceOf(article: StatuteArticle, asOf: string | undefined): Pick<SearchHitDto, 'inPlaceOf' | 'appliesEarlier'> {
  const former = standsInFor(article, asOf);
  if (former.length) return { inPlaceOf: former.map((f) => inPlaceLabel(f).zh) };
  const rule = retroactiveRule(article, asOf);
  return rule ? { appliesEarlier: rule } : {};
}
