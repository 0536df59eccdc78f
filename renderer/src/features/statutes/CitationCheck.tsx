import { useState } from 'react';
import type { DraftCheckDto } from '../../../../preload/contract/index.js';
import { MAX_UPLOAD_BYTES } from '../../../../preload/contract/limits.js';
import { useApi } from '../../api/context.js';
import { errorText } from '../../api/errorText.js';
import { downloadFile } from '../../components/download.js';
import { fill, useT, type Strings } from '../../i18n.js';
import { bookTitle, citedLabel } from '../../../../preload/contract/citationLine.js';

type Finding = DraftCheckDto['citations'][number]['finding'];
const FINDING: Record<Finding, { text: keyof Strings; badge: string }> = {
  ok: { text: 'checkOk', badge: 'ok' },
  check: { text: 'checkLook', badge: 'warn' },
  quote_mismatch: { text: 'checkQuote', badge: 'bad' },
  unresolvable: { text: 'checkNotFound', badge: 'bad' },
  not_statute: { text: 'checkNotStatute', badge: 'muted' },
};

type Upload = { text: string } | { file: string; fileName: string };

interface Props {
  onOpen(id: number): void;
  /** Checked as of this date (the lookup's as-of filter); today when empty. */
  asOf: string;
}

/** A brief or opinion pasted in, each statute citation in it looked up and checked (lexdesk check). */
export function CitationCheck({ onOpen, asOf }: Props) {
  const t = useT();
  const api = useApi();
  const [text, setText] = useState('');
  const [result, setResult] = useState<DraftCheckDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** What was checked last (the text, or a file), so its compilation is of the same text. */
  const [checked, setChecked] = useState<Upload | null>(null);
  const check = (input: Upload) => {
    setError(null);
    setBusy(true);
    api.call('statute.checkText', { ...input, asOf: asOf || undefined })
      .then((r) => {
        setResult(r);
        setChecked(input);
        if (r.text !== undefined) setText(r.text);
      }, (e: unknown) => setError(errorText(t, e)))
      .finally(() => setBusy(false));
  };
  /** The articles the text cites as a 法条汇编, as litigators attach one to a brief. */
  const compile = (format: 'md' | 'docx') => {
    if (!checked) return;
    setBusy(true);
    api.call('statute.checkExport', { ...checked, asOf: asOf || undefined, format })
      .then(downloadFile, (e: unknown) => setError(errorText(t, e)))
      .finally(() => setBusy(false));
  };
  const run = () => check({ text });
  /** A file goes to the host to be read, whatever it is: Word, PDF, a web page, text in UTF-8, GBK or UTF-16. */
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      setError(fill(t.checkTooLarge, { size: Math.ceil(file.size / 1000), max: MAX_UPLOAD_BYTES / 1000 }));
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    check({ file: btoa(binary), fileName: file.name });
  };
  return (
    <section className="citation-check" data-testid="citation-check">
      <textarea value={text} rows={8} placeholder={t.checkPlaceholder} onChange={(e) => setText(e.target.value)} data-testid="check-text" />
      <div>
        <button onClick={run} disabled={busy || !text.trim()} data-testid="check-run">{t.checkRun}</button>{' '}
        <label className="muted">{t.checkFile} <input type="file" accept=".docx,.pdf,.doc,.rtf,.html,.htm,.md,.txt" disabled={busy} onChange={(e) => void pick(e.target.files?.[0])} data-testid="check-file" /></label>
      </div>
      {error && <div className="error" data-testid="check-error">{error}</div>}
      {result && (
        <>
          <p className="muted" data-testid="check-summary">
            {result.citations.length === 0 ? t.checkNone : fill(t.checkSummary, { n: result.citations.length, date: result.asOf, ok: result.counts.ok, look: result.counts.check, quote: result.counts.quote_mismatch, missing: result.counts.unresolvable - (result.repealedLaws ?? 0) })}{(result.repealedLaws ?? 0) > 0 && fill(t.checkSummaryRepealed, { n: result.repealedLaws })}{(result.counts.not_statute ?? 0) > 0 && fill(t.checkSummaryNotStatute, { n: result.counts.not_statute })}
          </p>
          {result.citations.some((c) => c.articleId !== null) && (
            <p className="muted" data-testid="check-compilation">
              {t.checkCompilation}
              <button className="link" disabled={busy} onClick={() => compile('docx')} data-testid="check-compilation-docx">Word</button>
              <button className="link" disabled={busy} onClick={() => compile('md')} data-testid="check-compilation-md">Markdown</button>
            </p>
          )}
          <ol className="hits">
            {result.citations.map((c) => (
              <li key={c.seq} data-testid="check-citation" data-finding={c.finding}>
                {/* A repealed law's citation is no citation of nothing: its badge says which, as the summary counts it. */}
                <span className={`badge ${FINDING[c.finding].badge}`} data-testid="check-finding">{c.repealedLaw ? t.checkRepealed : t[FINDING[c.finding].text] as string}</span>{' '}
                <span>{c.marker}</span>
                {c.articleId !== null && (
                  <>
                    {' → '}<button className="link" onClick={() => onOpen(c.articleId!)}>{bookTitle(c.lawTitle ?? '')}{c.articleLabel}</button>
                    {/* The version read, as the CLI says it: a memo on the 2023 公司法 is read against 2023's numbers. */}
                    <span className="muted" data-testid="check-version">{c.publishDate ? fill(t.checkVersion, { date: c.publishDate }) : t.checkVersionUndated}</span>
                  </>
                )}
                {' '}
                <span className="muted" data-testid="check-where">
                  [{c.where.page !== null ? fill(t.checkWherePage, { page: c.where.page }) : ''}{fill(c.where.unit === 'paragraph' ? t.checkWherePara : t.checkWhere, { line: c.where.line })}]
                </span>
                {c.finding !== 'ok' && <div className="muted" data-testid="check-context">{c.where.context}</div>}
                {(c.noteZh ?? c.note) && <div className="muted">{t.lang === 'zh' ? c.noteZh ?? c.note : c.note}</div>}
                {/* A title within a title in 《》: how the standard writes it, a note only (the badge stands). */}
                {c.titleStyle && <div className="muted" data-testid="check-title-style">{t.checkTitleStyle}{t.lang === 'zh' ? c.titleStyle.noteZh : c.titleStyle.note}</div>}
                {c.successor && (
                  <div className="muted" data-testid="check-successor">
                    {fill(c.successor.replacedDocument ? t.checkReplaced : t.checkSuccessor, { topic: c.successor.topic })}
                    {c.successor.articles.map((a, i) => (
                      <span key={a.articleId}>
                        {i > 0 ? '、' : ''}
                        <button className="link" onClick={() => onOpen(a.articleId)}>{i === 0 ? bookTitle(a.lawTitle) : ''}{citedLabel(a)}</button>
                      </span>
                    ))}
                  </div>
                )}
                {c.closer && (
                  <div className="muted" data-testid="check-closer">
                    {t.checkCloser}
                    <button className="link" onClick={() => onOpen(c.closer!.articleId)}>{c.closer.lawTitle ? bookTitle(c.closer.lawTitle) : ''}{c.closer.label}</button>
                  </div>
                )}
                {/* 公司法第七十一条 for pre-emption, a number of 2018: where that provision is now, to open (a quotation's source says it already). */}
                {c.earlierMeaning && c.earlierMeaning.articleId !== c.articleId && !c.quoteSource && (
                  <div className="muted" data-testid="check-earlier">
                    {t.checkEarlierNow}
                    <button className="link" onClick={() => onOpen(c.earlierMeaning!.articleId)}>{c.earlierMeaning.label}</button>
                  </div>
                )}
                {c.quoteSource && (
                  <div className="muted" data-testid="check-quote-source">
                    {t.checkQuoteFrom}
                    <button className="link" onClick={() => onOpen(c.quoteSource!.articleId)}>
                      {c.lawTitle === c.quoteSource.lawTitle ? '' : bookTitle(c.quoteSource.lawTitle)}
                      {c.quoteSource.applied ? c.quoteSource.label : fill(t.checkQuoteVersion, { date: c.quoteSource.publishDate ?? '?', label: c.quoteSource.label })}
                    </button>
                    {c.quoteSource.now && (
                      <>
                        {' · '}{c.articleId === null ? t.checkQuoteInForce : t.checkQuoteNow}
                        <button className="link" onClick={() => onOpen(c.quoteSource!.now!.articleId)}>{c.quoteSource.now.label}</button>
                      </>
                    )}
                  </div>
                )}
                {c.finding === 'quote_mismatch' && (
                  <div className="muted" data-testid="check-quote">
                    {t.checkQuoted}「{c.quote}」<br />
                    {t.checkOriginal}「{c.original}」
                  </div>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
