import type { Engine } from '../../engine/index.js';
import { articleHead, lawTextSize, readingBlocks, readLaw, sectionsUnder, type LawText, type LawTextSection } from '../../library/lawText.js';
import { repealedLawNamed } from '../../library/citation/repealedLaws.js';
import { bookTitle, readingLine, renderLawText } from '../../report/lawText.js';
import { datedArticleNote, sourceNoteLine, titleNote } from '../../../preload/contract/lawReading.js';
import { writableOutput, writeAtomically } from '../../util/atomicWrite.js';
import { LexError } from '../../util/errors.js';
import { dateOption, parseCommand } from '../args.js';
import { lawNamed } from '../lawNamed.js';
import type { Output } from '../output.js';

const USAGE = 'lexdesk read "LAW" [--version DATE | --as-of DATE] [--chapter 第四章] [--toc] [--out FILE.md|FILE.docx]   e.g. lexdesk read 劳动合同法 --chapter 第四章';

/** `lexdesk read`: one version of a law whole (全文), or the chapters asked for, or its table of contents; to the terminal or a file. */
export async function readCommand(args: string[], open: (db?: string) => Engine, out: Output): Promise<number> {
  const { values, positionals } = parseCommand(
    args,
    { version: { type: 'string' }, 'as-of': { type: 'string' }, chapter: { type: 'string' }, toc: { type: 'boolean' }, out: { type: 'string' } },
    USAGE,
  );
  const name = positionals.join(' ').trim();
  if (!name) throw new LexError('usage', `Name a law.\nUsage: ${USAGE}`);
  const version = dateOption(values.version, 'version');
  const asOf = dateOption(values['as-of'], 'as-of');
  if (version && asOf) throw new LexError('usage', `Give --version or --as-of, not both.\nUsage: ${USAGE}`);
  const outFile = values.out === undefined ? null : writableOutput(String(values.out));
  if (outFile && !/\.(md|docx)$/i.test(outFile)) throw new LexError('usage', `--out must name a .md or .docx file (got ${outFile})`);
  const engine = open(values.db as string | undefined);
  try {
    const whole = readLaw(engine.db, engine.searchDeps().resolver, lawOf(engine, name), { version, asOf });
    const chapter = (values.chapter as string | undefined)?.trim();
    if (chapter === '') throw new LexError('usage', `--chapter needs the words of a heading (第四章, 劳务派遣).\nUsage: ${USAGE}`);
    const sections = chapter ? sectionsUnder(whole, chapter) : whole.sections;
    if (chapter && !sections.length) {
      const headings = readingBlocks(whole.sections).flatMap((b) => (b.kind === 'heading' ? [b.text] : []));
      throw new LexError('no-such-chapter', `${bookTitle(whole.lawTitle)} has no heading holding "${chapter}"${headings.length ? `; its headings: ${headings.slice(0, 40).join('、')}${headings.length > 40 ? '…' : ''}` : ' (it has no chapters)'}`);
    }
    if (outFile) writeAtomically(outFile, await renderLawText({ text: whole, sections, heading: chapter }, /\.docx$/i.test(outFile) ? 'docx' : 'md'));
    const size = lawTextSize(sections);
    if (out.json) {
      out.printJson({ ...whole, sections, ...size, ...(outFile ? { out: outFile } : {}) });
      return 0;
    }
    out.print(bookTitle(whole.lawTitle));
    out.print(readingLine(whole));
    const note = titleNote(whole.history);
    if (note) out.print(note);
    if (whole.dateNote) out.print(`Note: ${whole.dateNote.en}`);
    const others = whole.versions.filter((v) => v.publishDate !== (whole.publishDate ?? ''));
    if (others.length) out.print(`Other versions in the library (--version): ${others.map((v) => v.publishDate || 'undated').join(', ')}`);
    const spread = chapter ? partsOf(sections) : [];
    if (spread.length > 1) out.print(`Note: "${chapter}" stands in ${spread.length} parts (${spread.join('、')}); add the part's words to read one, e.g. --chapter "${spread[0]} ${chapter}"`);
    out.print('');
    if (values.toc) printToc(out, sections);
    else if (!outFile) printText(out, whole, sections, Boolean(chapter));
    out.print(`${size.articles} articles, ${size.chars} characters${chapter ? ` under "${chapter}"` : ''}${outFile ? `; written to ${outFile}` : ''}`);
    return 0;
  } finally {
    engine.close();
  }
}

/** The law named; a repealed one is said with what repealed it (合同法 → 民法典). */
function lawOf(engine: Engine, name: string): number {
  try {
    return lawNamed(engine, name);
  } catch (err) {
    const repeal = engine.searchDeps().resolver.repealOf(name.replace(/[《》]/g, ''));
    if (repeal && err instanceof LexError && err.code === 'unknown-law') throw new LexError('repealed-law', repealedLawNamed(name, repeal).message);
    throw err;
  }
}

/** The 编 (or, without them, the top headings) the sections read stand under, when a chapter's words match in several. */
function partsOf(sections: readonly LawTextSection[]): string[] {
  return [...new Set(sections.map((s) => s.part ?? (s.path.length > 1 ? s.path[0]! : '')))].filter(Boolean);
}

/** Each heading with the articles under it: 第四章 劳动合同的解除和终止　第三十六条–第五十条 (36 articles). */
function printToc(out: Output, sections: readonly LawTextSection[]): void {
  const blocks = readingBlocks(sections);
  blocks.forEach((b, i) => {
    if (b.kind !== 'heading') return;
    const under: string[] = [];
    for (const next of blocks.slice(i + 1)) {
      if (next.kind === 'heading' && next.depth <= b.depth) break;
      if (next.kind === 'article') under.push(next.label);
    }
    // 序言 under its own heading is said once.
    const range = under.length && !(under.length === 1 && under[0] === b.text) ? `　${under[0]}${under.length > 1 ? `–${under.at(-1)}` : ''}（${under.length}）` : '';
    out.print(`${'  '.repeat(b.depth)}${b.text}${range}`);
  });
  if (!blocks.some((b) => b.kind === 'heading')) out.print('(no chapters: the articles follow one another)');
  out.print('');
}

function printText(out: Output, whole: LawText, sections: readonly LawTextSection[], excerpt: boolean): void {
  const dated = new Map((whole.datedArticles ?? []).map((d) => [d.id, d]));
  if (whole.lead && !excerpt) out.print(`${whole.lead}\n`);
  readingBlocks(sections).forEach((b, i) => {
    if (b.kind === 'heading') out.print(`${i > 0 ? '\n' : ''}${'  '.repeat(b.depth)}${b.text}\n`);
    else {
      b.paragraphs.forEach((p, j) => out.print(j === 0 ? `${articleHead(b.articleKind, b.label)}${p}` : `　　${p}`));
      for (const n of b.notes) out.print(`　　${sourceNoteLine(n)}`);
      const d = dated.get(b.id);
      if (d && whole.asOf) out.print(`　　[${datedArticleNote(d, whole.asOf).en}]`);
    }
  });
  out.print('');
}
