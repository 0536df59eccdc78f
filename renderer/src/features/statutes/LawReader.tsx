import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { LawTextDto } from '../../../../preload/contract/index.js';
import { articleHead, datedArticleNote, readingBlocks, titleNote } from '../../../../preload/contract/lawReading.js';
import { bookTitle } from '../../../../preload/contract/citationLine.js';
import { useApi } from '../../api/context.js';
import { errorText } from '../../api/errorText.js';
import { downloadFile } from '../../components/download.js';
import { fill, statusText, useT } from '../../i18n.js';
import { articleNumberOf, findSegments, foldQuery, type FoundSegment } from './findInText.js';
import { headingsAbove, ReadingArticle, Segments } from './LawReadingText.js';
import { StatusBadges } from './StatusBadges.js';

interface Props {
  /** The article the reader was opened from: its version is read, and it is shown first and marked. */
  articleId: number;
  articleLabel: string;
  /** The date the article was looked up for: the reading says when its text stands in for that date's. */
  asOf?: string;
  /** Opened to read the law (a law's name searched, the catalogue), not from an article being read: closing says so. */
  asked?: boolean;
  onOpen(id: number): void;
  onClose(): void;
}

/** Fewer characters than this find nothing yet. */
const MIN_FIND = 1;
/** A title note longer than this (刑法's names fourteen amending acts) is shown to here, and whole when asked. */
const NOTE_SHOWN = 160;

/**
 * A law read whole (全文): its title note, a table of contents beside the text, every article under its headings,
 * words found in it one after another, and the text to download. Opens at the article it came from.
 */
export function LawReader({ articleId, articleLabel, asOf, asked, onOpen, onClose }: Props) {
  const api = useApi();
  const t = useT();
  const [version, setVersion] = useState<string | undefined>(undefined);
  const [law, setLaw] = useState<LawTextDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const find = useDeferredValue(query.trim());
  const [active, setActive] = useState(0);
  const [exporting, setExporting] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  /** The block at the reading line of the text in view, so that the contents mark where the reader is. */
  const [top, setTop] = useState<number | null>(null);
  const toc = useRef<HTMLElement>(null);

  useEffect(() => {
    setError(null);
    void api.call('statute.lawText', { id: articleId, version, asOf: asOf || undefined }).then(setLaw, (e: unknown) => setError(errorText(t, e)));
  }, [api, articleId, version, asOf]);
  /** The article to open at and mark: the one read, or where the version chosen holds its provision. */
  const focus = law?.focusId ?? null;
  const [noteOpen, setNoteOpen] = useState(false);

  const blocks = useMemo(() => (law ? readingBlocks(law.sections) : []), [law]);
  // Every article's number and paragraph cut at the words found, the matches numbered across the law; an article
  // number typed with digits (第38条) finds that article's number.
  const found = useMemo(() => {
    let total = 0;
    const cut = new Map<string, FoundSegment[]>();
    if (foldQuery(find).length < MIN_FIND) return { cut, total };
    const ref = articleNumberOf(find);
    // 第38条 typed with digits: the article 38 itself, then the text's mentions of it as printed (本法第三十八条).
    const printed = ref ? blocks.find((b) => b.kind === 'article' && b.number === ref.number && b.subNumber === ref.subNumber) : undefined;
    const words = printed?.kind === 'article' ? printed.label : find;
    blocks.forEach((b, i) => {
      const cutOut = (key: string, text: string) => {
        const { segments, count } = findSegments(text, words, total);
        if (count) cut.set(key, segments);
        total += count;
      };
      if (b.kind === 'heading') return cutOut(`${i}.t`, b.text);
      const head = articleHead(b.articleKind, b.label).trim();
      if (head && b === printed) cut.set(`${i}.h`, [{ text: head, match: total++ }]);
      else if (head) cutOut(`${i}.h`, head);
      b.paragraphs.forEach((p, j) => cutOut(`${i}.${j}`, p));
    });
    return { cut, total };
  }, [blocks, find]);

  useEffect(() => setActive(0), [find]);
  // Opened at the article read before; the words found, one at a time, in view.
  useEffect(() => {
    const el = body.current;
    if (!el || !law) return;
    // At the law's first article (or none to open at), the reading starts at the top: its 序言 or lead stands above it.
    const first = blocks.find((b) => b.kind === 'article' && b.number > 0);
    if (focus === null || (first?.kind === 'article' && first.id === focus)) el.scrollTop = 0;
    else el.querySelector(`[data-article-id="${focus}"]`)?.scrollIntoView({ block: 'start' });
  }, [law, focus]);
  useEffect(() => {
    const el = body.current;
    if (!found.total || !el) return;
    // Just below the reading line, where the contents look for the chapter.
    el.querySelector(`[data-match="${active}"]`)?.scrollIntoView({ block: 'start' });
    el.scrollBy({ top: -Math.min(el.clientHeight / 4, 100) });
  }, [found, active]);

  // The contents follow the text: the headings above the block in view are marked, and kept in view.
  const pending = useRef(false);
  const onScroll = () => {
    if (pending.current) return;
    pending.current = true;
    requestAnimationFrame(() => {
      pending.current = false;
      markTop();
    });
  };
  const markTop = () => {
    const el = body.current;
    if (!el) return;
    // The reading line is a third of the way down: where an article opened (at the top) or a word found (in the middle) stands.
    const box = el.getBoundingClientRect();
    const edge = box.top + Math.min(box.height / 3, 120);
    const all = [...el.querySelectorAll<HTMLElement>('[data-block]')];
    // At the end of the text the last blocks never reach the line: the last one is where the reader is.
    const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
    const shown = atEnd ? all.at(-1) : all.find((b) => b.getBoundingClientRect().bottom > edge);
    if (shown) setTop(Number(shown.dataset.block));
  };
  const here = useMemo(() => headingsAbove(blocks, top ?? blocks.findIndex((b) => b.kind === 'article' && b.id === focus)), [blocks, top, focus]);
  useEffect(() => {
    const last = here.at(-1);
    if (last !== undefined) toc.current?.querySelector(`[data-toc="${last}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [here]);

  const step = (by: number) => found.total && setActive((active + by + found.total) % found.total);
  const download = (format: 'md' | 'docx') => {
    setExporting(true);
    api.call('statute.lawExport', { id: articleId, version, asOf: asOf || undefined, format }).then(downloadFile, (e: unknown) => setError(errorText(t, e))).finally(() => setExporting(false));
  };
  const headings = blocks.flatMap((b, i) => (b.kind === 'heading' ? [{ ...b, index: i }] : []));
  const own = law ? law.sections.some((s) => s.articles.some((a) => a.id === articleId)) : true;
  const note = law ? titleNote(law.history) : '';
  const dated = new Map((law?.datedArticles ?? []).map((d) => [d.id, d]));
  const longNote = note.length > NOTE_SHOWN;

  return (
    <section className="law-reader" data-testid="law-reader">
      <div className="law-reader-bar">
        <button className="link" onClick={onClose} data-testid="law-reader-close">{asked ? t.closeReading : fill(t.closeWhole, { label: /^[一二三四五六七八九十百]+$/u.test(articleLabel) ? `第${articleLabel}条` : articleLabel })}</button>
        {error && <span className="error" data-testid="law-reader-error">{error}</span>}
      </div>
      {!law ? (
        !error && <p className="muted">{t.lawReading}</p>
      ) : (
        <>
          <h2 data-testid="law-reader-title">
            {bookTitle(law.lawTitle)}<StatusBadges status={law.status} />
          </h2>
          <div className="meta">
            {law.versions.length > 1 ? (
              <label>
                {t.lawVersionPick}
                <select value={law.publishDate ?? ''} onChange={(e) => setVersion(e.target.value || undefined)} data-testid="law-reader-version">
                  {law.versions.map((v) => (
                    <option key={v.publishDate} value={v.publishDate}>{`${v.publishDate || '—'} · ${statusText(t, v.status)}`}</option>
                  ))}
                </select>
              </label>
            ) : (
              law.publishDate && fill(t.lawVersionOf, { date: law.publishDate })
            )}
            {law.effectiveDate ? ` ${fill(t.effectiveOn, { date: law.effectiveDate })}` : ` ${t.effectiveUnknown}`}
            {law.articleCount > 0 && ` · ${fill(t.lawSize, { n: String(law.articleCount) })}`}
            {law.holds && law.holds.length > 0 && <span data-testid="law-reader-holds">{` · ${fill(t.lawHolds, { acts: law.holds.map((h) => `${h.source}（${h.date}）`).join('、') })}`}</span>}
            {!own && <span className="warn" data-testid="law-reader-other-version">{t.lawOtherVersion}</span>}
          </div>
          {note && (
            <p className="muted law-title-note" data-testid="law-title-note">
              {longNote && !noteOpen ? `${note.slice(0, NOTE_SHOWN)}…` : note}
              {longNote && <button className="link" onClick={() => setNoteOpen(!noteOpen)} data-testid="law-title-note-toggle">{noteOpen ? t.noteLess : t.noteMore}</button>}
            </p>
          )}
          {law.dateNote && <p className="notice" data-testid="law-reader-date-note">{t.lang === 'zh' ? law.dateNote.zh : law.dateNote.en}</p>}
          {law.focusMissing && <p className="notice" data-testid="law-reader-no-counterpart">{fill(t.lawNoCounterpart, { date: law.publishDate ?? '', label: law.focusMissing })}</p>}
          <div className="law-reader-tools">
            <input type="search" value={query} placeholder={t.findInLaw} aria-label={t.findInLaw} onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); step(e.shiftKey ? -1 : 1); } }} data-testid="law-find" />
            {foldQuery(find).length >= MIN_FIND && (
              <span className="muted" data-testid="law-find-count">{found.total ? fill(t.findCount, { i: String(active + 1), n: String(found.total) }) : t.findNone}</span>
            )}
            <button disabled={!found.total} onClick={() => step(-1)} data-testid="law-find-prev">{t.findPrev}</button>
            <button disabled={!found.total} onClick={() => step(1)} data-testid="law-find-next">{t.findNext}</button>
            <span data-testid="law-export">
              {t.lawDownload}
              <button className="link" disabled={exporting} onClick={() => download('docx')} data-testid="law-export-docx">Word</button>
              <button className="link" disabled={exporting} onClick={() => download('md')} data-testid="law-export-md">Markdown</button>
            </span>
          </div>
          <div className="law-reader-panes">
            {headings.length > 0 && (
              <nav className="law-toc" aria-label={t.lawContents} ref={toc} data-testid="law-toc">
                <h4>{t.lawContents}</h4>
                {headings.map((h) => (
                  <button key={h.index} className={`link ${here.includes(h.index) ? 'here' : ''}`} data-toc={h.index} style={{ paddingLeft: `${h.depth * 12}px` }} data-testid="law-toc-entry"
                    onClick={() => body.current?.querySelector(`[data-block="${h.index}"]`)?.scrollIntoView({ block: 'start' })}>
                    {h.text}
                  </button>
                ))}
              </nav>
            )}
            <div className="law-text" ref={body} onScroll={onScroll} data-testid="law-text">
              {law.lead && <p className="law-lead">{law.lead}</p>}
              {blocks.map((b, i) =>
                b.kind === 'heading' ? (
                  <div key={i} className={`law-heading depth-${b.depth}`} data-block={i} data-testid="law-heading"><Segments segments={found.cut.get(`${i}.t`) ?? [{ text: b.text }]} active={active} /></div>
                ) : (
                  <ReadingArticle key={i} index={i} block={b} current={b.id === focus} cut={found.cut} active={active} onOpen={onOpen}
                    dated={dated.has(b.id) && law.asOf ? datedArticleNote(dated.get(b.id)!, law.asOf)[t.lang === 'zh' ? 'zh' : 'en'] : null} />
                ),
              )}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
