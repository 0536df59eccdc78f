/**
 * A statute compilation (法条汇编, `lexdesk show … --out`, 下载 in the app's lookup list): the articles a list of
 * citations names, each in full with its source, version and status, the 款 and 项 cited in bold, and what
 * a lawyer must check before relying on it (a version not in force, a 款 the article lacks, an older numbering).
 */
import { AlignmentType, Document, Footer, HeadingLevel, Packer, PageNumber, Paragraph, TextRun } from 'docx';
import type { Engine } from '../engine/index.js';
import { citationText, citedSpans, joinSpans, type StatuteArticle } from '../library/articles.js';
import type { DraftCheck } from '../consult/draftCheck.js';
import { partSpans, savedCitation, type SavedArticle } from '../library/saved/index.js';
import type { VersionChoice } from '../library/citation/resolver.js';
import type { QuoteSource } from '../library/citation/quoteSource.js';
import { beforeRepeal, CHANGED_IN_SUBSTANCE } from '../library/citation/repealedSuccessor.js';
import { withDocumentSafeText } from './index.js';
import { versionLine } from './labels.js';
import { MATCH_WORDS } from '../library/status.js';
import { gapSentence } from '../library/versions/versionGap.js';
import { mdText } from './markdown.js';
import { CREDIT, statuteLines, type StatuteLine } from './model.js';
import { tidyHeading } from '../library/headings.js';
import { partTitle } from '../library/lawText.js';
import type { Db } from '../db/open.js';
import { localStamp } from '../../preload/contract/localTime.js';
import { bookTitle } from '../../preload/contract/citationLine.js';
import { sourceNoteLine } from '../../preload/contract/lawReading.js';

export interface CompiledArticle {
  /** 《中华人民共和国劳动合同法》第三十八条 */
  citation: string;
  /** The law and its headings: 中华人民共和国劳动合同法 › 第四章 劳动合同的解除和终止 */
  path: string;
  publishDate: string | null;
  effectiveDate: string | null;
  status: string;
  lines: StatuteLine[];
  /** Some 款 or 项 were cited, and are bold. */
  citedParts: boolean;
  /** What to check before relying on it, in Chinese. */
  notes: string[];
  /** The user's own note on it (a saved article's). */
  remark?: string;
  /** The collection's footnotes printed under the article (刑法 第四百五十二条's ①), no part of its text; absent when none. */
  sourceNotes?: string[];
}

export interface Compilation {
  title: string;
  /** The citations as typed. */
  request: string;
  asOf: string | null;
  generatedAt: string;
  articles: CompiledArticle[];
  /** Citations that did not resolve, with why (Chinese). */
  notFound: string[];
  /** Citations of no law — a clause of a contract or of a judgment (《借款合同》第八条) — listed apart, not checked. */
  notStatutes?: string[];
  /** Each article is in the version it was saved in (a folder of saved articles), not the one in force or as of a date. */
  asSaved?: boolean;
  credit: string;
}

/** The articles `request` cites, in its order (a range gives each article inside it), for a compilation. */
export function buildCompilation(engine: Engine, request: string, choice: VersionChoice = {}, generatedAt = new Date().toISOString()): Compilation {
  const results = engine.lookupAll(request, choice);
  const articles: CompiledArticle[] = [];
  const notFound: string[] = [];
  const seen = new Set<number>();
  for (const r of results) {
    if (!r.ok && r.code === 'unknown-law' && r.successor) {
      // 合同法第107条: the law is gone; the 民法典 article holding its rule goes in, saying so.
      const s = r.successor;
      for (const a of s.articles.filter((x) => !seen.has(x.id))) {
        seen.add(a.id);
        const when = beforeRepeal(r.repeal!, choice.asOf)
          ? `在 ${choice.asOf} 仍然有效，法规库中没有其条文；此为民法典中规则相应的条文（${r.repeal!.effectiveDate} 起施行），当时的条文可能与此不同`
          : '已随该法废止，其规定现见于此条';
        articles.push(compiled(engine.db, a, [], [`所引${bookTitle(s.lawTitle)}${s.articleLabel}（${s.topic}）${when}${s.changed ? CHANGED_IN_SUBSTANCE.zh : ''}。`]));
      }
      continue;
    }
    if (!r.ok) {
      if (r.code !== 'no-article-number') notFound.push(r.candidates.length ? `${r.messageZh}（候选：${r.candidates.slice(0, 5).join('、')}）` : r.messageZh);
      continue;
    }
    const a = r.article;
    if (seen.has(a.id)) continue;
    seen.add(a.id);
    const spans = citedSpans(a, r.parts);
    // 刑法 as of 2019: the library's first text of it, of 2020, stands in for the text of the time.
    const notes: string[] = r.gap && choice.asOf ? datedNotes(r.gap, choice.asOf) : r.gap ? [gapSentence(r.gap).zh] : [];
    if (r.amended) notes.push(gapSentence(r.amended).zh);
    if (r.stale) notes.push(`${r.stale.zh}。`);
    if (a.status !== 'current') notes.push(`该版本不是现行有效版本（${versionLine(a)}），引用前请核对现行文本。`);
    if (r.warningZh) notes.push(r.warningZh);
    if (r.earlier) {
      const now = engine.searchDeps().resolver.provisionNow(r.earlier, a);
      notes.push(`${r.earlier.publishDate} 版的${r.earlier.label}内容不同（${r.earlier.excerpt}），旧文书引用的${r.earlier.label}可能指那一条${now ? `，其规定在本版为${now.label}` : ''}。`);
    }
    articles.push(compiled(engine.db, a, spans, notes));
  }
  const asOf = choice.asOf ?? choice.version ?? null;
  return { title: '法条汇编', request, asOf, generatedAt, articles, notFound, credit: CREDIT };
}

/**
 * The articles a checked text cites (draftCheck.ts), in the order first cited, each once with every 款 and 项 cited
 * of it bold and what its check found; the citations that named no article listed first with why. A brief's
 * 法条汇编, as litigators attach one.
 */
export function compilationOfCheck(engine: Engine, check: DraftCheck, source: string, generatedAt = new Date().toISOString()): Compilation {
  const found = new Map<number, { spans: Array<[number, number]>; notes: string[] }>();
  const notFound: string[] = [];
  const notStatutes: string[] = [];
  for (const c of check.citations) {
    const note = c.noteZh ?? c.note;
    if (c.finding === 'not_statute') notStatutes.push(`${c.marker}：${note ?? ''}`);
    else if (c.articleId === null) notFound.push(`${c.marker}：${note ?? '无法核验'}`);
    else {
      const entry = found.get(c.articleId) ?? { spans: [], notes: [] };
      entry.spans = joinSpans([...entry.spans, ...c.citedSpans]);
      if (c.finding !== 'ok' && note) entry.notes.push(`文中“${c.marker}”：${note}${c.finding === 'quote_mismatch' && c.quote ? `（文中引文「${c.quote}」）` : ''}`);
      found.set(c.articleId, entry);
    }
    // The article holding the words the text quotes, in the version checked, is what the text relies on: it goes in too.
    const meant = c.quoteSource ? meantArticle(c.quoteSource) : null;
    if (meant !== null && meant !== c.articleId) {
      const held = found.get(meant) ?? { spans: [], notes: [] };
      held.notes.push(`文中“${c.marker}”所引的文字（「${c.quote}」）${heldHere(c.quoteSource!)}。`);
      found.set(meant, held);
    }
    // 《公司法》第三十三条 in a brief of older numbering: the article holding 2018's 第三十三条 now goes in too, unless a quotation named one.
    if (meant === null && c.earlierMeaning && c.earlierMeaning.articleId !== c.articleId) {
      const held = found.get(c.earlierMeaning.articleId) ?? { spans: [], notes: [] };
      held.notes.push(`文中“${c.marker}”若按修订前的条文序号，指的是此条（现为${c.earlierMeaning.label}）。`);
      found.set(c.earlierMeaning.articleId, held);
    }
    // 《合同法》第一百零七条: the 民法典 article that holds its rule now, unless a quotation already named one.
    // Not for a date the repealed law still governed (合同法 in 2019): 民法典 was no law then.
    for (const now of meant === null && c.successor && !c.inForceThen ? c.successor.articles : []) {
      const held = found.get(now.articleId) ?? { spans: [], notes: [] };
      held.notes.push(c.successor!.replacedDocument
        ? `文中“${c.marker}”所引的文件已废止，其条文现见于此条（${c.successor!.topic}）。`
        : `文中“${c.marker}”（${c.successor!.topic}）所引的法律已废止，其规定现见于此条${c.successor!.changed ? CHANGED_IN_SUBSTANCE.zh : ''}。`);
      found.set(now.articleId, held);
    }
  }
  const byId = new Map(engine.articles([...found.keys()]).map((a) => [a.id, a]));
  const articles = [...found].flatMap(([id, { spans, notes }]) => {
    const a = byId.get(id);
    return a ? [compiled(engine.db, a, spans, notes)] : [];
  });
  return { title: '法条汇编', request: `${source}中引用的法条`, asOf: check.asOf, generatedAt, articles, notFound, ...(notStatutes.length ? { notStatutes } : {}), credit: CREDIT };
}

/** The article of the version checked (or applied) that holds a quotation's words: the one found, or where its version's provision went; null when none does. */
function meantArticle(source: QuoteSource): number | null {
  return source.applied ? source.articleId : source.now?.articleId ?? null;
}

/** Where the words a checked text quoted stand, said under the article of the version checked that holds them. */
function heldHere(source: QuoteSource): string {
  if (!source.now) return source.verbatim ? '见于此条' : '与此条接近';
  const change = source.now.match === 'identical' ? '' : `（${MATCH_WORDS[source.now.match].zh}）`;
  return `出自 ${source.publishDate ?? '日期不详'} 版${source.label}，其规定在本版为此条${change}`;
}

/**
 * A folder of saved articles (收藏) as a compilation: each article in the version saved, with the user's note and,
 * where the library has moved on (a revision, a repeal, a version gone), what changed and where the provision is now.
 */
export function compilationOfSaved(engine: Engine, saved: readonly SavedArticle[], folder: string | null, generatedAt = new Date().toISOString()): Compilation {
  const byId = new Map(engine.articles(saved.flatMap((s) => (s.articleId === null ? [] : [s.articleId]))).map((a) => [a.id, a]));
  const articles = saved.map((s): CompiledArticle => {
    const a = s.articleId === null ? undefined : byId.get(s.articleId);
    // 刑法 第三百九十条 of the 2020-12-26 text reads as 刑法修正案（十二） made it in 2024: said, as show --out says it.
    const amended = a ? engine.searchDeps().resolver.trails.amendedText(a) : null;
    const notes = [...(s.state === 'in_force' ? [] : [s.messageZh]), ...(amended && !s.dated?.differs ? [gapSentence(amended).zh] : []), ...(s.dated && s.asOf ? datedNotes(s.dated, s.asOf) : [])];
    // 公司法第二十条第三款 saved: headed with the 款, which is marked in the article's text.
    const spans = (text: string) => (s.partText ? partSpans(text, s.partText) : []);
    const entry = a ? { ...compiled(engine.db, a, spans(a.text), notes), citation: savedCitation(s, { version: false }) } : {
      citation: savedCitation(s, { version: false }), path: [s.lawTitle, ...s.path].join(' › '), publishDate: s.publishDate,
      effectiveDate: null, status: GONE, lines: statuteLines({ text: s.text, citedSpans: spans(s.text) }), citedParts: spans(s.text).length > 0, notes,
    };
    // All folders in one file: each article says which folder (matter) it is kept for.
    const remark = [folder === null ? `文件夹：${s.folder || '未分类'}` : '', s.asOf ? `时点：${s.asOf}` : '', s.note].filter(Boolean).join('\n');
    return remark ? { ...entry, remark } : entry;
  });
  const request = folder === null ? '全部收藏的法条' : `收藏夹「${folder || '未分类'}」`;
  return { title: '法条汇编', request, asOf: null, generatedAt, articles, notFound: [], asSaved: true, credit: CREDIT };
}

/**
 * What a date says of an article's text, as notes: why it may not be the text of that day, and — 刑法 第三百九十条 as
 * of 2022 — the text of the date, as the earlier amendment gave it, beside the amended one.
 */
function datedNotes(gap: { en: string; zh: string; then?: { text: string; source: string; effective: string } }, asOf: string): string[] {
  const then = gap.then ? [`${asOf} 施行的文本（${gap.then.source}，${gap.then.effective} 起施行）：${gap.then.text.replace(/\n/g, ' ')}`] : [];
  return [gapSentence(gap).zh, ...then];
}

/** The status of a saved article whose version the library no longer holds (the text printed is the one saved). */
const GONE = '已不在法规库中（收藏时的文本）';

function compiled(db: Db, a: StatuteArticle, spans: Array<[number, number]>, notes: string[]): CompiledArticle {
  return {
    citation: citationText(a), path: [a.lawTitle, partTitle(db, a), ...a.path.map(tidyHeading)].filter(Boolean).join(' › '), publishDate: a.publishDate, effectiveDate: a.effectiveDate, status: a.status,
    lines: statuteLines({ text: a.text, citedSpans: spans }), citedParts: spans.length > 0, notes,
    ...(a.notes?.length ? { sourceNotes: a.notes } : {}),
  };
}

const CITED_PARTS_NOTE = '加粗为所引用的款、项';
const sourceLine = (a: CompiledArticle) => `${a.path} · ${versionLine(a)}${a.citedParts ? ` · ${CITED_PARTS_NOTE}` : ''}`;
const headerLine = (c: Compilation) =>
  `引用：${c.request} · 共 ${c.articles.length} 条${c.asOf ? ` · 版本截至 ${c.asOf}` : c.asSaved ? ' · 各条为收藏时的版本' : ' · 现行版本'} · 生成时间 ${localStamp(c.generatedAt)}`;
const NOT_FOUND_HEAD = '未能找到的引用';
const NOT_STATUTE_HEAD = '非法律法规的引用（合同、裁判文书等，未核验）';
const OFFICIAL_TEXT = '本汇编由 LexDesk 自本地法规库生成，仅供检索参考；正式引用请以官方公布的文本为准。';

export function compilationMarkdown(compilation: Compilation): string {
  const c = withDocumentSafeText(compilation);
  const out = [`# ${c.title}`, '', mdText(headerLine(c)), ''];
  if (c.notFound.length) out.push(`> **${NOT_FOUND_HEAD}**`, ...c.notFound.map((m) => `> - ${mdText(m)}`), '');
  if (c.notStatutes?.length) out.push(`> **${NOT_STATUTE_HEAD}**`, ...c.notStatutes.map((m) => `> - ${mdText(m)}`), '');
  for (const a of c.articles) {
    out.push(`## ${mdText(a.citation)}`, '', `*${mdText(sourceLine(a))}*`, '');
    for (const n of a.notes) out.push(`> **注意**：${mdText(n)}`, '');
    if (a.remark) out.push(`> **备注**：${mdText(a.remark).replace(/\n/g, '  \n> ')}`, '');
    // One paragraph per line of the article, the cited 款 and 项 bold (a mark closes before each line break).
    for (const line of a.lines) out.push(line.map((p) => (p.cited && p.text.trim() ? `**${mdText(p.text)}**` : mdText(p.text))).join(''), '');
    // After the text, set apart: the collection's footnote is no statute text.
    for (const n of a.sourceNotes ?? []) out.push(`> *${mdText(sourceNoteLine(n))}*`, '');
  }
  out.push('---', '', mdText(OFFICIAL_TEXT), '', mdText(c.credit));
  return `${out.join('\n')}\n`;
}

export async function compilationDocx(compilation: Compilation): Promise<Buffer> {
  const c = withDocumentSafeText(compilation);
  const small = (text: string, color = '555555') => new Paragraph({ children: [new TextRun({ text, size: 18, color })] });
  const children: Paragraph[] = [new Paragraph({ text: c.title, heading: HeadingLevel.TITLE }), small(headerLine(c))];
  if (c.notFound.length) {
    children.push(new Paragraph({ children: [new TextRun({ text: NOT_FOUND_HEAD, bold: true, color: 'B3261E' })] }));
    for (const m of c.notFound) children.push(new Paragraph({ children: [new TextRun({ text: m, color: 'B3261E' })], bullet: { level: 0 } }));
  }
  if (c.notStatutes?.length) {
    children.push(new Paragraph({ children: [new TextRun({ text: NOT_STATUTE_HEAD, bold: true, color: '555555' })] }));
    for (const m of c.notStatutes) children.push(new Paragraph({ children: [new TextRun({ text: m, color: '555555' })], bullet: { level: 0 } }));
  }
  for (const a of c.articles) {
    children.push(new Paragraph({ text: a.citation, heading: HeadingLevel.HEADING_2 }), small(sourceLine(a)));
    for (const n of a.notes) children.push(new Paragraph({ children: [new TextRun({ text: '注意：', bold: true, color: 'A86400' }), new TextRun({ text: n, color: 'A86400' })] }));
    if (a.remark) {
      const lines = a.remark.split(/\r?\n/).map((text, i) => new TextRun({ text, color: '1F4E79', break: i ? 1 : 0 }));
      children.push(new Paragraph({ children: [new TextRun({ text: '备注：', bold: true, color: '1F4E79' }), ...lines] }));
    }
    for (const line of a.lines) children.push(new Paragraph({ children: line.map((p) => new TextRun({ text: p.text, bold: p.cited })), indent: { firstLine: 420 } }));
    for (const n of a.sourceNotes ?? []) children.push(new Paragraph({ children: [new TextRun({ text: sourceNoteLine(n), italics: true, color: '555555', size: 18 })], indent: { firstLine: 420 } }));
  }
  children.push(small(OFFICIAL_TEXT), small(c.credit));
  const doc = new Document({
    creator: 'LexDesk',
    title: c.title,
    styles: { default: { document: { run: { font: { ascii: 'Calibri', eastAsia: 'SimSun', hAnsi: 'Calibri' }, size: 21 } } } },
    sections: [{
      footers: { default: new Footer({ children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ children: ['第 ', PageNumber.CURRENT, ' 页，共 ', PageNumber.TOTAL_PAGES, ' 页'], size: 18 })] })] }) },
      children,
    }],
  });
  return Packer.toBuffer(doc);
}

/** A compilation as the bytes of a Markdown or Word file. */
export async function renderCompilation(compilation: Compilation, format: 'md' | 'docx'): Promise<Buffer> {
  return format === 'docx' ? compilationDocx(compilation) : Buffer.from(compilationMarkdown(compilation), 'utf8');
}
