import { useEffect, useState } from 'react';
import type { LawCatalogDto } from '../../../../preload/contract/index.js';
import { useApi } from '../../api/context.js';
import { errorText } from '../../api/errorText.js';
import { fill, statusText, useT } from '../../i18n.js';

const LEVELS = ['宪法', '法律', '行政法规', '司法解释', '部门规章', '地方性法规', '其他'] as const;
const PAGE = 50;

interface Props {
  /** Opens a law at its first article, with its table of contents shown. */
  onOpenLaw(articleId: number): void;
  /** The law read whole (全文) from its first article. */
  onReadLaw?(articleId: number): void;
  /** Changes when the library changes (an import), so the list is read again. */
  refreshKey?: unknown;
}

/** The catalogue of the library's laws (法规目录): filtered by name and level, each opening at its table of contents. */
export function LawCatalog({ onOpenLaw, onReadLaw, refreshKey }: Props) {
  const t = useT();
  const api = useApi();
  const [query, setQuery] = useState('');
  const [level, setLevel] = useState('');
  const [catalog, setCatalog] = useState<LawCatalogDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = (offset = 0) => {
    setError(null);
    const input = { query: query.trim() || undefined, level: (level || undefined) as (typeof LEVELS)[number] | undefined, limit: PAGE, offset };
    api.call('library.laws', input).then(
      (page) => setCatalog((cur) => (offset > 0 && cur ? { total: page.total, laws: [...cur.laws, ...page.laws] } : page)),
      (e: unknown) => setError(errorText(t, e)),
    );
  };
  useEffect(() => load(), [api, level, refreshKey]);

  return (
    <section className="catalog" data-testid="law-catalog">
      <h3>{t.catalogTitle}</h3>
      <form onSubmit={(e) => { e.preventDefault(); load(); }}>
        <input type="search" value={query} placeholder={t.catalogFilter} onChange={(e) => setQuery(e.target.value)} data-testid="catalog-query" />
        <select value={level} onChange={(e) => setLevel(e.target.value)} data-testid="catalog-level">
          <option value="">{t.allLevels}</option>
          {LEVELS.map((l) => <option key={l}>{l}</option>)}
        </select>
        <button type="submit" data-testid="catalog-search">{t.search}</button>
      </form>
      {error && <div className="error" data-testid="catalog-error">{error}</div>}
      {catalog && (
        <>
          <p className="muted" data-testid="catalog-count">{fill(t.catalogCount, { n: catalog.total })}</p>
          <ul>
            {catalog.laws.map((l) => (
              <li key={l.lawId} data-testid="catalog-law">
                {l.firstArticleId !== null ? (
                  <button className="link" onClick={() => onOpenLaw(l.firstArticleId!)}>{l.title}</button>
                ) : (
                  <span>{l.title}</span>
                )}
                {l.province && `（${l.province}）`}
                <span className={`badge ${l.version.status === 'current' ? 'ok' : 'warn'}`}>{statusText(t, l.version.status)}</span>{' '}
                {l.staleSince && <span className="warn" data-testid="catalog-stale-text">{fill(t.staleSince, { date: l.staleSince })} </span>}
                {l.repealedOn && <span className="muted" data-testid="catalog-repealed-on">{fill(l.version.status === 'repealed' ? t.catalogRepealedOn : t.catalogRepealsOn, { date: l.repealedOn })} </span>}
                <span className="muted">
                  {l.level}{l.version.publishDate && ` · ${fill(t.publishedOn, { date: l.version.publishDate })}`} · {fill(t.catalogArticles, { n: l.articles })}
                  {l.versions > 1 && ` · ${fill(t.catalogVersions, { n: l.versions })}`}
                  {l.tookEffect && <span data-testid="catalog-took-effect">{` · ${fill(t.lawTookEffect, { date: l.tookEffect })}`}</span>}
                </span>
                {onReadLaw && l.firstArticleId !== null && (
                  <>{' '}<button className="link" onClick={() => onReadLaw(l.firstArticleId!)} data-testid="catalog-read">{t.readWhole}</button></>
                )}
              </li>
            ))}
          </ul>
          {catalog.laws.length < catalog.total && (
            <button className="link" onClick={() => load(catalog.laws.length)} data-testid="catalog-more">{t.catalogMore}</button>
          )}
        </>
      )}
    </section>
  );
}
