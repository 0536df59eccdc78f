import { useState } from 'react';
import type { CitationAudit, Evidence, TurnResult } from '../../../../preload/contract/index.js';
import { statusText, useT } from '../../i18n.js';

interface Props {
  turn: TurnResult;
  onOpenArticle(articleId: number): void;
}

const VIA: Record<string, string> = { original: '原问题', history: '结合上下文', rewrite: '改写', rule: '扩展规则', refinement: '审查补充检索', graph: '法条关联' };

function why(e: Evidence): string {
  return e.foundBy
    .slice(0, 3)
    .map((s) => (s.via === 'graph' ? `${VIA.graph}（${s.query}）` : `${VIA[s.via] ?? s.via}第${s.rank}名：${s.query.slice(0, 24)}`))
    .join('；');
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
                <span className={`badge ${audit ? (audit.label === 'verified' ? 'ok' : 'bad') : 'muted'}`} data-testid="audit-label">
                  {audit ? t[audit.label] : t.notCited}
                  {audit?.notCurrent ? ' ⚠' : ''}
                </span>
              </div>
              {e.path.length > 0 && <div className="breadcrumb" data-testid="evidence-breadcrumb">{[e.lawTitle, ...e.path].join(' › ')}</div>}
              <div className="meta">
                {e.publishDate && <span>{e.publishDate} 版</span>}
                <span> · {e.effectiveDate ? `${e.effectiveDate} 施行` : t.effectiveUnknown}</span>
                {e.province && <span> · {e.province}</span>}
              </div>
              <div className="why" title={t.whySelected}>{t.whySelected}：{why(e)}</div>
              <p className={expanded === e.articleId ? 'text' : 'text clamp'} onClick={() => setExpanded(expanded === e.articleId ? null : e.articleId)}>
                {e.text}
              </p>
              {audit?.label === 'quote_mismatch' && <p className="bad">“{audit.quote}”</p>}
            </li>
          );
        })}
      </ol>
      {stray.length > 0 && (
        <ul className="stray" data-testid="stray-citations">
          {stray.map((c) => (
            <li key={c.seq} className="bad">{c.marker} · {t[c.label]}{c.note ? `：${c.note}` : ''}</li>
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
