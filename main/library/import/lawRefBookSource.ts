import fs from 'node:fs';
import path from 'node:path';
import { parseLawMarkdown, PARSER_VERSION } from '../lawRefBook/parseMarkdown.js';
import {
  dateFromFileName,
  normaliseLevel,
  readLawRefBookMetadata,
  shortNameFromFileName,
  type LawRefBookMeta,
  type MetadataIndex,
} from '../lawRefBook/metadata.js';
import type { HistoryEntry, ParsedArticle, ParsedDocument } from '../types.js';
import { sha1 } from './hashing.js';
import type { ImportSource, SourceDocument, SourceItem } from './sourceDocument.js';

export const LAWREFBOOK_SOURCE = 'lawrefbook';
const PACKS_DIR = 'DLC';
const IGNORED_FILES = new Set(['_index.md', '法律法规模版.md', 'README.md']);

export interface LawRefBookOptions {
  /** Province packs to include: names such as "北京", or "all". */
  packs?: string[] | 'all';
  /** Include the national part (default true). */
  national?: boolean;
}

interface FileTask {
  rel: string;
  abs: string;
  province: string;
  meta: MetadataIndex;
  /** Prefix of `rel` that the pack's db.sqlite3 paths are relative to. */
  metaPrefix: string;
}

/** Is this folder a LawRefBook collection (or one province pack of it)? */
export function isLawRefBookRoot(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'db.sqlite3')) || fs.existsSync(path.join(dir, PACKS_DIR));
}

/** Province packs present in a collection: "DLC/北京地方法规" → "北京". */
export function listPacks(root: string): string[] {
  const dir = path.join(root, PACKS_DIR);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => provinceOfPack(e.name))
    .sort();
}

function provinceOfPack(folder: string): string {
  return folder.replace(/地方法规$/, '');
}

export function lawRefBookSource(root: string, opts: LawRefBookOptions = {}): ImportSource {
  const tasks: FileTask[] = [];
  const notes: string[] = [];
  const skippedCases: string[] = [];
  if (opts.national ?? true) {
    const meta = readLawRefBookMetadata(root);
    if (meta.problem) notes.push(meta.problem);
    for (const rel of listMarkdown(root, '', [PACKS_DIR])) {
      if (rel.split('/')[0] === '案例') skippedCases.push(rel);
      else tasks.push({ rel, abs: path.join(root, rel), province: '', meta, metaPrefix: '' });
    }
  }
  for (const pack of selectPacks(root, opts.packs, notes)) {
    const packRel = `${PACKS_DIR}/${pack}地方法规`;
    const meta = readLawRefBookMetadata(path.join(root, packRel));
    if (meta.problem) notes.push(meta.problem);
    for (const rel of listMarkdown(root, packRel, [])) {
      tasks.push({ rel, abs: path.join(root, rel), province: pack, meta, metaPrefix: `${packRel}/` });
    }
  }
  if (skippedCases.length) {
    notes.push(`${skippedCases.length} case files (案例) skipped: they are court cases, not statutes`);
  }
  return {
    label: root,
    total: tasks.length,
    notes,
    items: () => readTasks(tasks),
  };
}

function selectPacks(root: string, wanted: string[] | 'all' | undefined, notes: string[]): string[] {
  if (!wanted || (Array.isArray(wanted) && wanted.length === 0)) return [];
  const available = listPacks(root);
  if (wanted === 'all') return available;
  const chosen: string[] = [];
  for (const name of wanted) {
    const province = provinceOfPack(name.trim());
    if (available.includes(province)) chosen.push(province);
    else notes.push(`province pack "${name}" not found; available: ${available.join('、') || 'none'}`);
  }
  return chosen;
}

/** Markdown files under root/sub, as "/"-separated paths relative to root, sorted. */
function listMarkdown(root: string, sub: string, excludeTop: string[]): string[] {
  const out: string[] = [];
  const walk = (relDir: string): void => {
    const entries = fs.readdirSync(path.join(root, relDir), { withFileTypes: true });
    for (const e of entries) {
      const rel = relDir ? `${relDir}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!relDir && excludeTop.includes(e.name)) continue;
        if (!e.name.startsWith('.')) walk(rel);
      } else if (e.name.endsWith('.md') && !IGNORED_FILES.has(e.name)) {
        out.push(rel);
      }
    }
  };
  walk(sub);
  return out.sort();
}

async function* readTasks(tasks: FileTask[]): AsyncIterable<SourceItem> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (const task of tasks) {
    let bytes: Buffer;
    try {
      bytes = await fs.promises.readFile(task.abs);
    } catch (err) {
      yield skipped(task.rel, `cannot read the file (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
      continue;
    }
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      yield skipped(task.rel, 'not valid UTF-8 text; re-save the file as UTF-8');
      continue;
    }
    yield buildDocument(task, text, bytes);
  }
}

function skipped(rel: string, reason: string): SourceItem {
  return { kind: 'skipped', skipped: { path: rel, reason } };
}

function buildDocument(task: FileTask, text: string, bytes: Buffer): SourceItem {
  const parsed = parseLawMarkdown(text);
  if (!parsed.title) return skipped(task.rel, 'malformed Markdown: no "# title" line');
  const articles = withUnnumberedText(parsed);
  if (articles.length === 0) return skipped(task.rel, 'no text found after the header');
  const meta = task.meta.byPath.get(task.rel.slice(task.metaPrefix.length)) ?? null;
  const fileName = task.rel.split('/').pop() ?? task.rel;
  const publishDate = meta?.publish ?? dateFromFileName(fileName) ?? versionDateFromHistory(parsed.history);
  const doc: Omit<SourceDocument, 'contentHash'> = {
    source: LAWREFBOOK_SOURCE,
    path: task.rel,
    title: parsed.title,
    shortName: shortName(parsed.title, meta, fileName),
    subtitle: parsed.subtitle ?? meta?.subtitle ?? null,
    level: normaliseLevel(meta?.level, task.province ? '地方性法规' : task.rel),
    category: meta?.category ?? task.rel.split('/')[0] ?? '',
    province: task.province,
    publishDate,
    effectiveDate: effectiveDate(meta?.validFrom ?? effectiveFromHistory(parsed.history), publishDate),
    expiredFlag: meta?.expired ?? false,
    history: parsed.history,
    preamble: parsed.preamble,
    articles,
    warnings: parsed.warnings.map((w) => `${task.rel}: ${w}`),
  };
  const contentHash = sha1(bytes, JSON.stringify(meta), task.province, PARSER_VERSION);
  return { kind: 'document', doc: { ...doc, contentHash } };
}

function shortName(title: string, meta: LawRefBookMeta | null, fileName: string): string {
  const fromTitle = title.replace(/^中华人民共和国/, '');
  if (meta?.name) {
    // 民法典 parts are named "民法典 合同编": the law's short name is the part before the space.
    const name = meta.subtitle ? (meta.name.split(/\s+/)[0] ?? meta.name) : meta.name;
    return name.length <= fromTitle.length ? name : fromTitle;
  }
  const fromFile = shortNameFromFileName(fileName);
  return fromFile.length <= fromTitle.length && fromTitle.includes(fromFile) ? fromFile : fromTitle;
}

/** The version date from history lines: the latest adoption or amendment (not a 施行 line). */
function versionDateFromHistory(history: HistoryEntry[]): string | null {
  const adopted = history.filter((h) => !h.event.includes('施行'));
  const pick = adopted.length ? adopted : history;
  return pick[pick.length - 1]?.date ?? null;
}

/** A version cannot take effect before it was published (宪法 2018 carries only the 1982 施行 line). */
function effectiveDate(candidate: string | null, publishDate: string | null): string | null {
  if (!candidate) return publishDate;
  return publishDate && candidate < publishDate ? publishDate : candidate;
}

function effectiveFromHistory(history: HistoryEntry[]): string | null {
  const entries = history.filter((h) => h.event.includes('施行'));
  return entries.length ? (entries[entries.length - 1]?.date ?? null) : null;
}

/** The label of a document's 序言 (text before its first article), stored as a unit of its own. */
export const PREAMBLE_LABEL = '序言';

/**
 * Articles plus the text no article holds: a document without any numbering
 * (some 批复/通知) becomes one item labelled 全文, an appendix (附件, 附表)
 * one item labelled 附件, and the text before the first article a 序言 in
 * front of the articles, so nothing is dropped and all of it can be searched
 * and cited (宪法序言). documents.preamble keeps that text too.
 */
function withUnnumberedText(parsed: ParsedDocument): ParsedArticle[] {
  const extra = (label: string, text: string, kind: ParsedArticle['kind'] = 'item'): ParsedArticle => ({
    kind, label, number: 0, subNumber: 0, path: [],
    paragraphs: text.split(/\n+/).map((t) => ({ text: t.trim(), items: [] })).filter((p) => p.text),
    text: text.trim(),
  });
  const out = [...parsed.articles];
  const preamble = parsed.preamble.trim();
  if (preamble && out.length === 0) out.push(extra('全文', preamble));
  else if (preamble) out.unshift(extra(PREAMBLE_LABEL, preamble, 'preamble'));
  if (parsed.appendix?.trim()) out.push(extra('附件', parsed.appendix));
  return out;
}
