/**
 * One version of a law read whole (全文): its title note (通过 and 修正 dates), its lead, then every article under its
 * 编, 章 and 节 headings in the order of its numbering — what `lexdesk read`, the app's 全文 reader and the table of
 * contents show, and what a whole-law download writes.
 */
import { cachedStatement, type Db } from '../db/open.js';
import { lawVersions } from './versions/counterparts.js';

export { articleHead, readingBlocks, type ReadingBlock } from '../../preload/contract/lawReading.js';

export interface LawTextArticle {
  id: number;
  /** 第一条, 序言, or an item's 一 */
  label: string;
  kind: string;
  text: string;
}

/** A run of articles under the same headings. `part`: the 编 (the file's subtitle) of a version in several files, as 民法典; null otherwise. */
export interface LawTextSection {
  path: string[];
  part: string | null;
  articles: LawTextArticle[];
}

export interface LawText {
  lawId: number;
  lawTitle: string;
  level: string;
  province: string;
  publishDate: string | null;
  effectiveDate: string | null;
  status: string;
  /** The title note: each 通过, 修正 or 修订 with its date, oldest first. */
  history: Array<{ date: string; event: string }>;
  /** What stands before the first article (an amendment's 「为了…，对刑法作如下修改：」), '' when nothing. */
  lead: string;
  sections: LawTextSection[];
  /** The other versions the library holds, newest first, to read instead. */
  versions: Array<{ publishDate: string; effectiveDate: string | null; status: string }>;
}

interface Row {
  id: number;
  label: string;
  kind: string;
  text: string;
  path: string;
  number: number;
  documentId: number;
  subtitle: string | null;
}

/** The version of `lawId` published `publishDate` ('' for an undated one), whole; null when the library has no such version. */
export function lawText(db: Db, lawId: number, publishDate: string): LawText | null {
  const law = cachedStatement(db, 'SELECT title, level, province FROM laws WHERE id = ?').get(lawId) as { title: string; level: string; province: string } | undefined;
  const versions = lawVersions(db, lawId);
  const version = versions.find((v) => v.publishDate === publishDate);
  if (!law || !version) return null;
  const rows = cachedStatement(
    db,
    `SELECT a.id, a.label, a.kind, a.text, a.path, a.number, d.id AS documentId, d.subtitle
       FROM articles a JOIN documents d ON d.id = a.document_id
      WHERE d.law_id = ? AND COALESCE(d.publish_date, '') = ? ORDER BY d.id, a.ordinal`,
  ).all(lawId, publishDate) as Row[];
  // A version in several files (民法典, one per 编) reads in the order of its numbering, each file's part named.
  const firstNumber = new Map<number, number>();
  for (const r of rows) firstNumber.set(r.documentId, Math.min(firstNumber.get(r.documentId) ?? Infinity, r.number || Infinity));
  const parts = firstNumber.size > 1;
  if (parts) rows.sort((a, b) => (firstNumber.get(a.documentId) as number) - (firstNumber.get(b.documentId) as number) || a.documentId - b.documentId);
  const sections: LawTextSection[] = [];
  const chapters = rows.some((r) => r.path !== '[]');
  for (const r of rows) {
    const last = sections.at(-1);
    const part = parts ? r.subtitle ?? null : null;
    const article = { id: r.id, label: r.label, kind: r.kind, text: r.text };
    // The constitution's 序言 stands under a heading of its own, as printed, before its chapters; an amendment's lead has none.
    const path = chapters && r.kind === 'preamble' && r.path === '[]' ? JSON.stringify([r.label]) : r.path;
    if (last && JSON.stringify(last.path) === path && last.part === part) last.articles.push(article);
    else sections.push({ path: JSON.parse(path) as string[], part, articles: [article] });
  }
  // Each file of a version in parts repeats the same note; the first file's (in reading order) stands for the law.
  const documents = cachedStatement(db, `SELECT id, preamble, history FROM documents WHERE law_id = ? AND COALESCE(publish_date, '') = ? ORDER BY id`)
    .all(lawId, publishDate) as Array<{ id: number; preamble: string; history: string }>;
  documents.sort((a, b) => (firstNumber.get(a.id) ?? Infinity) - (firstNumber.get(b.id) ?? Infinity) || a.id - b.id);
  // A text kept whole as one article (刑法修正案（十）'s 全文) already holds its lead.
  const opening = rows[0]?.text.replace(/\s/g, '') ?? '';
  const leads = [...new Set(documents.map((d) => d.preamble.trim()).filter((p) => p && !opening.startsWith(p.replace(/\s/g, ''))))];
  return {
    lawId,
    lawTitle: law.title,
    level: law.level,
    province: law.province,
    publishDate: publishDate || null,
    effectiveDate: version.effectiveDate,
    status: version.status,
    history: documents[0] ? historyOf(documents[0].history) : [],
    lead: leads.join('\n'),
    sections,
    versions,
  };
}

function historyOf(json: string): LawText['history'] {
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? parsed.filter((h): h is { date: string; event: string } => typeof h?.date === 'string' && typeof h?.event === 'string') : [];
  } catch {
    return [];
  }
}

/** 第四章, 劳动合同的解除, 第三编 合同: the sections whose headings (or 编) hold the words, spaces aside; all when none does. */
export function sectionsUnder(text: LawText, heading: string): LawTextSection[] {
  const want = heading.replace(/\s+/g, '');
  if (!want) return text.sections;
  return text.sections.filter((s) => [s.part ?? '', ...s.path].some((h) => h.replace(/\s+/g, '').includes(want)));
}

/** How many articles and characters a reading holds. */
export function lawTextSize(sections: readonly LawTextSection[]): { articles: number; chars: number } {
  let articles = 0;
  let chars = 0;
  for (const s of sections) {
    articles += s.articles.length;
    for (const a of s.articles) chars += a.text.length;
  }
  return { articles, chars };
}
