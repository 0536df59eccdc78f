import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { chineseToInt, parseArticleLabel } from '../../../preload/contract/numerals.js';
import { normaliseLevel } from '../lawRefBook/metadata.js';
import type { ParsedArticle } from '../types.js';
import { sha1 } from './hashing.js';
import type { ImportSource, SkippedFile, SourceDocument, SourceItem } from './sourceDocument.js';

/**
 * Generic JSONL collections: one article per line (documented in README,
 * "Importing other collections"). Lines of one law and version form one document.
 */
export interface JsonlArticleRecord {
  law: string;
  article?: string;
  article_no?: number;
  text: string;
  short_name?: string;
  level?: string;
  category?: string;
  province?: string;
  publish?: string;
  effective?: string;
  expired?: boolean;
  path?: string[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function jsonlSource(file: string): ImportSource {
  return {
    label: file,
    total: null,
    notes: [],
    items: () => readJsonl(file),
  };
}

async function* readJsonl(file: string): AsyncIterable<SourceItem> {
  const base = path.basename(file);
  const groups = new Map<string, { first: JsonlArticleRecord; articles: ParsedArticle[]; lines: string[] }>();
  const skipped: SkippedFile[] = [];
  const input = fs.createReadStream(file, { encoding: 'utf8' });
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  let lineNo = 0;
  for await (const line of lines) {
    lineNo += 1;
    if (!line.trim()) continue;
    const parsed = parseRecord(line);
    if (typeof parsed === 'string') {
      skipped.push({ path: `${base}:${lineNo}`, reason: parsed });
      continue;
    }
    const key = `${parsed.record.law}\u0000${parsed.record.publish ?? ''}\u0000${parsed.record.province ?? ''}`;
    const group = groups.get(key) ?? { first: parsed.record, articles: [], lines: [] };
    group.articles.push(parsed.article);
    group.lines.push(line);
    groups.set(key, group);
  }
  for (const s of skipped) yield { kind: 'skipped', skipped: s };
  for (const group of groups.values()) yield { kind: 'document', doc: toDocument(base, group) };
}

function parseRecord(line: string): { record: JsonlArticleRecord; article: ParsedArticle } | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'not valid JSON';
  }
  if (!value || typeof value !== 'object') return 'not a JSON object';
  const r = value as Partial<JsonlArticleRecord>;
  if (typeof r.law !== 'string' || !r.law.trim()) return 'missing "law" (the law title)';
  if (typeof r.text !== 'string' || !r.text.trim()) return 'missing "text" (the article text)';
  for (const field of ['publish', 'effective'] as const) {
    const v = r[field];
    if (v !== undefined && (typeof v !== 'string' || !DATE.test(v))) return `"${field}" must be a date YYYY-MM-DD`;
  }
  const numbering = articleNumbering(r);
  if (typeof numbering === 'string') return numbering;
  const paragraphs = r.text.split(/\n+/).map((t) => ({ text: t.trim(), items: [] }));
  return {
    record: r as JsonlArticleRecord,
    article: {
      kind: 'article',
      label: numbering.label,
      number: numbering.number,
      subNumber: numbering.subNumber,
      path: Array.isArray(r.path) ? r.path.map(String) : [],
      paragraphs,
      text: paragraphs.map((p) => p.text).join('\n'),
    },
  };
}

function articleNumbering(r: Partial<JsonlArticleRecord>): { label: string; number: number; subNumber: number } | string {
  if (typeof r.article === 'string' && r.article.trim()) {
    const label = r.article.trim();
    const parsed = parseArticleLabel(label) ?? bareNumber(label);
    if (!parsed) return `"article" must look like 第三十八条 or 第38条 (got "${label}")`;
    return { label, ...parsed };
  }
  if (typeof r.article_no === 'number' && Number.isInteger(r.article_no) && r.article_no > 0) {
    return { label: `第${r.article_no}条`, number: r.article_no, subNumber: 0 };
  }
  return 'missing "article" (第X条) or "article_no" (a positive integer)';
}

function bareNumber(label: string): { number: number; subNumber: number } | null {
  const n = chineseToInt(label);
  return n && n > 0 ? { number: n, subNumber: 0 } : null;
}

function toDocument(base: string, group: { first: JsonlArticleRecord; articles: ParsedArticle[]; lines: string[] }): SourceDocument {
  const r = group.first;
  const title = r.law.trim();
  return {
    source: 'jsonl',
    path: `${base}/${title}@${r.publish ?? ''}${r.province ? `#${r.province}` : ''}`,
    title,
    shortName: r.short_name?.trim() || title.replace(/^中华人民共和国/, ''),
    subtitle: null,
    level: normaliseLevel(r.level, r.province ? '地方性法规' : '法律'),
    category: r.category ?? '',
    province: r.province ?? '',
    publishDate: r.publish ?? null,
    // Unknown unless given: many laws take effect months after publication.
    effectiveDate: r.effective ?? null,
    expiredFlag: r.expired === true,
    history: [],
    preamble: '',
    articles: group.articles,
    contentHash: sha1(group.lines.join('\n')),
    warnings: [],
  };
}
