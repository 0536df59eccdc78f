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
import { CLOSING_ARTICLES, dateOfEffect, effectiveFromHistory } from '../lawRefBook/dateOfEffect.js';
import type { HistoryEntry, ParsedArticle, ParsedDocument } from '../types.js';
import { sha1 } from './hashing.js';
import type { ImportSource, SourceDocument, SourceItem, SourceScope } from './sourceDocument.js';

export const LAWREFBOOK_SOURCE = 'lawrefbook';
const PACKS_DIR = 'DLC';
/** Inside a pack (and in older layouts at the top): 地方性法规/<省>/… */
const LOCAL_FOLDER = '地方性法规';
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

interface PackFolder {
  /** Absolute path of the pack folder (…/重庆地方法规). */
  folder: string;
  province: string;
  /** The import is the whole pack, not one of its subfolders. */
  whole: boolean;
}

/**
 * A collection root, a province pack folder imported on its own (…/DLC/重庆地方法规),
 * or a folder inside one (…/重庆地方法规/地方性法规[/重庆]). A pack's documents keep
 * the paths they have when the collection root is imported with --packs, so
 * either way of importing finds the same documents.
 */
export function lawRefBookSource(root: string, opts: LawRefBookOptions = {}): ImportSource {
  const pack = packAround(root);
  return pack ? packSource(root, pack) : collectionSource(root, opts);
}

function collectionSource(root: string, opts: LawRefBookOptions): ImportSource {
  const tasks: FileTask[] = [];
  const notes: string[] = [];
  const skippedCases: string[] = [];
  const covers: SourceScope[] = [];
  if (opts.national ?? true) {
    const meta = readLawRefBookMetadata(root);
    if (meta.problem) notes.push(meta.problem);
    const rootTail = path.resolve(root).split(path.sep).slice(-2);
    for (const rel of listMarkdown(root, '', [PACKS_DIR])) {
      if (rel.split('/')[0] === '案例') skippedCases.push(rel);
      else tasks.push({ rel, abs: path.join(root, rel), province: provinceInPath([...rootTail, ...rel.split('/')]), meta, metaPrefix: '' });
    }
    // Only a collection root holds the whole national part; a folder of it (民法典, 行政法) does not.
    if (isLawRefBookRoot(root)) covers.push(...scopesOf(['', ...tasks.map((t) => t.province)]));
  }
  for (const pack of selectPacks(root, opts.packs, notes)) {
    const packRel = `${PACKS_DIR}/${pack}地方法规`;
    const meta = readLawRefBookMetadata(path.join(root, packRel));
    if (meta.problem) notes.push(meta.problem);
    for (const rel of listMarkdown(root, packRel, [])) {
      tasks.push({ rel, abs: path.join(root, rel), province: pack, meta, metaPrefix: `${packRel}/` });
    }
    covers.push(...scopesOf([pack]));
  }
  if (skippedCases.length) {
    notes.push(`${skippedCases.length} case files (案例) skipped: they are court cases, not statutes`);
  }
  return { label: root, total: tasks.length, notes, covers, items: () => readTasks(listedFirst(tasks)) };
}

/**
 * Files db.sqlite3 lists come first: where a law is filed twice (广告法 in 行政法 and
 * 经济法), the copy read second is skipped, so the listed one, with its metadata, stays.
 */
function listedFirst(tasks: FileTask[]): FileTask[] {
  const listed = (t: FileTask) => t.meta.byPath.has(t.rel.slice(t.metaPrefix.length));
  return [...tasks.filter(listed), ...tasks.filter((t) => !listed(t))];
}

function packSource(root: string, pack: PackFolder): ImportSource {
  const packRel = `${PACKS_DIR}/${path.basename(pack.folder)}`;
  const meta = readLawRefBookMetadata(pack.folder);
  const notes = meta.problem ? [meta.problem] : [];
  const sub = path.relative(pack.folder, path.resolve(root)).split(path.sep).join('/');
  const tasks = listMarkdown(pack.folder, sub, []).map((rel): FileTask => ({
    rel: `${packRel}/${rel}`, abs: path.join(pack.folder, rel), province: pack.province, meta, metaPrefix: `${packRel}/`,
  }));
  notes.push(`imported as the ${pack.province} province pack (地方性法规 tagged ${pack.province})`);
  return { label: root, total: tasks.length, notes, covers: pack.whole ? scopesOf([pack.province]) : [], items: () => readTasks(tasks) };
}

/** The pack a folder is or lies in: …/重庆地方法规, …/重庆地方法规/地方性法规 or …/重庆地方法规/地方性法规/重庆. */
function packAround(dir: string): PackFolder | null {
  const abs = path.resolve(dir);
  const candidates = [abs, path.dirname(abs), path.dirname(path.dirname(abs))];
  for (const [depth, folder] of candidates.entries()) {
    if (!/.地方法规$/.test(path.basename(folder))) continue;
    const inside = path.relative(folder, abs).split(path.sep).filter(Boolean);
    if (depth === 0 || inside[0] === LOCAL_FOLDER) return { folder, province: provinceOfPack(path.basename(folder)), whole: depth === 0 };
  }
  return null;
}

/** The province of a file whose path runs through 地方性法规/<省>/ (a pack's layout, or an older collection's), else ''. */
function provinceInPath(segments: string[]): string {
  const at = segments.lastIndexOf(LOCAL_FOLDER);
  return at >= 0 && at < segments.length - 2 ? (segments[at + 1] ?? '') : '';
}

function scopesOf(provinces: string[]): SourceScope[] {
  return [...new Set(provinces)].map((province) => ({ source: LAWREFBOOK_SOURCE, province }));
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
    effectiveDate: dateOfEffect({
      stated: meta?.validFrom ?? effectiveFromHistory(parsed.history), history: parsed.history, closing: closingText(parsed), publishDate,
    }),
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

/** The last articles' texts (or the text of an unnumbered document), where the 施行 clause stands. */
function closingText(parsed: ParsedDocument): string[] {
  return parsed.articles.length ? parsed.articles.slice(-CLOSING_ARTICLES).map((a) => a.text) : [parsed.preamble];
}

/** The label of a document's 序言 (text before its first article), stored as a unit of its own. */
const PREAMBLE_LABEL = '序言';

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
