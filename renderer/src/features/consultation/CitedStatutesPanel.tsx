import { useState } from 'react';
import type { CitationAudit, Evidence, TurnResult } from '../../../../preload/contract/index.js';
import { MarkedText } from '../../components/MarkedText.js';
import { auditNote, fill, statusText, useT, type Strings } from '../../i18n.js';

interface Props {
  turn: TurnResult;
  onOpenArticle(articleId: number): void;
}

const VIA: Record<string, keyof Strings> = { original: 'viaOriginal', history: 'viaHistory', rewrite: 'viaRewrite', rule: 'viaRule', refinement: 'viaRefinement', graph: 'viaGraph' };

/** How the article came into the evidence: which query found it at which rank, or which link (up to three). */
function why(e: Evidence, t: Strings): string {
  return e.foundBy
    .slice(0, 3)
    .map((s) => {
      const via = VIA[s.via] ? t[VIA[s.via]!] : s.via;
      return s.via === 'graph' ? `${via}（${s.query}）` : fill(t.foundAtRank, { via, rank: s.rank, query: s.query.slice(0, 24) });
    })
    .join(t.listSeparator);
}

/** Where the answer's citations of this article name its 款 and 项 (第三十八条第一款第二项), in the order of its text (MarkedText skips one inside another). */
function citedSpansOf(e: Evidence, citations: CitationAudit[]): Array<[number, number]> {
  return citations.filter((c) => c.articleId === e.articleId && c.text === e.text).flatMap((c) => c.citedSpans).sort((a, b) => a[0] - b[0]);
}

/** Each evidence article: law, number, breadcrumb, status, dates, full text, why selected, audit label; then what was excluded. */
export function CitedStatutesPanel({ turn, onOpenArticle }: Props) {
  const t = useT();
  const [expanded, setExpanded] = useState<number | null>(null);
  const labelOf = new Map<number, CitationAudit>();
  for (const c of turn.citations) if (c.articleId !== null && !labelOf.has(c.articleId)) labelOf.set(c.articleId, c);
  const live = turn.evidence.filter((e) => !e.excluded).slice(0, turn.mode === 'offline' ? 10 : 8);
  const excluded = turn.evidence.filter((e) => e.excluded);
  const stray = turn.citations.filter((c) => c.label === 'unresolvable' || c.label === 'outside_evidence');
  return (
    <section className="panel cited" data-testid="cited-panel">
      <h3>{t.cited}</h3>
      <ol>
        {live.map((e, i) => {
          const audit = labelOf.get(e.articleId);
          return (
            <li key={e.articleId} data-testid="evidence" id={`evidence-${i + 1}`}>
              <div className="head">
                <span className="n">[{i + 1}]</span>
                <button className="link" onClick={() => onOpenArticle(e.articleId)} data-testid="open-article">
                  《{e.lawTitle}》{e.articleLabel}
                </button>
                <span className={`badge ${e.status === 'current' ? 'ok' : 'warn'}`} data-testid="status-badge">{statusText(t, e.status)}</span>
                <span className={`badge ${audit ? (audit.label === 'verified' ? 'ok' : 'bad') : 'muted'}`} data-testid="audit-label" title={(audit && auditNote(t, audit)) ?? undefined}>
                  {audit ? t[audit.label] : t.notCited}
                  {audit?.notCurrent ? ' ⚠' : ''}
                </span>
              </div>
              {e.path.length > 0 && <div className="breadcrumb" data-testid="evidence-breadcrumb">{[e.lawTitle, ...e.path].join(' › ')}</div>}
              <div className="meta">
                {e.publishDate && <span>{fill(t.publishedOn, { date: e.publishDate })}</span>}
                <span> · {e.effectiveDate ? fill(t.effectiveOn, { date: e.effectiveDate }) : t.effectiveUnknown}</span>
                {e.province && <span> · {e.province}</span>}
              </div>
              <div className="why" title={t.whySelected}>{t.whySelected}{t.colon}{why(e, t)}</div>
              <p className={expanded === e.articleId ? 'text' : 'text clamp'} onClick={() => setExpanded(expanded === e.articleId ? null : e.articleId)}>
                <MarkedText text={e.text} spans={citedSpansOf(e, turn.citations)} />
              </p>
              {audit?.label === 'quote_mismatch' && <p className="bad">“{audit.quote}”</p>}
            </li>
          );
        })}
      </ol>
      {stray.length > 0 && (
        <ul className="stray" data-testid="stray-citations">
          {stray.map((c) => (
            <li key={c.seq} className="bad">{c.marker} · {t[c.label]}{auditNote(t, c) ? `：${auditNote(t, c)}` : ''}</li>
          ))}
        </ul>
      )}
      {excluded.length > 0 && (
        <details data-testid="excluded">
          <summary>{t.excluded}（{excluded.length}）</summary>
          <ul>
            {excluded.map((e) => (
              <li key={e.articleId}>《{e.lawTitle}》{e.articleLabel}：{e.excluded}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
