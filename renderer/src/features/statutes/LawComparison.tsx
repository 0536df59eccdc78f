import { useState } from 'react';
import type { ComparisonRow, VersionComparisonDto } from '../../../../preload/contract/index.js';
import { errorText } from '../../api/errorText.js';
import { fill, useT, type Strings } from '../../i18n.js';
import { Changes } from './Changes.js';
import { bookTitle } from '../../../../preload/contract/citationLine.js';

interface Props {
  comparison: VersionComparisonDto;
  onOpen(id: number): void;
  /** Downloads the table as Markdown or Word (absent: no buttons). */
  onExport?(format: 'md' | 'docx'): Promise<void>;
}

const MATCH: Record<ComparisonRow['match'], keyof Strings> = {
  identical: 'compareIdentical', amended: 'compareAmended', partly: 'comparePartly', added: 'compareAdded', merged: 'compareMerged', removed: 'compareRemoved',
};

/** Which rows the table shows: all, or only those whose text changed (amended, partly carried over, new, merged, removed). */
type Shown = 'all' | 'changed';

/**
 * A revised law side by side (新旧对照表): each article of the newer version with the older one that held its
 * provision, then the older articles merged or removed; each change opens under its row.
 */
export function LawComparison({ comparison: c, onOpen, onExport }: Props) {
  const t = useT();
  const [exporting, setExporting] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = (format: 'md' | 'docx') => {
    if (!onExport) return;
    setExporting({ busy: true, error: null });
    onExport(format).then(() => setExporting({ busy: false, error: null }), (e: unknown) => setExporting({ busy: false, error: errorText(t, e) }));
  };
  const [shown, setShown] = useState<Shown>('changed');
  const [open, setOpen] = useState<number | null>(null);
  const rows = c.rows.map((row, i) => ({ row, i })).filter(({ row }) => shown === 'all' || row.match !== 'identical');
  const link = (a: { articleId: number; label: string } | null) => (a ? <button className="link" onClick={() => onOpen(a.articleId)}>{a.label}</button> : '—');
  return (
    <div className="law-comparison" data-testid="law-comparison">
      <h4>{fill(t.compareTitle, { law: bookTitle(c.lawTitle), older: c.older.publishDate, newer: c.newer.publishDate })}</h4>
      <p className="muted" data-testid="comparison-summary">{fill(t.compareSummary, { ...c.counts })}</p>
      {onExport && (
        <p className="export" data-testid="comparison-export">
          {t.export}
          <button className="link" disabled={exporting.busy} onClick={() => download('md')} data-testid="comparison-export-md">Markdown</button>
          <button className="link" disabled={exporting.busy} onClick={() => download('docx')} data-testid="comparison-export-docx">Word</button>
          {exporting.error && <span className="bad" data-testid="comparison-export-error">{exporting.error}</span>}
        </p>
      )}
      <label>
        <input type="checkbox" checked={shown === 'changed'} onChange={(e) => setShown(e.target.checked ? 'changed' : 'all')} data-testid="comparison-changed-only" /> {t.compareChangedOnly}
      </label>
      <div className="rows">
        <table>
          <thead>
            <tr><th>{fill(t.compareVersion, { date: c.newer.publishDate })}</th><th>{fill(t.compareVersion, { date: c.older.publishDate })}</th><th>{t.compareChange}</th><th /></tr>
          </thead>
          <tbody>
            {rows.map(({ row, i }) => (
              <tr key={i} data-testid="comparison-row">
                <td>{link(row.newer)}</td>
                <td>{link(row.older)}</td>
                <td>
                  {t[MATCH[row.match]]}
                  {row.similarity !== null && row.match !== 'identical' && ` ${Math.round(row.similarity * 100)}%`}
                  {row.also.length > 0 && <span className="muted"> {t.versionAlso} {row.also.map((a) => a.label).join(t.listSeparator)}</span>}
                  {open === i && row.diff && <Changes parts={row.diff} />}
                </td>
                <td>{row.diff && <button className="link" onClick={() => setOpen(open === i ? null : i)} data-testid="comparison-toggle">{open === i ? t.hideChanges : t.showChanges}</button>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
