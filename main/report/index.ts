import type { Consultations } from '../consult/index.js';
import type { Engine } from '../engine/index.js';
import { writableOutput, writeAtomically } from '../util/atomicWrite.js';
import { renderDocx } from './docx.js';
import { renderHtml } from './html.js';
import { renderMarkdown } from './markdown.js';
import { buildReport, type ReportModel, type ReportOptions } from './model.js';
import { renderPdf } from './pdf.js';

export type ReportFormat = 'md' | 'docx' | 'pdf' | 'html';
export const REPORT_FORMATS: readonly ReportFormat[] = ['md', 'docx', 'pdf', 'html'];
/** A name for a downloaded file: characters no file system takes, and runs of space, made one underscore. */
export const fileNameOf = (text: string): string => text.replace(/[\\/:*?"<>|\s]+/g, '_');

export const MIME: Record<ReportFormat, string> = {
  md: 'text/markdown; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  html: 'text/html; charset=utf-8',
};

export { buildReport, type ReportModel, type ReportOptions };

/** Renders a report in memory. `pdfRenderer` lets the Electron host print with its own Chromium (printToPDF). */
export async function renderReport(report: ReportModel, format: ReportFormat, pdfRenderer: (html: string) => Promise<Buffer> = renderPdf): Promise<Buffer> {
  const model = withDocumentSafeText(report);
  switch (format) {
    case 'md':
      return Buffer.from(renderMarkdown(model), 'utf8');
    case 'html':
      return Buffer.from(renderHtml(model), 'utf8');
    case 'docx':
      return renderDocx(model);
    case 'pdf':
      return pdfRenderer(renderHtml(model));
  }
}

/** What XML 1.0 (DOCX) and HTML cannot hold: control characters other than tab and line breaks, U+FFFE/U+FFFF, lone surrogates. */
const NOT_DOCUMENT_TEXT = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Every string of the report without characters no document may contain (a statute
 * imported with a byte-order mark in the wrong place, a stray control character from
 * the LLM): Word refuses a file whose XML holds one, and every format is kept alike.
 */
export function withDocumentSafeText<T>(value: T): T {
  if (typeof value === 'string') return value.replace(NOT_DOCUMENT_TEXT, '') as T;
  if (Array.isArray(value)) return value.map((v) => withDocumentSafeText(v)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withDocumentSafeText(v)])) as T;
  return value;
}

/**
 * `lexdesk export`: builds, renders and writes a report. The output folder is
 * checked before any work; the file is written to a temporary name beside it
 * and renamed, so a failure never leaves a partial file.
 */
export async function exportReport(engine: Engine, consultations: Consultations, id: number, format: ReportFormat, out: string, appVersion: string, opts: ReportOptions = {}): Promise<{ file: string; bytes: number; model: ReportModel }> {
  const file = writableOutput(out);
  const model = buildReport(engine, consultations, id, appVersion, opts);
  const bytes = await renderReport(model, format);
  writeAtomically(file, bytes);
  return { file, bytes: bytes.length, model };
}
