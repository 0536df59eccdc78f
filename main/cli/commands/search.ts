import { laterRevisionsAmong } from '../../library/versions/laterRevisions.js';
import { todayOf } from '../../db/today.js';
import type { Engine } from '../../engine/index.js';
import { staleSince } from '../../library/versions/staleTexts.js';
import { citationText, type StatuteArticle } from '../../library/articles.js';
import { renderSnippet } from '../../search/snippet.js';
import { STATUS_ZH } from '../../library/status.js';
import { repealedFilterMessages } from '../../library/citation/repealedLaws.js';
import { lawsReadInPlace } from '../../library/versions/versionGap.js';
import { inPlaceLabel, standsInFor } from '../../library/citation/civilCodeStandIn.js';
import { retroactiveRule } from '../../library/citation/civilCodeRetroactive.js';
import { LexError } from '../../util/errors.js';
import { intOption, listOption, parseCommand } from '../args.js';
import type { Output } from '../output.js';
import { FILTER_OPTIONS, filtersFrom, LITERAL_OPTION, unknownLawFilterText } from './searchOptions.js';
import { describeProviders, MODEL_OPTIONS, modeOption, modelOptionsOf, providerReport } from './modelOptions.js';
import { addedTerms as statuteTermsAdded, type ModelOptions } from '../../engine/retrieval.js';
import { onDates, standingZh, type OnDate } from '../../search/lawOnDate.js';
import type { SearchFilters } from '../../search/filters.js';
import { lawNameTyped, lawQueryNames } from '../../library/lawCatalog.js';
import { lawFilterGaps, type LawFilterGap } from '../../search/lawFilterGaps.js';
import { bookTitle } from '../../../preload/contract/citationLine.js';

const USAGE = 'lexdesk search "QUERY" [--mode lexical|dense|fused|hybrid] [--model DIR | --http-base URL --http-model NAME] [--cross-encoder DIR] [--providers cuda,cpu] [--literal] [--k 10] [--law NAME] [--level 法律,司法解释] [--all-versions] [--as-of YYYY-MM-DD] [--province 北京|all]';

export async function searchCommand(args: string[], open: (db?: string, models?: ModelOptions) => Engine, out: Output): Promise<number> {
  const { values, positionals } = parseCommand(args, { ...FILTER_OPTIONS, ...MODEL_OPTIONS, ...LITERAL_OPTION, k: { type: 'string' } }, USAGE);
  const query = positionals.join(' ').trim();
  if (!query) throw new LexError('usage', `Give a query.\nUsage: ${USAGE}`);
  const requested = modeOption(values.mode, values['cross-encoder']);
  const limit = intOption(values.k, 'k', 10);
  // One query: sqlite-vec answers it sooner than loading every vector into memory would.
  const engine = open(values.db as string | undefined, { ...modelOptionsOf(values), residentVectors: false });
  try {
    // Without --mode: hybrid when the library has vectors for the model, else lexical, saying why when it has vectors.
    const { mode, note: modeNote, hint } = requested ? { mode: requested, note: null, hint: undefined } : await engine.retrieval.chooseMode();
    const literal = values.literal === true;
    const hits = await engine.retrieval.search(query, { mode, limit, filters: filtersFrom(values), literal });
    const addedTerms = statuteTermsAdded(query, { literal });
    // A query that is a citation of a repealed law (合同法第五十二条) finds other laws' words: say what replaced it.
    const cited = engine.lookup(query);
    const repealNote = !cited.ok && cited.code === 'unknown-law' && cited.repeal ? cited.message : null;
    // 民法典第2000条: a number the law lacks is no citation, and the hits are only words alike; say so rather than list them silently.
    const missingNote = !cited.ok && cited.code === 'article-not-found' ? cited.message : null;
    // --province 火星, or a province whose pack is not imported: searched national law only, which the user must hear.
    const askedProvinces = listOption(values.province)?.filter((p) => p !== 'all') ?? [];
    // The library's packs are counted only when a province is asked for (a count of every document, not for each search).
    const packs = new Set(askedProvinces.length ? engine.counts().provinces : []);
    const missingPacks = askedProvinces.filter((p) => !packs.has(p));
    const provinceNote = missingPacks.length
      ? `no province pack for ${missingPacks.join('、')} in the library (installed: ${[...packs].join('、') || 'none'}); ${missingPacks.length === askedProvinces.length ? 'searched national law only' : 'searched the others'}. Province packs are added with lexdesk import PATH --packs 北京,上海.`
      : null;
    // --law 合同法: a repealed law, whose name other titles contain (劳动合同法).
    const lawFilter = values.law as string | undefined;
    const repealedLaw = lawFilter ? engine.searchDeps().resolver.repealOf(lawFilter) : undefined;
    const lawFilterNote = lawFilter && repealedLaw ? repealedFilterMessages(lawFilter, repealedLaw).message : null;
    // A number an earlier version gave to another provision: both are listed, and why.
    const renumberedNotes = filtersFrom(values).asOf ? [] : engine.searchDeps().resolver.renumberedIn(query)
      .map((r) => `${r.cited} of the ${r.publishDate} version (「${r.excerpt}」) is ${r.now} in this one; both are listed as cited`);
    // 刑法 as of 2019: the library's first text of it (2020) is searched in place of the text of the time.
    const asOf = filtersFrom(values).asOf;
    const gaps = new Map(asOf ? hits.map((h) => [h.article.id, engine.searchDeps().resolver.textGap(h.article.id, asOf)] as const) : []);
    const readInPlace = asOf ? lawsReadInPlace(hits.map((h) => h.article), (id) => gaps.get(id) ?? null) : [];
    // 刑法 第三百九十条 as of 2022: amended after the date (amendmentTrail.ts); said with the hit.
    const amendedSince = (id: number) => { const g = gaps.get(id); return g?.amendedSince ? g : null; };
    const onDate = onDates(engine.db, hits.map((h) => h.article), asOf, (id) => gaps.get(id) ?? null);
    // A law among the hits revised after the library's texts (反不正当竞争法 2025): its articles are not the ones in force.
    const laterRevisions = laterRevisionsAmong(hits.map((h) => h.article).filter((a) => a.status === 'current'), asOf ?? todayOf(engine.db));
    const providers = await providerReport(engine, mode);
    // --law 环境噪声污染防治法 found nothing because the law was repealed (or not yet law on --as-of, or filtered out by --level or --province).
    const filterGaps = hits.length === 0 ? lawFilterGaps(engine.db, engine.searchDeps().resolver, filtersFrom(values)) : [];
    // A query that is a law's name (劳动合同法): the law itself, and how to read it whole.
    const names = lawQueryNames(engine.db, engine.searchDeps().resolver, query);
    const named = names.namedLaw;
    const namedRepeal = names.namedRepeal?.message ?? null;
    if (out.json) {
      out.printJson({ query, mode, ...(modeNote ? { modeNote } : {}), ...(repealNote ? { repealNote } : {}), ...(missingNote ? { missingArticleNote: missingNote } : {}), ...(provinceNote ? { provinceNote } : {}), ...(lawFilterNote ? { lawFilterNote } : {}), ...(filterGaps.length ? { lawFilterGaps: filterGaps } : {}), ...(renumberedNotes.length ? { renumberedNotes } : {}), ...(laterRevisions.length ? { laterRevisions } : {}), ...(readInPlace.length ? { readInPlace } : {}), ...(named ? { namedLaw: named } : {}), ...(namedRepeal ? { namedRepeal } : {}), addedTerms, ...(providers ? { provider: providers.provider, providerFallbacks: providers.fallbacks } : {}), hits: hits.map((h, i) => ({ rank: i + 1, score: h.score === Infinity ? null : h.score, matchedBy: h.matchedBy, snippet: h.snippet, ...h.article, ...(amendedSince(h.article.id) ? { amendedSince: amendedSince(h.article.id)!.short } : {}), ...staleSince(engine.db, h.article, asOf), ...(onDate[i] ? { onDate: onDate[i] } : {}) })) });
      return 0;
    }
    if (modeNote) process.stderr.write(`lexdesk: ${modeNote}\n`);
    if (hint) process.stderr.write(`lexdesk: ${hint}\n`);
    if (repealNote) process.stderr.write(`lexdesk: ${repealNote}\n`);
    if (namedRepeal) process.stderr.write(`lexdesk: ${namedRepeal}\n`);
    if (missingNote) process.stderr.write(`lexdesk: ${missingNote} The hits below only share words with the query.\n`);
    if (provinceNote) process.stderr.write(`lexdesk: ${provinceNote}\n`);
    if (lawFilterNote) process.stderr.write(`lexdesk: ${lawFilterNote}\n`);
    for (const note of renumberedNotes) out.print(`Note: ${note}.`);
    if (named) out.print(`${bookTitle(named.title)} is a law of the library (${named.level}, ${named.articles} article${named.articles === 1 ? '' : 's'}): lexdesk read ${lawNameTyped(query)} reads it whole, --toc lists its chapters.`);
    for (const r of readInPlace) out.print(`Note: ${bookTitle(r.lawTitle)}: ${r.note.en}.`);
    for (const l of laterRevisions) out.print(`注：${l.zh}。`);
    // A GPU asked for and not available is said, so a slow search is not a mystery.
    if (providers?.fallbacks.length && values.providers !== undefined) process.stderr.write(`lexdesk: ${describeProviders(providers)}\n`);
    if (addedTerms.length) out.print(`Also searched for the statute terms ${addedTerms.join('、')} (--literal searches only your words)`);
    if (!hits.length) out.print(filterGaps.length ? gapsText(filterGaps, filtersFrom(values)) : noHitsHint(engine, values.law as string | undefined));
    hits.forEach((h, i) => {
      const a = h.article;
      const status = statusTag(a, onDate[i]);
      const tag = h.matchedBy === 'citation' ? ' (cited)' : h.matchedBy === 'dense' ? ' (semantic)' : h.matchedBy === 'similar' ? ' (similar questions)' : '';
      // 民法典 as of 2019: the article of the law of the time it stands in for.
      const former = standsInFor(a, asOf);
      const earlierFacts = retroactiveRule(a, asOf);
      const inPlace = former.length ? ` [in place of ${former.map((f) => inPlaceLabel(f).en).join('、')}]` : earlierFacts ? ` [applies to facts before 2021 as ${earlierFacts} says]` : '';
      const changed = asOf && amendedSince(a.id) ? ` [amended after ${asOf}]` : '';
      const stale = staleSince(engine.db, a, asOf).staleSince;
      const staleTag = stale ? ` [amended ${stale}; the amended text is not in the library]` : '';
      out.print(`${i + 1}. ${citationText(a)}${a.province ? `（${a.province}）` : ''}${status}${inPlace}${tag}${changed}${staleTag}`);
      out.print(`   ${renderSnippet(h.snippet, Boolean(process.stdout.isTTY))}`);
    });
    return 0;
  } finally {
    engine.close();
  }
}

/**
 * How a hit stands, in brackets: today's status with its version (「[已被修订，2018-10-26 版]」, not 「[已被修订 2018-10-26]」,
 * which read as the date of the revision), and with --as-of how it stood that day first (「[2020-06-01 施行中；今已被修订，
 * 2018-10-26 版]」), as --json's onDate says.
 */
function statusTag(a: Pick<StatuteArticle, 'status' | 'publishDate'>, dated: OnDate | undefined): string {
  const today = a.status === 'current' ? null : `${STATUS_ZH[a.status] ?? a.status}，${a.publishDate ?? '日期不详'} 版`;
  // In force that day in the text shown, and still: nothing to add; amended since: the [amended after …] tag says it.
  const plain = dated?.standing === 'amended-since' || (dated?.standing === 'in-force' && a.status === 'current');
  const then = dated && !plain ? `${dated.date} ${standingZh(dated.standing)}` : null;
  const parts = [then, today && (then ? `今${today}` : today)].filter(Boolean);
  return parts.length ? ` [${parts.join('；')}]` : '';
}

/** Why nothing was found: an empty library (say, one an older lexdesk created for a mistyped --db) needs an import, not other words. */
function noHitsHint(engine: Engine, law: string | undefined): string {
  if (engine.counts().articles === 0) return `No matching articles: the library ${engine.dbPath} is empty. Import one: lexdesk import PATH, or lexdesk import --download`;
  const near = law ? engine.unknownLawFilter(law) : null;
  if (near && law) return `No matching articles. ${unknownLawFilterText(law, near)}`;
  return 'No matching articles. Try other words, --all-versions, or a citation such as 民法典第1165条.';
}

/** Why the law filter's laws had nothing to search, each with the option that would search them. */
function gapsText(gaps: LawFilterGap[], filters: SearchFilters): string {
  const lines = gaps.map((g) => {
    const hint = g.reason === 'repealed'
      ? g.lastDay ? ` Search its last text with --as-of ${g.lastDay}, or every version with --all-versions.` : ` Search every version with --all-versions${filters.asOf ? ' and no --as-of' : ''}.`
      : g.reason === 'province' ? (Array.isArray(filters.provinces) && filters.provinces.length ? ` Add ${g.province} to --province.` : ` Add --province ${g.province}.`)
        : g.reason === 'level' ? ` Leave out --level, or add ${g.level} to it.`
          : g.reason === 'undated' ? ' Search without --as-of.' : '';
    return `- ${g.note.en}.${hint}`;
  });
  return `No matching articles, because of the law filter:\n${lines.join('\n')}`;
}
