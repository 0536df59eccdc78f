import { useState } from 'react';
import type { ArticleVersion, VersionComparisonDto } from '../../../../preload/contract/index.js';
import { errorText } from '../../api/errorText.js';
import { fill, statusText, useT } from '../../i18n.js';
import { Changes } from './Changes.js';
import { LawComparison } from './LawComparison.js';

interface Props {
  versions: ArticleVersion[];
  onOpen(id: number): void;
  /** The whole law, this article's version against the one published `date` (absent: no such button). */
  loadComparison?(date: string): Promise<VersionComparisonDto>;
  /** The same table downloaded as a file. */
  exportComparison?(date: string, format: 'md' | 'docx'): Promise<void>;
}

/**
 * The law's versions, each with the article that holds this provision there (a revision renumbers: 2018's
 * 公司法 第二十条 is 2023's 第二十一条, its third paragraph 第二十三条), how alike they are, and what changed.
 */
export function VersionHistory({ versions, onOpen, loadComparison, exportComparison }: Props) {
  const t = useT();
  const [open, setOpen] = useState<string | null>(null);
  const [comparison, setComparison] = useState<{ date: string; result: VersionComparisonDto | null; error: string | null } | null>(null);
  const compare = (date: string) => {
    if (!loadComparison) return;
    if (comparison?.date === date) return setComparison(null);
    setComparison({ date, result: null, error: null });
    loadComparison(date).then(
      (result) => setComparison((c) => (c?.date === date ? { date, result, error: null } : c)),
      (e: unknown) => setComparison((c) => (c?.date === date ? { date, result: null, error: errorText(t, e) } : c)),
    );
  };
  if (versions.length < 2) return null;
  const own = versions.find((v) => v.match === 'self')?.publishDate ?? '';
  return (
    <div className="versions" data-testid="versions">
      <h4>{t.versions}</h4>
      <ul>
        {versions.map((v) => {
          const key = v.publishDate ?? '';
          const older = key < own;
          return (
            <li key={key} data-testid="version">
              <span>{v.publishDate ?? '—'}</span>
              <span className={`badge ${v.status === 'current' ? 'ok' : 'warn'}`}>{statusText(t, v.status)}</span>
              <span className="muted"> {v.effectiveDate ? fill(t.effectiveOn, { date: v.effectiveDate }) : t.effectiveUnknown} </span>
              {v.sameWordingAs && <span className="muted" data-testid="version-republished">{fill(t.versionRepublished, { date: v.sameWordingAs })} </span>}
              {v.match === 'self' ? (
                <span data-testid="version-match">{t.versionSelf}</span>
              ) : v.match === 'none' ? (
                <span className="muted" data-testid="version-match">{t.versionNone}</span>
              ) : (
                <>
                  <button className="link" onClick={() => onOpen(v.articleId!)} data-testid="version-article">{v.label}</button>
                  <span data-testid="version-match">
                    {' '}
                    {v.match === 'identical' ? t.versionIdentical : fill(v.match === 'amended' ? t.versionAmended : t.versionPartly, { percent: Math.round((v.similarity ?? 0) * 100) })}
                  </span>
                </>
              )}
              {v.also.length > 0 && (
                <span data-testid="version-also">
                  {' '}{t.versionAlso}
                  {v.also.map((a) => <button key={a.articleId} className="link" onClick={() => onOpen(a.articleId)}>{a.label}</button>)}
                </span>
              )}
              {loadComparison && v.match !== 'self' && v.publishDate && (
                <>
                  {' '}
                  <button className="link" onClick={() => compare(v.publishDate!)} data-testid="compare-law">{comparison?.date === v.publishDate ? t.hideLawComparison : t.showLawComparison}</button>
                </>
              )}
              {v.diff && (
                <>
                  {' '}
                  <button className="link" onClick={() => setOpen(open === key ? null : key)} data-testid="version-toggle">{open === key ? t.hideChanges : t.showChanges}</button>
                  {open === key && (
                    <div data-testid="version-diff">
                      <div className="muted">{fill(t.changesFromTo, older ? { from: `${key} ${v.label}`, to: t.thisArticle } : { from: t.thisArticle, to: `${key} ${v.label}` })}</div>
                      <Changes parts={v.diff} />
                    </div>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ul>
      {comparison && (comparison.result ? <LawComparison comparison={comparison.result} onOpen={onOpen} onExport={exportComparison ? (format) => exportComparison(comparison.date, format) : undefined} /> : <p className={comparison.error ? 'bad' : 'muted'} data-testid="comparison-status">{comparison.error ?? t.comparing}</p>)}
    </div>
  );
}
