import { useEffect, useState } from 'react';
import type { ArticleDetailDto, ArticleDto, CitingPassageDto, OnDate } from '../../../../preload/contract/index.js';
import { useApi } from '../../api/context.js';
import { downloadFile } from '../../components/download.js';
import { fill, statusText, useT } from '../../i18n.js';
import { OnDateBadge, StatusBadges } from './StatusBadges.js';
import { MarkedText } from '../../components/MarkedText.js';
import { Outline } from './Outline.js';
import { LawReader } from './LawReader.js';
import { VersionHistory } from './VersionHistory.js';
import { SaveArticle } from '../saved/SaveArticle.js';
import { bookTitle, citedLabel } from '../../../../preload/contract/citationLine.js';

interface Props {
  detail: ArticleDetailDto;
  onOpen(id: number): void;
  /** Set (to a new value each time) to open the law's whole table of contents, as when a law is opened from the catalogue. */
  openOutline?: number;
  /** Set (to a new value each time) to read the law whole from this article, as from the catalogue's or a search's 阅读全文. */
  openReading?: number;
  /** The date the statutes are looked up for (the 时点 filter), which a whole-law reading says it stands in for. */
  asOf?: string;
  /** Changes each time the statutes tab is shown again, so that what may have changed elsewhere (where the article is saved) is read again. */
  shown?: number;
}

interface LinksProps {
  title: string;
  items: ArticleDto[];
  onOpen(id: number): void;
  testid: string;
  /** Ids whose link could not be checked against the version the citing text meant. */
  unverified: readonly number[];
  unverifiedNote: string;
  /** Where each linked article names this one, when it does (the links into this article). */
  passages?: ReadonlyMap<number, CitingPassageDto>;
  /** Opened with a date: how each linked article stood then (an interpretation of the time, or a later one). */
  onDates?: ReadonlyMap<number, OnDate>;
}

/** The clause of a citing article that names the article being read, the citation marked, after its list's lead. */
function Passage({ passage }: { passage: CitingPassageDto }) {
  const [start, end] = passage.mark;
  return (
    <div className="passage muted" data-testid="citing-passage">
      {passage.lead && <>{passage.lead}{' '}</>}
      {passage.text.slice(0, start)}<mark data-testid="passage-citation">{passage.text.slice(start, end)}</mark>{passage.text.slice(end)}
    </div>
  );
}

function ArticleLinks({ title, items, onOpen, testid, unverified, unverifiedNote, passages, onDates }: LinksProps) {
  const t = useT();
  if (!items.length) return null;
  return (
    <div className="links" data-testid={testid}>
      <h4>{title}</h4>
      <ul>
        {items.map((a) => (
          <li key={a.id}>
            <button className="link" onClick={() => onOpen(a.id)}>{bookTitle(a.lawTitle)}{citedLabel(a)}</button>
            {onDates?.get(a.id) && <OnDateBadge onDate={onDates.get(a.id)!} testid="link-on-date" />}
            {a.status !== 'current' && <span className="badge warn" data-testid="link-status">{statusText(t, a.status)}</span>}
            {unverified.includes(a.id) && <span className="muted" title={unverifiedNote} data-testid="link-unverified"> ?</span>}
            {passages?.get(a.id) && <Passage passage={passages.get(a.id)!} />}
          </li>
        ))}
      </ul>
      {/* What 「?」 means is said once under the list, not only on hover. */}
      {items.some((a) => unverified.includes(a.id)) && <p className="muted" data-testid="unverified-legend">? {unverifiedNote}</p>}
    </div>
  );
}

/** One article: breadcrumb, status and dates, text, neighbours, links, versions, copy with citation. */
export function ArticleView({ detail, onOpen, openOutline, openReading, shown, asOf }: Props) {
  const t = useT();
  const api = useApi();
  const [copied, setCopied] = useState(false);
  const [outlineAt, setOutlineAt] = useState<string[] | null>(null);
  /** The whole law read in place of the article (全文), opened at it. */
  const [reading, setReading] = useState(false);
  /** The reader was opened by a request to read the law (a law's name searched, the catalogue), not from this article. */
  const [asked, setAsked] = useState(false);
  /** The article last opened from the reader by its number: while it is shown, the reading can be gone back to, there. */
  const [fromReading, setFromReading] = useState<number | null>(null);
  useEffect(() => {
    if (openOutline !== undefined) setOutlineAt([]);
  }, [openOutline]);
  const a = detail.article;
  // Any article opened (again) is shown as an article, unless it was asked to be read whole (below).
  useEffect(() => setReading(false), [detail]);
  // After the reset above: a request to read opens the reader on the article it names.
  useEffect(() => {
    if (openReading !== undefined) {
      setReading(true);
      setAsked(true);
    }
  }, [openReading]);
  const linkProps = { onOpen, unverified: detail.unverifiedLinks ?? [], unverifiedNote: t.unverifiedLink };
  const passages = new Map((detail.citingPassages ?? []).map((p) => [p.articleId, p]));
  const copy = async () => {
    await navigator.clipboard?.writeText(`${a.text}\n——${detail.citation}`).catch(() => undefined);
    setCopied(true);
  };
  if (reading) {
    return <LawReader articleId={a.id} articleLabel={a.label} asOf={asOf} asked={asked} onOpen={(id) => { setReading(false); setFromReading(id); onOpen(id); }} onClose={() => setReading(false)} />;
  }
  return (
    <article className="article-view" data-testid="article-view">
      {fromReading === a.id && (
        <button className="link" onClick={() => { setAsked(false); setReading(true); }} data-testid="back-to-reading">{t.backToReading}</button>
      )}
      <div className="breadcrumb" data-testid="breadcrumb">
        {[a.lawTitle, ...a.path].map((part, i) => (
          <span key={part}>
            {i > 0 && ' › '}
            <button className="link crumb" data-testid="crumb" onClick={() => setOutlineAt(outlineAt && outlineAt.length === i ? null : a.path.slice(0, i))}>{part}</button>
            {i === 0 && a.subtitle && <span data-testid="crumb-part"> › {a.subtitle}</span>}
          </span>
        ))}
      </div>
      {outlineAt && <Outline articleId={a.id} prefix={outlineAt} onOpen={onOpen} />}
      <h2 data-testid="article-title">
        {bookTitle(a.lawTitle)}{citedLabel(a)}
        <StatusBadges status={a.status} onDate={detail.onDate} />
      </h2>
      <div className="meta">{a.publishDate && fill(t.publishedOn, { date: a.publishDate })}{` · ${a.effectiveDate ? fill(t.effectiveOn, { date: a.effectiveDate }) : t.effectiveUnknown}`}{detail.lawTookEffect && <span data-testid="law-took-effect">{` · ${fill(t.lawTookEffect, { date: detail.lawTookEffect })}`}</span>}{a.province && ` · ${a.province}`}</div>
      <p className="text" data-testid="article-text">
        <MarkedText text={a.text} spans={detail.citedSpans ?? []} />
      </p>
      {/* The collection's footnote (刑法 第四百五十二条's ①) under the text, marked as no part of it. */}
      {a.notes?.map((n, i) => (
        <p key={i} className="muted source-note" data-testid="article-note">{t.sourceNote}{n}</p>
      ))}
      {detail.amendedText && (
        <p className="muted" data-testid="amended-text">{t.lang === 'zh' ? detail.amendedText.zh : detail.amendedText.en}</p>
      )}
      {detail.filedApart && <p className="notice" data-testid="filed-apart">{t.lang === 'zh' ? detail.filedApart.zh : detail.filedApart.en}</p>}
      {detail.laterRevision && (
        <p className="notice" data-testid="later-revision">{t.lang === 'zh' ? detail.laterRevision.zh : detail.laterRevision.en}</p>
      )}
      {detail.staleText && (
        <p className="notice" data-testid="stale-text">{t.lang === 'zh' ? detail.staleText.zh : detail.staleText.en}</p>
      )}
      {detail.olderYear && <p className="notice" data-testid="older-year">{t.lang === 'zh' ? detail.olderYear.zh : detail.olderYear.en}</p>}
      {detail.versionGap && (
        <p className="notice" data-testid="version-gap">{t.lang === 'zh' ? detail.versionGap.zh : detail.versionGap.en}</p>
      )}
      {detail.textThen && (
        <div className="notice" data-testid="text-then">
          <div>{fill(t.textThen, { date: detail.textThen.asOf, source: detail.textThen.source, effective: detail.textThen.effective })}</div>
          <p className="text">{detail.textThen.text}</p>
        </div>
      )}
      {detail.citedWarning && (
        <p className="notice" data-testid="cited-warning">{t.lang === 'zh' ? detail.citedWarning.zh : detail.citedWarning.en}</p>
      )}
      {detail.earlierNumbering && (
        <p className="notice" data-testid="earlier-numbering">
          {fill(t.earlierNumbering, { date: detail.earlierNumbering.publishDate, label: detail.earlierNumbering.label, excerpt: detail.earlierNumbering.excerpt })}{' '}
          <button className="link" onClick={() => onOpen(detail.earlierNumbering!.articleId)} data-testid="open-earlier">{t.openEarlier}</button>
          {detail.earlierNumbering.now && (
            <>
              {' '}{t.earlierNowAt}
              <button className="link" onClick={() => onOpen(detail.earlierNumbering!.now!.articleId)} data-testid="open-earlier-now">{detail.earlierNumbering.now.label}</button>
            </>
          )}
        </p>
      )}
      {detail.formerly && detail.formerly.length > 0 && (
        <p className="muted" data-testid="formerly">
          {t.formerly}{detail.formerly.map((f) => `${f.citation}（${f.topic}${f.changed ? t.formerlyChanged : ''}）`).join('；')}
        </p>
      )}
      {detail.replacedBy && (
        <p className="notice" data-testid="replaced-by">
          {t.lang === 'zh' ? detail.replacedBy.note.zh : detail.replacedBy.note.en}
          {detail.replacedBy.counterpart && (
            <>
              {' '}
              <button className="link" onClick={() => onOpen(detail.replacedBy!.counterpart!.articleId)} data-testid="open-replacement">
                {fill(t.openReplacement, { law: bookTitle(detail.replacedBy.counterpart.lawTitle), label: detail.replacedBy.counterpart.label })}
              </button>
            </>
          )}
        </p>
      )}
      <div className="article-actions">
        <button onClick={() => void copy()} data-testid="copy-citation">{copied ? t.copied : t.copy}</button>
        <button onClick={() => { setAsked(false); setReading(true); }} title={t.readWholeHint} data-testid="read-whole">{t.readWhole}</button>
        {detail.saved && <SaveArticle key={a.id} article={a} saved={detail.saved} refreshKey={shown} asOf={asOf} parts={detail.citedParts} savesPart={detail.savesPart} olderPart={detail.olderPart} olderYear={detail.olderYear} />}
      </div>
      <div className="neighbours" data-testid="neighbours">
        {detail.previous && <button className="link" onClick={() => onOpen(detail.previous!.id)}>‹ {t.previous} {detail.previous.label}</button>}
        {detail.next && <button className="link" onClick={() => onOpen(detail.next!.id)}>{t.next} {detail.next.label} ›</button>}
      </div>
      <ArticleLinks title={t.amendedBy} items={detail.amendedBy ?? []} testid="amended-by" {...linkProps} passages={passages} />
      <ArticleLinks title={t.references} items={detail.references} testid="references" {...linkProps} />
      <ArticleLinks title={t.referencedBy} items={detail.referencedBy} testid="referenced-by" {...linkProps} passages={passages} />
      <ArticleLinks title={t.interpretations} items={detail.interpretations} testid="interpretations" {...linkProps} passages={passages} onDates={new Map((detail.interpretationsOnDate ?? []).map((l) => [l.id, l.onDate]))} />
      {detail.interpretationTimes && (
        <p className="notice" data-testid="interpretation-times">{t.lang === 'zh' ? detail.interpretationTimes.zh : detail.interpretationTimes.en}</p>
      )}
      <VersionHistory
        versions={detail.versions}
        onOpen={onOpen}
        loadComparison={(date) => api.call('statute.compare', { id: a.id, with: date })}
        exportComparison={async (date, format) => downloadFile(await api.call('statute.compareExport', { id: a.id, with: date, format }))}
      />
    </article>
  );
}
