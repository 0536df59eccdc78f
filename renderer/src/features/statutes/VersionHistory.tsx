import { useState } from 'react';
import type { ArticleVersion, DiffPart } from '../../../../preload/contract/index.js';
import { fill, statusText, useT } from '../../i18n.js';

interface Props {
  versions: ArticleVersion[];
  onOpen(id: number): void;
}

/** What changed, older to newer: deletions struck through, insertions underlined. */
function Changes({ parts }: { parts: DiffPart[] }) {
  return (
    <p className="text changes" data-testid="version-changes">
      {parts.map(([op, text], i) => (op === 0 ? <span key={i}>{text}</span> : op < 0 ? <del key={i}>{text}</del> : <ins key={i}>{text}</ins>))}
    </p>
  );
}

/**
 * The law's versions, each with the article that holds this provision there (a revision renumbers: 2018's
 * 公司法 第二十条 is 2023's 第二十一条, its third paragraph 第二十三条), how alike they are, and what changed.
 */
export function VersionHistory({ versions, onOpen }: Props) {
  const t = useT();
  const [open, setOpen] = useState<string | null>(null);
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
    </div>
  );
}
