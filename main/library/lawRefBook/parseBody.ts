/**
 * The body of a LawRefBook document (everything after INFO END): headings,
 * articles (第X条 or top-level numbered items), their 款 and 项, and the preamble.
 */

import type { ParsedArticle } from '../types.js';
import { chooseScheme, splitRunTogetherArticles, type ArticleStart, type Scheme } from './articleStart.js';
import { mergeWrappedHeadings, promoteTitleParagraphs, type Block } from './blocks.js';
import { isFootnote } from './footnotes.js';
import { appendToLastItem, attachAsItem, continuesItemList, matchMarker, newParagraph, type ParagraphBuilder } from './parseItems.js';

/** An article under construction. */
interface ArticleBuilder {
  start: ArticleStart;
  path: string[];
  paragraphs: ParagraphBuilder[];
  lines: string[];
  /**
   * Unnumbered paragraphs right after a 项, held back until the next paragraph
   * tells whether they continue that 项 (the list goes on with the next number)
   * or are 款 of their own.
   */
  pending: string[];
  /** Footnotes the collection printed under the article (footnotes.ts): kept apart from its 款. */
  notes: string[];
}

function openArticle(start: ArticleStart, path: string[]): ArticleBuilder {
  const builder: ArticleBuilder = { start, path, paragraphs: [newParagraph(start.rest)], lines: [], pending: [], notes: [] };
  if (start.rest !== '') builder.lines.push(start.rest);
  return builder;
}

function isEmptyParagraph(builder: ParagraphBuilder): boolean {
  return builder.paragraph.text === '' && builder.paragraph.items.length === 0;
}

function lastParagraph(article: ArticleBuilder): ParagraphBuilder | undefined {
  return article.paragraphs[article.paragraphs.length - 1];
}

function startParagraph(article: ArticleBuilder, text: string): void {
  const current = lastParagraph(article);
  if (current && isEmptyParagraph(current)) article.paragraphs.pop();
  article.paragraphs.push(newParagraph(text));
}

/** The held-back paragraphs were not part of a 项 after all: each becomes a 款. */
function flushPending(article: ArticleBuilder): void {
  const pending = article.pending;
  article.pending = [];
  for (const text of pending) startParagraph(article, text);
}

/**
 * Adds a paragraph to an article: as 项 of the current 款, or as a new 款.
 * "（一）…", an unnumbered paragraph, "（二）…" (国歌法第四条, 海关法第六条) is one
 * list whose first 项 runs over two paragraphs, not a 款 that starts a new list.
 */
function addToArticle(article: ArticleBuilder, text: string): void {
  if (isFootnote(text)) {
    article.notes.push(text);
    return;
  }
  article.lines.push(text);
  const current = lastParagraph(article);
  if (matchMarker(text) === null && (article.pending.length > 0 || (current?.paragraph.items.length ?? 0) > 0)) {
    article.pending.push(text);
    return;
  }
  if (article.pending.length > 0 && current && continuesItemList(current, text)) {
    for (const held of article.pending) appendToLastItem(current, held);
    article.pending = [];
  }
  flushPending(article);
  const target = lastParagraph(article);
  if (target && attachAsItem(target, text)) return;
  startParagraph(article, text);
}

function finishArticle(article: ArticleBuilder): ParsedArticle {
  flushPending(article);
  const { kind, label, number, subNumber } = article.start;
  return {
    kind,
    label,
    number,
    subNumber,
    path: article.path,
    paragraphs: article.paragraphs.map((p) => p.paragraph),
    text: article.lines.join('\n'),
    ...(article.notes.length ? { notes: article.notes } : {}),
  };
}

/** Tracks heading levels: a heading at level L replaces levels ≥ L. */
class HeadingPath {
  private readonly levels: (string | undefined)[] = [];

  truncate(level: number): void {
    this.levels.length = Math.min(this.levels.length, level);
  }

  set(level: number, text: string): void {
    this.truncate(level);
    this.levels[level] = text;
  }

  snapshot(): string[] {
    return this.levels.filter((t): t is string => t !== undefined);
  }

  key(): string {
    return this.snapshot().join('\u0000');
  }
}

function describe(start: ArticleStart): string {
  return start.kind === 'article' ? start.label : `item ${start.label}`;
}

/** 第五十三条 then 第五十五条: an article is missing, or was folded into the one before (a typo in its label). */
function isGap(previous: ArticleStart, start: ArticleStart): boolean {
  return start.kind === 'article' && start.subNumber === 0 && start.number > previous.number + 1;
}

/**
 * Warns about duplicate, out-of-order and skipped numbers. 第X条 numbers run through the
 * whole document; item numbers restart under each heading.
 */
class OrderChecker {
  private readonly lastByScope = new Map<string, ArticleStart>();

  constructor(private readonly warnings: string[]) {}

  check(start: ArticleStart, scope: string): void {
    const previous = this.lastByScope.get(scope);
    this.lastByScope.set(scope, start);
    if (!previous) return;
    const order = start.number - previous.number || start.subNumber - previous.subNumber;
    if (order === 0) this.warnings.push(`duplicate article ${describe(start)}`);
    else if (order < 0) this.warnings.push(`article numbers out of order: ${describe(start)} after ${describe(previous)}`);
    else if (isGap(previous, start)) this.warnings.push(`article numbers skip: ${describe(start)} follows ${describe(previous)}`);
  }
}

/**
 * Text after a heading that follows an article but belongs to no article
 * (附件, 附表, 清单…). It is kept, in order, as the document's appendix.
 */
class Appendix {
  private readonly lines: string[] = [];
  private pendingHeadings: string[] = [];
  private paragraphCount = 0;
  private firstHeading: string | null = null;

  noteHeading(text: string): void {
    this.pendingHeadings.push(text);
  }

  forgetHeadings(): void {
    this.pendingHeadings = [];
  }

  add(text: string): void {
    this.firstHeading ??= this.pendingHeadings[0] ?? null;
    this.lines.push(...this.pendingHeadings, text);
    this.pendingHeadings = [];
    this.paragraphCount++;
  }

  text(): string | null {
    return this.lines.length === 0 ? null : this.lines.join('\n');
  }

  warning(): string | null {
    if (this.paragraphCount === 0) return null;
    return `${this.paragraphCount} paragraph(s) outside any article kept as appendix (from heading "${this.firstHeading ?? ''}")`;
  }
}

export interface ParsedBody {
  preamble: string;
  articles: ParsedArticle[];
  appendix: string | null;
  warnings: string[];
}

/** Walks the blocks once, grouping them into preamble, articles and appendix. */
class BodyBuilder {
  readonly warnings: string[] = [];
  private readonly preamble: string[] = [];
  private readonly articles: ParsedArticle[] = [];
  private readonly appendix = new Appendix();
  private readonly path = new HeadingPath();
  private readonly order = new OrderChecker(this.warnings);
  private current: ArticleBuilder | null = null;
  /** Number of the last 第X条 opened: an article on the same line must be the next one. */
  private lastArticleNumber = 0;

  constructor(private readonly scheme: Scheme | null) {}

  addHeading(level: number, text: string): void {
    this.closeArticle();
    const start = this.scheme?.heading?.(text) ?? null;
    if (start === null) {
      this.path.set(level, text);
      this.appendix.noteHeading(text);
      return;
    }
    this.path.truncate(level);
    this.openArticle(start);
  }

  addParagraph(text: string): void {
    if (!this.scheme?.byArticle) return this.addOneParagraph(text);
    for (const piece of splitRunTogetherArticles(text, this.lastArticleNumber)) this.addOneParagraph(piece);
  }

  private addOneParagraph(text: string): void {
    const start = this.scheme?.paragraph(text) ?? null;
    if (start) this.openArticle(start);
    else if (this.current) addToArticle(this.current, text);
    else if (this.articles.length === 0) this.preamble.push(text);
    else this.appendix.add(text);
  }

  finish(): ParsedBody {
    this.closeArticle();
    const appendixWarning = this.appendix.warning();
    if (appendixWarning !== null) this.warnings.push(appendixWarning);
    if (this.articles.length === 0) this.warnings.push('no articles found (neither 第X条 nor numbered items)');
    return {
      preamble: this.preamble.join('\n'),
      articles: this.articles,
      appendix: this.appendix.text(),
      warnings: this.warnings,
    };
  }

  private openArticle(start: ArticleStart): void {
    this.closeArticle();
    this.appendix.forgetHeadings();
    this.order.check(start, start.kind === 'article' ? '' : this.path.key());
    if (start.kind === 'article') this.lastArticleNumber = start.number;
    this.current = openArticle(start, this.path.snapshot());
  }

  private closeArticle(): void {
    if (this.current) this.articles.push(finishArticle(this.current));
    this.current = null;
  }
}

/** Groups body blocks into preamble and articles. */
export function buildArticles(rawBlocks: readonly Block[]): ParsedBody {
  const merged = mergeWrappedHeadings(rawBlocks);
  const paragraphs = merged.flatMap((b) => (b.type === 'paragraph' ? [b.text] : []));
  const headings = merged.flatMap((b) => (b.type === 'heading' ? [b.text] : []));
  const scheme = chooseScheme(paragraphs, headings);
  const blocks = scheme === null ? merged : promoteTitleParagraphs(merged, (text) => scheme.paragraph(text) !== null);
  const builder = new BodyBuilder(scheme);
  for (const block of blocks) {
    if (block.type === 'heading') builder.addHeading(block.level, block.text);
    else builder.addParagraph(block.text);
  }
  return builder.finish();
}
