import { useEffect, useState } from 'react';
import type { CitationAudit, Evidence, TurnResult } from '../../../../preload/contract/index.js';
import { MarkedText } from '../../components/MarkedText.js';
import { auditNote, fill, useT, type Strings } from '../../i18n.js';
import { StatusBadges } from '../statutes/StatusBadges.js';
import { useApi } from '../../api/context.js';
import { SaveEvidence, shownArticle, type SavedIn } from './SaveEvidence.js';
import { citedSpansToSave } from '../../../../preload/contract/citedToSave.js';
import { bookTitle } from '../../../../preload/contract/citationLine.js';

interface Props {
  turn: TurnResult;
  onOpenArticle(articleId: number): void;
  /** The consultation's title: the folder its articles are saved to (☆); unfiled when none. */
  folder?: string;
  /** Counts the times the consultation tab was shown: where the articles are saved is read again each time (a removal in 收藏夹 shows). */
  shown?: number;
}

const VIA: Record<string, keyof Strings> = { original: 'viaOriginal', history: 'viaHistory', rewrite: 'viaRewrite', rule: 'viaRule', refinement: 'viaRefinement', graph: 'viaGraph' };

/** How the article came into the evidence: which query found it at which rank, or which link (up to three). */
function why(e: Evidence, t: Strings): string {
  return e.foundBy
    .slice(0, 3)
    .map((s) => {
      const via = VIA[s.via] ? t[VIA[s.via]!] : s.via;
      if (s.via === 'graph') return `${via}（${s.query}）`;
      // The question itself is on screen above: its rank says enough. A rewritten query is quoted, cut with an ellipsis.
      if (s.via === 'original') return fill(t.foundAtRankOriginal, { via, rank: s.rank });
      return fill(t.foundAtRank, { via, rank: s.rank, query: s.query.length > 24 ? `${s.query.slice(0, 24)}…` : s.query });
    })
    .join(t.listSeparator);
}

/** Where the answer's citations of this article name its 款 and 项 (第三十八条第一款第二项), in the order of its text (MarkedText skips one inside another). */
function citedSpansOf(e: Evidence, citations: CitationAudit[]): Array<[number, number]> {
  return citations.filter((c) => c.articleId === e.articleId && c.text === e.text).flatMap((c) => c.citedSpans).sort((a, b) => a[0] - b[0]);
}

/** Where the shortened text opens: at the line of the first cited 款 or 项, else where the words that found the article stand. */
function openingOf(e: Evidence, spans: Array<[number, number]>): number {
  const cited = spans[0]?.[0];
  return cited === undefined ? (e.excerpt?.start ?? 0) : e.text.lastIndexOf('\n', cited - 1) + 1;
}

/** The end of the article's first line when it leads a list of 项 (ends with a colon); else null. */
function listLeadEnd(text: string): number | null {
  const end = text.indexOf('\n');
  return end > 0 && /[：:]$/.test(text.slice(0, end)) ? end : null;
}

/**
 * An evidence article's text. Shortened, it opens at the first cited 款 or 项, else where the words that found it
 * stand, after the lead of its list (「用人单位有下列情形之一的，劳动者可以解除劳动合同：」 then 「（二）未及时足额支付劳动报酬的」
 * for unpaid wages, not its first 项); a click shows all of it.
 */
function EvidenceText({ evidence, spans, expanded, onToggle }: { evidence: Evidence; spans: Array<[number, number]>; expanded: boolean; onToggle(): void }) {
  const t = useT();
  const { text, excerpt } = evidence;
  const hits = excerpt?.hits ?? [];
  const leadEnd = listLeadEnd(text);
  const at = expanded ? 0 : openingOf(evidence, spans);
  // An excerpt inside the lead shows the whole lead, from the start.
  const opening = leadEnd !== null && at <= leadEnd ? 0 : at;
  const lead = leadEnd !== null && leadEnd < opening ? leadEnd : null;
  const skipped = opening > (lead === null ? 0 : lead + 1);
  return (
    <>
      <p className={expanded ? 'text' : 'text clamp'} onClick={onToggle} title={expanded ? undefined : t.showWholeArticle} data-testid="evidence-text">
        {lead !== null && <><MarkedText text={text} spans={spans} hits={hits} to={lead} />{'\n'}</>}
        {skipped && '…'}
        <MarkedText text={text} spans={spans} hits={hits} from={opening} />
      </p>
      {/* The collection's footnote (刑法 第四百五十二条's ①) under the text, outside it, marked as no statute text. */}
      {evidence.notes?.map((n, i) => <p key={i} className="muted source-note" data-testid="evidence-note">{t.sourceNote}{n}</p>)}
    </>
  );
}

/** Each evidence article: law, number, breadcrumb, status, dates, full text, why selected, audit label; then what was excluded. */
export function CitedStatutesPanel({ turn, onOpenArticle, folder = '', shown = 0 }: Props) {
  const t = useT();
  const api = useApi();
  const [expanded, setExpanded] = useState<number | null>(null);
  const labelOf = new Map<number, CitationAudit>();
  for (const c of turn.citations) if (c.articleId !== null && !labelOf.has(c.articleId)) labelOf.set(c.articleId, c);
  const live = turn.evidence.filter((e) => !e.excluded).slice(0, turn.mode === 'offline' ? 10 : 8);
  /** The folders holding each article shown, by id; null until read (or when the host cannot say: ☆ alone, as before). */
  const [savedIn, setSavedIn] = useState<ReadonlyMap<number, SavedIn[]> | null>(null);
  const shownKey = live.map((e) => e.articleId).join(',');
  useEffect(() => {
    if (!live.length) return;
    let current = true;
    api.call('saved.ofEvidence', { articles: live.map(shownArticle) }).then(
      (folders) => current && setSavedIn(new Map(live.map((e, i) => [e.articleId, folders[i] ?? []]))),
      () => undefined,
    );
    return () => {
      current = false;
    };
    // `live` comes from the turn, and shownKey stands for it.
  }, [api, turn.turnId, shownKey, shown]);
  const onSaved = (articleId: number, into: SavedIn) =>
    setSavedIn((before) => {
      const held = before?.get(articleId) ?? [];
      const had = held.some((e) => e.folder === into.folder && e.part === into.part);
      return new Map(before ?? []).set(articleId, had ? held : [...held, into].sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0)));
    });
  // What the judge's code checks found of each article (a later text read for the facts' date, a superseded version, another
  // province's regulation), shown under it: the last iteration's, as the answer was written after it.
  const checks = turn.iterations.at(-1)?.codeChecks ?? [];
  const excluded = turn.evidence.filter((e) => e.excluded);
  // With them a citation 引文不符 of an article outside the evidence: no evidence entry above shows it.
  const stray = turn.citations.filter((c) => c.label === 'unresolvable' || c.label === 'outside_evidence' || c.outsideEvidence);
  return (
    <section className="panel cited" data-testid="cited-panel">
      <h3>{t.cited}</h3>
      <ol>
        {live.map((e, i) => {
          const audit = labelOf.get(e.articleId);
          const auditWhy = audit ? auditNote(t, audit) : null;
          return (
            <li key={e.articleId} data-testid="evidence" id={`evidence-${i + 1}`}>
              <div className="head">
                <span className="n">[{i + 1}]</span>
                <button className="link" onClick={() => onOpenArticle(e.articleId)} data-testid="open-article">
                  {bookTitle(e.lawTitle)}{e.articleLabel}
                </button>
                <StatusBadges status={e.status} onDate={e.onDate} />
                {/* Offline there is no answer to cite anything: 「未引用」 on every article would say nothing. */}
                {(audit || turn.mode !== 'offline') && (
                  <span className={`badge ${audit ? (audit.label === 'verified' ? 'ok' : 'bad') : 'muted'}`} data-testid="audit-label" title={auditWhy ?? undefined}>
                    {audit ? t[audit.label] : t.notCited}
                    {audit?.notCurrent ? ' ⚠' : ''}
                  </span>
                )}
                <SaveEvidence evidence={e} folder={folder} savedIn={savedIn?.get(e.articleId) ?? null} citedSpans={citedSpansToSave(turn.citations, e.articleId, e.text)} onSaved={(into) => onSaved(e.articleId, into)} />
              </div>
              {e.path.length > 0 && <div className="breadcrumb" data-testid="evidence-breadcrumb">{[e.lawTitle, ...e.path].join(' › ')}</div>}
              <div className="meta">
                {e.publishDate && <span>{fill(t.publishedOn, { date: e.publishDate })}</span>}
                <span> · {e.effectiveDate ? fill(t.effectiveOn, { date: e.effectiveDate }) : t.effectiveUnknown}</span>
                {e.province && <span> · {e.province}</span>}
              </div>
              <div className="why" title={t.whySelected}>{t.whySelected}{t.colon}{why(e, t)}</div>
              {checks.filter((c) => c.articleId === e.articleId).map((c, k) => (
                <p className="warn" key={k} data-testid="evidence-check">{t.codeChecks}{t.colon}{c.problem}</p>
              ))}
              <EvidenceText evidence={e} spans={citedSpansOf(e, turn.citations)} expanded={expanded === e.articleId} onToggle={() => setExpanded(expanded === e.articleId ? null : e.articleId)} />
              {turn.citations.filter((c) => c.articleId === e.articleId && c.closer !== undefined).slice(0, 1).map((c) => (
                <p className="warn" key={c.seq} data-testid="evidence-topic">
                  {c.marker}{t.colon}{auditNote(t, c)}
                  {c.closer && <> <button className="link" onClick={() => onOpenArticle(c.closer!.articleId)}>{fill(t.openCloser, { label: `${c.closer.lawTitle ? bookTitle(c.closer.lawTitle) : ''}${c.closer.label}` })}</button></>}
                </p>
              ))}
              {audit?.label === 'quote_mismatch' && (
                <p className="bad" data-testid="evidence-quote">“{audit.quote}”{auditWhy && <><br /><span className="muted">{auditWhy}</span></>}</p>
              )}
            </li>
          );
        })}
      </ol>
      {stray.length > 0 && (
        <ul className="stray" data-testid="stray-citations">
          {stray.map((c) => (
            <li key={c.seq} className={c.label === 'outside_evidence' ? 'warn' : 'bad'} data-testid="stray-citation">
              {/* A citation the audit resolved to an article (outside the evidence, or lacking the 款 or 项 named) opens it, as an evidence article does; one that named nothing in the library has nothing to open. */}
              {c.articleId !== null ? (
                <button className="link" onClick={() => onOpenArticle(c.articleId!)} data-testid="open-stray">{c.marker}</button>
              ) : (
                c.marker
              )}
              {' · '}{t[c.label]}{c.outsideEvidence ? `${t.listSeparator}${t.outside_evidence}` : ''}{auditNote(t, c) ? `：${auditNote(t, c)}` : ''}
            </li>
          ))}
        </ul>
      )}
      {excluded.length > 0 && (
        <details data-testid="excluded">
          <summary>{t.excluded}（{excluded.length}）</summary>
          <ul>
            {excluded.map((e) => (
              <li key={e.articleId}>{bookTitle(e.lawTitle)}{e.articleLabel}：{e.excluded}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
