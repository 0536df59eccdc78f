import { forwardRef, useEffect, useRef, useState } from 'react';
import type { ArticleDetailDto, LawFilterGapDto, ReadInPlace, SearchHitDto, StatuteSearchDto } from '../../../../preload/contract/index.js';
import { useApi } from '../../api/context.js';
import { downloadFile } from '../../components/download.js';
import { errorText } from '../../api/errorText.js';
import { bookTitle, citationLine, citedLabel } from '../../../../preload/contract/citationLine.js';
import { fill, STRINGS, useT } from '../../i18n.js';
import { ArticleView } from './ArticleView.js';
import { CitationCheck } from './CitationCheck.js';
import { StatusBadges } from './StatusBadges.js';

/** A version's status in a copied citation: in Chinese, as the article view's copy has it in either language. */
const CITED_STATUS = { superseded: STRINGS.zh.superseded, repealed: STRINGS.zh.repealed, pending: STRINGS.zh.notYetInForce };

/** Text the citation route takes (its limit); longer text is a question to search. */
const MAX_CITATION_INPUT = 200;
/** A short question that names one article (民法典第1165条是什么意思) opens it, as text of citations alone does. */
const MAX_JUMP_QUESTION = 30;

interface Props {
  /** The article to show (seq changes on every request, so opening the same article again works); `outline`: with its law's table of contents open. */
  request: { id: number; seq: number; outline?: boolean; read?: boolean } | null;
  onOpen(id: number): void;
  /** Opens a law to read whole (全文) at article `id`. */
  onRead?(id: number): void;
  /** Opens a law at article `id` with its table of contents. */
  onOpenLaw?(id: number): void;
  /** Counts the times the statutes tab was shown (see ArticleView). */
  shown?: number;
}

function Snippet({ hit }: { hit: SearchHitDto }) {
  const { text, highlights } = hit.snippet;
  const parts: Array<[string, boolean]> = [];
  let at = 0;
  for (const [s, e] of highlights) {
    if (s > at) parts.push([text.slice(at, s), false]);
    parts.push([text.slice(s, e), true]);
    at = e;
  }
  parts.push([text.slice(at), false]);
  return <p className="snippet">{parts.map(([p, hl], i) => (hl ? <mark key={i}>{p}</mark> : <span key={i}>{p}</span>))}</p>;
}

/** Why the law filter's laws had nothing to search, each with the change of filters that would search it. */
function LawFilterGaps({ gaps, run }: { gaps: LawFilterGapDto[]; run(over: { asOf?: string; allVersions?: boolean; province?: string; level?: string }): Promise<void> }) {
  const t = useT();
  return (
    <>
      {t.lawFilterGaps}
      <ul>
        {gaps.map((g) => (
          <li key={`${g.lawTitle}-${g.reason}`} data-testid="law-filter-gap">
            {t.lang === 'zh' ? `${g.note.zh}。` : `${g.note.en}.`}{' '}
            {g.reason === 'repealed' && g.lastDay && <button className="link" data-testid="gap-last-text" onClick={() => void run({ asOf: g.lastDay })}>{fill(t.searchLastText, { date: g.lastDay })}</button>}
            {g.reason === 'repealed' && !g.lastDay && <button className="link" data-testid="gap-all-versions" onClick={() => void run({ allVersions: true, asOf: '' })}>{t.searchAllVersions}</button>}
            {g.reason === 'province' && g.province && <button className="link" data-testid="gap-province" onClick={() => void run({ province: g.province })}>{fill(t.searchProvince, { province: g.province })}</button>}
            {g.reason === 'undated' && <button className="link" data-testid="gap-undated" onClick={() => void run({ asOf: '' })}>{t.searchWithoutDate}</button>}
            {g.reason === 'level' && <button className="link" data-testid="gap-level" onClick={() => void run({ level: '' })}>{t.allLevels}</button>}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Articles remembered for going back. */
const MAX_TRAIL = 20;
/** Hits a search shows at first, and at most (the route's limit): a full page offers the next. */
const PAGE = 20;
const MAX_HITS = 100;

/** Statute lookup: search with filters, citation jump ("民法典1165"), and the article view. */
export const StatuteLookup = forwardRef<HTMLInputElement, Props>(function StatuteLookup({ request, onOpen, onRead, onOpenLaw, shown }, inputRef) {
  const api = useApi();
  const t = useT();
  const [query, setQuery] = useState('');
  const [law, setLaw] = useState('');
  const [level, setLevel] = useState('');
  const [allVersions, setAllVersions] = useState(false);
  const [asOf, setAsOf] = useState('');
  const [province, setProvince] = useState('');
  const [literal, setLiteral] = useState(false);
  const [hits, setHits] = useState<SearchHitDto[]>([]);
  const [addedTerms, setAddedTerms] = useState<string[]>([]);
  /** Why the search was by words only although the library has vectors (the embedding model did not load…). */
  const [modeNote, setModeNote] = useState<string | null>(null);
  /** Cited numbers an earlier version gave to another provision, listed as cited too. */
  const [renumbered, setRenumbered] = useState<StatuteSearchDto['renumbered']>([]);
  const [readInPlace, setReadInPlace] = useState<ReadInPlace[]>([]);
  const [repealedLaw, setRepealedLaw] = useState<StatuteSearchDto['repealedLaw']>(null);
  /** The law the query names (劳动合同法), offered to read whole or open at its contents. */
  const [namedLaw, setNamedLaw] = useState<StatuteSearchDto['namedLaw']>(null);
  const [namedRepeal, setNamedRepeal] = useState<StatuteSearchDto['namedRepeal']>(null);
  /** A finished search that found nothing: the law filter when it names no law, and why the laws it names had nothing to search. */
  const [empty, setEmpty] = useState<{ unknownLaw: StatuteSearchDto['unknownLaw']; gaps: LawFilterGapDto[] } | null>(null);
  const [detail, setDetail] = useState<ArticleDetailDto | null>(null);
  /** The articles read before the one shown, latest last, so that a link followed (刑法264 → a citing article) can be gone back from. */
  const [trail, setTrail] = useState<ArticleDetailDto[]>([]);
  const shownRef = useRef<ArticleDetailDto | null>(null);
  shownRef.current = detail;
  const [error, setError] = useState<string | null>(null);
  /** Why a query written as a citation found no article (law or article unknown, no such version), shown above the search hits. */
  const [notFound, setNotFound] = useState<string | null>(null);
  /** How many articles the query cited, when it cited several and they are listed instead of search hits. */
  const [citedCount, setCitedCount] = useState<{ cited: number; successors: number } | null>(null);
  /** How many hits the search shown asked for, so that a full page offers more; null for a citation's articles. */
  const [shownLimit, setShownLimit] = useState<number | null>(null);
  const [copiedAll, setCopiedAll] = useState(false);
  /** The citations whose articles are listed (with the as-of date they were looked up by), for the compilation download. */
  const [citedBy, setCitedBy] = useState<{ citation: string; asOf?: string } | null>(null);
  const [compiling, setCompiling] = useState(false);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    if (request === null) return;
    setError(null);
    // With the date filter set, the article says whether it is read in place of the text of that date (刑法 of 2020 for 2019).
    void api.call('statute.article', { id: request.id, asOf: asOf || undefined }).then((next) => {
      const before = shownRef.current;
      if (before && before.article.id !== next.article.id) setTrail((was) => [...was, before].slice(-MAX_TRAIL));
      setDetail(next);
    }, (e: unknown) => setError(errorText(t, e)));
  }, [api, request, asOf]);

  /** Back to the article read before, or from an article opened from the hits to the hits. */
  const back = () => {
    const before = trail.at(-1);
    setTrail(trail.slice(0, -1));
    setDetail(before ?? null);
  };

  /** The cited articles, each text followed by its source as the article view copies it, for a brief or a file note. */
  const copyAll = async () => {
    const text = hits.map((h) => `${h.article.text}\n——${citationLine(h.article, CITED_STATUS)}`).join('\n\n');
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopiedAll(true);
  };

  /** The listed articles as a compilation (法条汇编): each in full with its source, the cited 款 and 项 bold. */
  const downloadCompilation = (format: 'md' | 'docx') => {
    if (!citedBy) return;
    setCompiling(true);
    api.call('statute.citationsExport', { ...citedBy, format }).then(downloadFile, (e: unknown) => setError(errorText(t, e))).finally(() => setCompiling(false));
  };

  /** Searches with the filters shown, or with those of `over` (a suggestion clicked: a law name, a date, a province…), which it sets. */
  const run = async (over: Partial<{ literal: boolean; law: string; level: string; allVersions: boolean; asOf: string; province: string; limit: number }> = {}) => {
    const f = { literal, law, level, allVersions, asOf, province, limit: PAGE, ...over };
    setShownLimit(null);
    if (over.law !== undefined) setLaw(over.law);
    if (over.level !== undefined) setLevel(over.level);
    if (over.allVersions !== undefined) setAllVersions(over.allVersions);
    if (over.asOf !== undefined) setAsOf(over.asOf);
    if (over.province !== undefined) setProvince(over.province);
    setCopiedAll(false);
    setError(null);
    setNotFound(null);
    setEmpty(null);
    setRepealedLaw(null);
    setNamedLaw(null);
    setNamedRepeal(null);
    setCitedCount(null);
    setCitedBy(null);
    setReadInPlace([]);
    setTrail([]);
    const q = query.trim();
    if (!q) return;
    // Citations alone open the article, or list the articles of several (民法典第1165、1166条, a range); with other words they are searched, cited articles first.
    if (q.length <= MAX_CITATION_INPUT) {
      try {
        const cited = await api.call('statute.citations', { citation: q, asOf: f.asOf || undefined });
        // A citation that found nothing says so, lest the search hits below pass for it.
        if (cited.notFound.length > 0) setNotFound(cited.notFound.map((f) => (t.lang === 'zh' ? f.messageZh : f.message)).join(t.lang === 'zh' ? '；' : '; '));
        const open = cited.detail && (cited.onlyCitations || q.length <= MAX_JUMP_QUESTION) ? cited.detail : null;
        if (open || (cited.onlyCitations && cited.hits.length > 0)) {
          setDetail(open);
          setHits(open ? [] : cited.hits);
          setCitedCount(open ? null : { cited: cited.hits.length - (cited.successors ?? 0), successors: cited.successors ?? 0 });
          setCitedBy(open ? null : { citation: q, asOf: f.asOf || undefined });
          setReadInPlace(open ? [] : cited.readInPlace ?? []);
          setAddedTerms([]);
          setModeNote(null);
          return;
        }
      } catch (e) {
        setError(errorText(t, e));
        return;
      }
    }
    try {
      const found = await api.call('statute.search', {
        query: q,
        limit: f.limit,
        literal: f.literal,
        filters: { law: f.law || undefined, levels: f.level ? [f.level] : undefined, currentOnly: !f.allVersions, asOf: f.asOf || undefined, provinces: f.province ? (f.province === 'all' ? 'all' : [f.province]) : undefined },
      });
      setHits(found.hits);
      setShownLimit(f.limit);
      setAddedTerms(found.addedTerms);
      setModeNote(found.modeNote);
      setRenumbered(found.renumbered);
      setReadInPlace(found.readInPlace ?? []);
      setRepealedLaw(found.repealedLaw ?? null);
      setNamedLaw(found.namedLaw ?? null);
      setNamedRepeal(found.namedRepeal ?? null);
      setEmpty(found.hits.length ? null : { unknownLaw: found.unknownLaw, gaps: found.lawFilterGaps ?? [] });
      setDetail(null);
    } catch (e) {
      setError(errorText(t, e));
    }
  };

  return (
    <div className="statutes">
      <form className="search" onSubmit={(e) => { e.preventDefault(); void run(); }}>
        <input ref={inputRef} type="search" value={query} placeholder={t.lookupPlaceholder} onChange={(e) => setQuery(e.target.value)} data-testid="statute-query" />
        <button type="submit" data-testid="statute-search">{t.search}</button>
        <div className="filters">
          <input placeholder={t.lawFilter} value={law} onChange={(e) => setLaw(e.target.value)} data-testid="filter-law" />
          <select value={level} onChange={(e) => setLevel(e.target.value)} data-testid="filter-level">
            <option value="">{t.allLevels}</option>
            {['宪法', '法律', '行政法规', '司法解释', '部门规章', '地方性法规'].map((l) => <option key={l}>{l}</option>)}
          </select>
          <label><input type="checkbox" checked={!allVersions} onChange={(e) => setAllVersions(!e.target.checked)} data-testid="filter-current" />{t.currentOnly}</label>
          <label title={t.asOfHint}>{t.asOfFilter}<input type="date" value={asOf} onChange={(e) => setAsOf(e.target.value)} aria-label={t.asOfFilter} data-testid="filter-asof" /></label>
          <input placeholder={t.provinceFilter} value={province} onChange={(e) => setProvince(e.target.value)} data-testid="filter-province" />
          <label title={t.literalHint}><input type="checkbox" checked={literal} onChange={(e) => { setLiteral(e.target.checked); void run({ literal: e.target.checked }); }} data-testid="filter-literal" />{t.literal}</label>
        </div>
      </form>
      <button className="link" onClick={() => setChecking(!checking)} data-testid="check-toggle">{checking ? t.checkClose : t.checkOpen}</button>
      {checking && <CitationCheck onOpen={onOpen} asOf={asOf} />}
      {error && <div className="error" data-testid="statute-error">{error}</div>}
      {notFound && !detail && <div className="notice" data-testid="citation-not-found">{t.citationNotFound}{notFound}</div>}
      {detail && (trail.length > 0 || hits.length > 0) && (
        <button className="link" onClick={back} data-testid="article-back">
          {trail.length > 0 ? fill(t.backToArticle, { article: `${bookTitle(trail.at(-1)!.article.lawTitle)}${citedLabel(trail.at(-1)!.article)}` }) : t.backToHits}
        </button>
      )}
      {detail ? (
        <ArticleView detail={detail} onOpen={onOpen} shown={shown} asOf={asOf || undefined} openOutline={request?.outline && detail.article.id === request.id ? request.seq : undefined} openReading={request?.read && detail.article.id === request.id ? request.seq : undefined} />
      ) : (
        <>
          {citedCount !== null && (
            <p className="muted">
              <span data-testid="cited-count">{citedCount.successors === 0 ? fill(t.citedArticles, { n: String(citedCount.cited) }) : citedCount.cited === 0 ? fill(t.successorArticles, { n: String(citedCount.successors) }) : fill(t.citedAndSuccessors, { n: String(citedCount.cited), m: String(citedCount.successors) })}</span>{' '}
              <button onClick={() => void copyAll()} data-testid="copy-cited">{copiedAll ? t.copied : t.copyAll}</button>{' '}
              <span data-testid="compilation-export">
                {t.downloadCompilation}
                <button className="link" disabled={compiling} onClick={() => downloadCompilation('docx')} data-testid="compilation-docx">Word</button>
                <button className="link" disabled={compiling} onClick={() => downloadCompilation('md')} data-testid="compilation-md">Markdown</button>
              </span>
            </p>
          )}
          {modeNote && <p className="warn" data-testid="mode-note">{t.lexicalFallback}{modeNote}</p>}
          {addedTerms.length > 0 && <p className="muted" data-testid="added-terms">{t.addedTerms}{addedTerms.join('、')}</p>}
          {namedLaw && namedLaw.firstArticleId !== null && (
            <p className="notice" data-testid="named-law">
              {bookTitle(namedLaw.title)}{namedLaw.province && `（${namedLaw.province}）`}
              <StatusBadges status={namedLaw.version.status} />
              <span className="muted">{` ${namedLaw.level}${namedLaw.version.publishDate ? ` · ${fill(t.publishedOn, { date: namedLaw.version.publishDate })}` : ''} · ${fill(t.catalogArticles, { n: namedLaw.articles })} `}</span>
              {onRead && <button onClick={() => onRead(namedLaw.firstArticleId!)} data-testid="named-law-read">{t.readWhole}</button>}{' '}
              <button className="link" onClick={() => (onOpenLaw ?? onOpen)(namedLaw.firstArticleId!)} data-testid="named-law-open">{t.namedLawOpen}</button>
            </p>
          )}
          {namedRepeal && <p className="notice" data-testid="named-repeal">{t.lang === 'zh' ? namedRepeal.messageZh : namedRepeal.message}</p>}
          {repealedLaw && <p className="notice" data-testid="repealed-law-filter">{t.lang === 'zh' ? repealedLaw.messageZh : repealedLaw.message}</p>}
          {renumbered.map((r) => (
            <p className="notice" key={r.cited} data-testid="renumbered-note">{fill(t.renumberedNote, { ...r })}</p>
          ))}
          {readInPlace.map((r) => (
            <p className="notice" key={r.lawTitle} data-testid="read-in-place">{bookTitle(r.lawTitle)}：{t.lang === 'zh' ? r.note.zh : r.note.en}</p>
          ))}
          {empty && (
            <div className="notice" data-testid="no-hits">
              {empty.unknownLaw ? fill(t.unknownLaw, { law: empty.unknownLaw.law }) : empty.gaps.length ? <LawFilterGaps gaps={empty.gaps} run={run} /> : t.noHits}
              {empty.unknownLaw && empty.unknownLaw.candidates.length > 0 && (
                <>
                  {' '}{t.didYouMean}
                  {empty.unknownLaw.candidates.map((name, i) => (
                    <span key={name}>
                      {i > 0 && '、'}
                      <button className="link" data-testid="law-candidate" onClick={() => void run({ law: name })}>{name}</button>
                    </span>
                  ))}
                </>
              )}
            </div>
          )}
          <ol className="hits" data-testid="hits">
            {hits.map((h) => (
              <li key={h.article.id} data-testid="hit">
                <button className="link" onClick={() => onOpen(h.article.id)}>{bookTitle(h.article.lawTitle)}{citedLabel(h.article)}</button>
                <StatusBadges status={h.article.status} onDate={h.onDate} />
                {h.inPlaceOf && <span className="muted" data-testid="hit-in-place-of"> {fill(t.inPlaceOf, { articles: h.inPlaceOf.join('、') })}</span>}
                {h.appliesEarlier && <span className="muted" data-testid="hit-applies-earlier"> {fill(t.appliesEarlier, { rule: h.appliesEarlier })}</span>}
                {h.amendedSince && <span className="muted" data-testid="hit-amended-since" title={h.amendedSince}> {t.lang === 'zh' ? `（${h.amendedSince}）` : t.amendedSince}</span>}
                {h.staleSince && <span className="warn" data-testid="hit-stale-text"> {fill(t.staleSince, { date: h.staleSince })}</span>}
                <Snippet hit={h} />
              </li>
            ))}
          </ol>
          {shownLimit !== null && hits.length >= shownLimit && shownLimit < MAX_HITS && (
            <button className="link" onClick={() => void run({ limit: Math.min(MAX_HITS, shownLimit + PAGE) })} data-testid="more-hits">{t.moreHits}</button>
          )}
        </>
      )}
    </div>
  );
});
