import { cachedStatement, type Db } from '../db/open.js';
import { matchMarker } from './lawRefBook/parseItems.js';
import { intToChinese } from '../../preload/contract/numerals.js';
import { statusSql } from './status.js';
import type { ArticleKind, LawLevel, ParsedItem, ParsedParagraph, VersionStatus } from './types.js';
import { bookTitle, citedLabel } from '../../preload/contract/citationLine.js';

/** An article as the app shows it: text plus where it sits and which version it is. */
export interface StatuteArticle {
  id: number;
  documentId: number;
  lawId: number;
  lawTitle: string;
  shortName: string;
  subtitle: string | null;
  kind: ArticleKind;
  label: string;
  number: number;
  subNumber: number;
  ordinal: number;
  path: string[];
  paragraphs: ParsedParagraph[];
  text: string;
  /** Footnotes printed under the article in the source (刑法 第四百五十二条's ①), no part of its text; absent when none. */
  notes?: string[];
  level: LawLevel;
  province: string;
  status: VersionStatus;
  publishDate: string | null;
  effectiveDate: string | null;
  documentPath: string;
  source: string;
}

export interface ArticleRow {
  id: number;
  document_id: number;
  law_id: number;
  title: string;
  short_name: string;
  subtitle: string | null;
  kind: ArticleKind;
  label: string;
  number: number;
  sub_number: number;
  ordinal: number;
  path: string;
  paragraphs: string;
  text: string;
  notes?: string;
  level: LawLevel;
  province: string;
  status: VersionStatus;
  publish_date: string | null;
  effective_date: string | null;
  doc_path: string;
  source: string;
}

export const ARTICLE_SELECT = `
  SELECT a.id, a.document_id, d.law_id, l.title, l.short_name, d.subtitle, a.kind, a.label, a.number,
         a.sub_number, a.ordinal, a.path, a.paragraphs, a.text, a.notes, d.level, d.province, ${statusSql('d')} AS status,
         d.publish_date, d.effective_date, d.path AS doc_path, d.source
    FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id`;

export function toStatuteArticle(row: ArticleRow): StatuteArticle {
  return {
    id: row.id,
    documentId: row.document_id,
    lawId: row.law_id,
    lawTitle: row.title,
    shortName: row.short_name,
    subtitle: row.subtitle,
    kind: row.kind,
    label: row.label,
    number: row.number,
    subNumber: row.sub_number,
    ordinal: row.ordinal,
    path: JSON.parse(row.path) as string[],
    paragraphs: JSON.parse(row.paragraphs) as ParsedParagraph[],
    text: row.text,
    ...notesOf(row.notes),
    level: row.level,
    province: row.province,
    status: row.status,
    publishDate: row.publish_date,
    effectiveDate: row.effective_date,
    documentPath: row.doc_path,
    source: row.source,
  };
}

function notesOf(json: string | undefined): { notes?: string[] } {
  const notes = json ? (JSON.parse(json) as string[]) : [];
  return notes.length ? { notes } : {};
}

/** Loads articles by id, keeping the order of `ids` (missing ids are dropped). */
export function getArticles(db: Db, ids: number[]): StatuteArticle[] {
  if (ids.length === 0) return [];
  const rows = db
    .prepare(`${ARTICLE_SELECT} WHERE a.id IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify(ids)) as ArticleRow[];
  const byId = new Map(rows.map((r) => [r.id, toStatuteArticle(r)]));
  return ids.map((id) => byId.get(id)).filter((a): a is StatuteArticle => a !== undefined);
}

/** One article by id, or null when the library no longer has it. */
export function articleById(db: Db, id: number): StatuteArticle | null {
  const row = cachedStatement(db, `${ARTICLE_SELECT} WHERE a.id = ?`).get(id) as ArticleRow | undefined;
  return row ? toStatuteArticle(row) : null;
}

/** "中华人民共和国民法典 第一千一百六十五条" — how a citation of the article reads. */
export function citationText(article: Pick<StatuteArticle, 'lawTitle' | 'label' | 'kind'>): string {
  return `${bookTitle(article.lawTitle)}${citedLabel(article)}`;
}

/**
 * The marker a 项 is written with ("（一）", "1．"): stored items keep only their
 * number, so it is read back from the article's line that ends with the item's
 * text; an item split off a line with several gets the usual （一）.
 */
export function itemMarker(article: Pick<StatuteArticle, 'text'>, item: ParsedItem): string {
  const first = item.text.split('\n')[0] ?? '';
  for (const line of article.text.split('\n')) {
    if (first === '' || !line.endsWith(first) || line.length === first.length) continue;
    const marker = line.slice(0, line.length - first.length).trim();
    if (matchMarker(`${marker}${first}`)?.number === item.number) return marker;
  }
  return item.number > 0 && item.number < 100000 ? `（${intToChinese(item.number)}）` : '';
}

/**
 * Where the 款 and 项 a citation names stand in the article's text, as [start, end) spans in the
 * order of the text: each 项 named, and each 款 named without 项 from its text to the end of its
 * last 项. Empty when the citation names neither or the text does not hold them as parsed.
 */
export function citedSpans(article: Pick<StatuteArticle, 'text' | 'paragraphs'>, parts: ReadonlyArray<{ paragraph: number | null; items: number[] }>): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let at = 0;
  for (const [i, p] of article.paragraphs.entries()) {
    const start = article.text.indexOf(p.text, at);
    if (start < 0) return [];
    at = start + p.text.length;
    const cited = parts.filter((part) => part.paragraph === i + 1);
    const whole = cited.some((part) => part.items.length === 0);
    const items = new Set(cited.flatMap((part) => part.items));
    for (const it of p.items) {
      const from = article.text.indexOf(it.text, at);
      if (from < 0) return [];
      at = from + it.text.length;
      if (!whole && items.has(it.number)) spans.push([from, at]);
    }
    if (whole) spans.push([start, at]);
  }
  return spans;
}

/** [start, end) spans in the order of the text, those that overlap or touch joined into one. */
export function joinSpans(spans: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    const last = out.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}
