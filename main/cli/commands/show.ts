import type { Engine } from '../../engine/index.js';
import { citationText, itemMarker, type StatuteArticle } from '../../library/articles.js';
import { ensureStatuteGraph } from '../../library/graph/statuteGraph.js';
import { linksInto, type CitingPassage, type IncomingLink } from '../../library/graph/citingPassage.js';
import { EFFECTIVE_UNKNOWN, STATUS_ZH } from '../../library/status.js';
import type { ResolveResult } from '../../library/citation/resolver.js';
import { CHANGED_IN_SUBSTANCE, type Successor } from '../../library/citation/repealedSuccessor.js';
import { formerArticlesOf, formerCitation, type FormerArticle } from '../../library/citation/civilCodeConcordance.js';
import { buildCompilation } from '../../report/compilation.js';
import { compilationOut, writeCompilation, writtenLine, type Written } from '../compilationOut.js';
import { LexError } from '../../util/errors.js';
import { dateOption, parseCommand } from '../args.js';
import type { Output } from '../output.js';
import { printVersions, renderDiff } from '../versionsView.js';
import { replacementNote, type Replacement } from '../../library/versions/replacedBy.js';
import { gapSentence } from '../../library/versions/versionGap.js';
import { onDates, standingZh, type OnDate } from '../../search/lawOnDate.js';
import { interpretationTimesNote, STANDING_ORDER } from '../../search/interpretationTimes.js';
import { lawOrigin } from '../../library/versions/lawOrigins.js';
import { clip } from '../../util/clip.js';
import { bookTitle } from '../../../preload/contract/citationLine.js';
import { sourceNoteLine } from '../../../preload/contract/lawReading.js';
import { MAX_RANGE_SPAN } from '../../library/citation/parseCitation.js';
import { tidyHeading } from '../../library/headings.js';
import { partTitle } from '../../library/lawText.js';
import { coverageGapNote } from '../../library/coverage.js';
import { laterRevisionsAmong } from '../../library/versions/laterRevisions.js';
import { todayOf } from '../../db/today.js';

const USAGE = 'lexdesk show "CITATION" [--as-of YYYY-MM-DD] [--version YYYY-MM-DD] [--changes] [--out FILE.md|FILE.docx]   e.g. 民法典第1165条, 刑法264, 劳动合同法 38, 宪法序言, 民法典第1165、1166条, 刑法第263条至第269条; --out writes the articles cited as a compilation (法条汇编)';
/** Linking articles listed in text output, per kind; --json lists all. */
const MAX_LISTED = 10;

export async function showCommand(args: string[], open: (db?: string) => Engine, out: Output): Promise<number> {
  const { values, positionals } = parseCommand(args, { 'as-of': { type: 'string' }, version: { type: 'string' }, changes: { type: 'boolean' }, out: { type: 'string' } }, USAGE);
  const citation = positionals.join(' ').trim();
  if (!citation) throw new LexError('usage', `Give a citation.\nUsage: ${USAGE}`);
  const outFile = compilationOut(values.out);
  const engine = open(values.db as string | undefined);
  try {
    const choice = { asOf: dateOption(values['as-of'], 'as-of'), version: dateOption(values.version, 'version') };
    const results = engine.lookupAll(citation, choice);
    const found = results.filter((r): r is Resolved => r.ok);
    const successor = results.length === 1 ? movedTo(results[0]!) : undefined;
    if (found.length === 0 && !results.some(movedTo)) throw lookupError(results[0] as Unresolved);
    const written = outFile ? await writeCompilation(buildCompilation(engine, citation, choice), outFile) : null;
    if (successor) {
      // 合同法第107条: the law is gone, and 民法典's article that holds its rule is what the reader needs.
      showSuccessor(out, engine, citation, results[0] as Unresolved, successor, written);
      return 0;
    }
    if (results.length === 1) {
      showOne(engine, out, citation, found[0] as Resolved, Boolean(values.changes), written, choice.asOf);
      return 0;
    }
    // Several citations (民法典第1165、1166条; a range): each article in turn, and what did not resolve said in its place.
    if (out.json) {
      out.printJson({ citation, results: results.map((r) => (r.ok ? shownJson(engine, r, choice.asOf) : { error: { code: r.code, message: r.message, candidates: r.candidates }, ...(movedTo(r) ? successorJson(r, movedTo(r)!) : {}) })), ...(written ? { out: written } : {}) });
      return 0;
    }
    const moved = results.filter(movedTo).length;
    const missing = results.length - found.length - moved;
    out.print(`${found.length} articles cited${moved ? `, ${moved} of a repealed law (shown where 民法典 holds them now)` : ''}${missing ? `, ${missing} not found` : ''}.`);
    // 民法典第1条至第100条: too wide to list, so its two ends only; said, or the reader takes them for the whole.
    const wide = results.flatMap((r) => (r.ok && r.ref.wideRange ? [r.ref.wideRange] : []))[0];
    if (wide) out.print(`Note: a range of ${wide} articles is shown by its two ends only (ranges of at most ${MAX_RANGE_SPAN + 1} articles are listed whole); cite the articles you need, or a narrower range.`);
    const gapSaid = new Map<number, string>();
    for (const r of results) {
      out.print(`\n${'─'.repeat(24)}`);
      const now = movedTo(r);
      if (!r.ok && now) {
        out.print(`Note: ${r.message}`);
        for (const article of now.articles) printArticle(out, engine, { article, parts: [] }, null, lawOrigin(engine.db, article.lawId));
        continue;
      }
      if (!r.ok) {
        out.print(`Not found: ${r.message}${r.candidates.length ? `\nCandidates: ${r.candidates.slice(0, 10).join('；')}` : ''}`);
        continue;
      }
      if (r.note) out.print(`Note: ${r.note}`);
      // Said once per law: a range of 刑法 as of 2019 is all read in its 2020 text; but each article's own word, where
      // the law's amendments date it (this one changed since, that one did not), is said with each.
      const said = r.gap ? gapSentence(r.gap).en : null;
      if (said && gapSaid.get(r.article.lawId) !== said && (r.gap?.list || !gapSaid.has(r.article.lawId))) out.print(`Note: ${said}`);
      if (said) gapSaid.set(r.article.lawId, said);
      printArticle(out, engine, r, onDate(engine, r, choice.asOf), lawOrigin(engine.db, r.article.lawId));
      printTrail(out, r, choice.asOf);
      if (r.warning) out.print(`\n(note: ${r.warning})`);
      if (r.earlier) out.print(`\n${earlierNote(engine, r)}`);
    }
    const gap = coverageGap(engine, found.map((r) => r.article), choice.asOf);
    if (gap) out.print(`\n注：${gap}`);
    if (written) out.print(`\n${writtenLine(written)}`);
    return 0;
  } finally {
    engine.close();
  }
}

type Resolved = Extract<ResolveResult, { ok: true }>;
type Unresolved = Extract<ResolveResult, { ok: false }>;

function lookupError(result: Unresolved): LexError {
  const hint = result.candidates.length ? `\nCandidates: ${result.candidates.slice(0, 10).join('；')}` : '';
  return new LexError(result.code, result.message + hint, { candidates: result.candidates });
}

/** Where 民法典 holds the rule of a repealed law's article that did not resolve (合同法第107条); undefined otherwise. */
function movedTo(r: ResolveResult): Successor | undefined {
  return !r.ok && r.code === 'unknown-law' ? r.successor : undefined;
}

/** A repealed law's article in --json, alone or in a list: why, and the 民法典 articles that hold its rule now. */
function successorJson(result: Unresolved, successor: Successor): Record<string, unknown> {
  return { repealed: { message: result.message, messageZh: result.messageZh, topic: successor.topic, changed: successor.changed }, articles: successor.articles };
}

/** A repealed law's article: why it is not shown, then the 民法典 articles that hold its rule now. */
function showSuccessor(out: Output, engine: Engine, citation: string, result: Unresolved, successor: Successor, written: Written | null): void {
  if (out.json) {
    out.printJson({ citation, ...successorJson(result, successor), ...(written ? { out: written } : {}) });
    return;
  }
  out.print(`Note: ${result.message}`);
  for (const article of successor.articles) {
    out.print(`\n${'─'.repeat(24)}`);
    printArticle(out, engine, { article, parts: [] });
  }
  if (written) out.print(`\n${writtenLine(written)}`);
}

/** 「《合同法》第一百零七条（违约责任）」, and that the rule changed when it did. */
function formerText(f: FormerArticle): string {
  return `${formerCitation(f)}（${f.topic}${f.changed ? CHANGED_IN_SUBSTANCE.zh : ''}）`;
}

function shownJson(engine: Engine, result: Resolved, asOf?: string): Record<string, unknown> {
  const { article, paragraph, item, warning } = result;
  // paragraph / item are the first cited; parts every 款 with its 项 (第三款第二项、第四款第一项).
  const paragraphs = result.parts.flatMap((p) => (p.paragraph === null ? [] : [p.paragraph]));
  const earlierNumbering = result.earlier ? { ...result.earlier, now: engine.searchDeps().resolver.provisionNow(result.earlier, article) } : null;
  const links = incomingLinks(engine, article, asOf);
  return { article, coverageNote: coverageGap(engine, [article], asOf), lawTookEffect: lawOrigin(engine.db, article.lawId), paragraph, item, paragraphs, parts: result.parts, warning, warningZh: result.warningZh, note: result.note ?? null, gap: result.gap ?? null, amended: result.amended ?? null, stale: result.stale ?? null, filedApart: result.filedApart ? { en: result.filedApart.en, zh: result.filedApart.zh } : null, onDate: onDate(engine, result, asOf), earlierNumbering, formerly: formerArticlesOf(article), ...engine.context(article, asOf), ...links, interpretationTimesNote: timesNote(article, links.interpretations) };
}

/**
 * 现行有效 is as far as the library's texts reach: when the day read lies a quarter past its newest text, the
 * reader is told (a law amended since reads as unamended here); null otherwise, and for articles not in force.
 */
function coverageGap(engine: Engine, articles: StatuteArticle[], asOf?: string): string | null {
  if (!articles.some((a) => a.status === 'current')) return null;
  const day = asOf ?? todayOf(engine.db);
  const general = coverageGapNote(engine.coverage(), day);
  // A revision known to have come after the library's texts (反不正当竞争法 2025) is named, before the general note.
  const revised = laterRevisionsAmong(articles, day);
  return revised.length ? [...revised.map((l) => `${l.zh}。`), general ?? ''].join('') : general;
}

/** With a date: how the article stood then (民法典 第五百七十七条 as of 2019: not yet in force, it stands in); null without one. */
function onDate(engine: Engine, result: Resolved, asOf?: string): OnDate | null {
  return onDates(engine.db, [result.article], asOf, () => result.gap ?? null)[0] ?? null;
}

/** The earlier version's text under the same number, where it stands now, and how to see it (公司法第七十一条 of 2018). */
function earlierNote(engine: Engine, result: Resolved): string {
  const e = result.earlier!;
  const law = result.article.shortName || result.article.lawTitle;
  const there = engine.searchDeps().resolver.provisionNow(e, result.article);
  const now = there ? `, which this version has as ${there.label}` : '';
  return `Note: ${e.label} of the ${e.publishDate} version reads otherwise: 「${e.excerpt}」. Older texts that cite ${e.label} may mean that one${now}: lexdesk show "${law}${e.label}" --version ${e.publishDate}`;
}

/**
 * What the law's amendments say of the article (amendmentTrail.ts): the amendment whose text it shows, when later than
 * its document (刑法 第三百九十条: 2024-03-01), and, as of a date it changed after, the text of that date when they give it.
 */
function printTrail(out: Output, result: Resolved, asOf?: string): void {
  if (result.amended) out.print(`\n(${gapSentence(result.amended).en})`);
  if (result.stale) out.print(`\nNote: ${result.stale.en}.`);
  // 婚姻法解释（二） as of 2019: shown in its amended text, filed under its 补充规定 (amendedTextApart.ts).
  if (result.filedApart) out.print(`\nNote: ${result.filedApart.en}.`);
  const then = result.gap?.then;
  if (!then || !asOf) return;
  out.print(`\nText in force on ${asOf}, as ${then.source} gave it (in force ${then.effective}):`);
  for (const line of then.text.split('\n')) out.print(`  ${line}`);
}

/** One article in full: its text, neighbours, versions (with what changed, when asked), amendments and interpretations. */
function showOne(engine: Engine, out: Output, citation: string, result: Resolved, changes: boolean, written: Written | null, asOf?: string): void {
  if (out.json) {
    out.printJson({ citation, ...shownJson(engine, result, asOf), ...(written ? { out: written } : {}) });
    return;
  }
  const context = engine.context(result.article, asOf);
  const links = incomingLinks(engine, result.article, asOf);
  if (result.note) out.print(`Note: ${result.note}`);
  if (result.gap) out.print(`Note: ${gapSentence(result.gap).en}`);
  printArticle(out, engine, result, onDate(engine, result, asOf), lawOrigin(engine.db, result.article.lawId));
  printTrail(out, result, asOf);
  const gap = coverageGap(engine, [result.article], asOf);
  if (gap) out.print(`\n注：${gap}`);
  if (result.warning) out.print(`\n(note: ${result.warning})`);
  if (result.earlier) out.print(`\n${earlierNote(engine, result)}`);
  const former = formerArticlesOf(result.article);
  if (former.length) out.print(`\nFormerly (before 民法典): ${former.map(formerText).join('；')}`);
  if (context.replacedBy) printReplacement(out, context.replacedBy, changes, asOf);
  const { previous, next } = context.neighbours;
  if (previous) out.print(`\n← ${previous.label}  ${clip(previous.text.replace(/\s+/g, ' ').trim(), 40)}`);
  if (next) out.print(`→ ${next.label}  ${clip(next.text.replace(/\s+/g, ' ').trim(), 40)}`);
  printVersions(out, context.versions, changes);
  printLinks(out, 'Amended by', links.amendedBy);
  printLinks(out, 'Cited by', links.citedBy);
  printLinks(out, 'Interpretations', links.interpretations);
  const times = timesNote(result.article, links.interpretations);
  if (times) out.print(`Note: ${times}`);
  if (written) out.print(`\n${writtenLine(written)}`);
}

/** A repealed document's article: what replaced the document, where its text is now and how to open it; with `changes`, what changed. */
function printReplacement(out: Output, r: Replacement, changes: boolean, asOf?: string): void {
  const note = replacementNote(r, asOf);
  if (!note) return;
  out.print(`\n${note.en}`);
  const cp = r.counterpart;
  if (!cp) return;
  const also = r.also.length ? ` (also ${r.also.map((a) => a.label).join('、')})` : '';
  out.print(`Now: lexdesk show "${cp.lawTitle}${cp.label}"${also}`);
  if (cp.diff && changes) out.print(`\nChanges from this article to ${cp.label}:\n${renderDiff(cp.diff, Boolean(process.stdout.isTTY)).replace(/^/gm, '  ')}`);
  else if (cp.diff) out.print('  (--changes shows what changed)');
}

interface ShownLink {
  id: number;
  citation: string;
  /** False when the citing text's numbering could not be checked against the version it meant (see the statute graph). */
  verified: boolean;
  /** The linking document's status: a repealed interpretation is no authority, and is said so. */
  status: StatuteArticle['status'];
  publishDate: string | null;
  /** Where the linking article names this one (citingPassage.ts); null when it cannot be found again. */
  passage: Omit<CitingPassage, 'articleId'> | null;
  /** With a date: how the linking article stood then (the 2010 非法集资 interpretation in force in 2019, today's not yet). */
  onDate?: OnDate;
}

/**
 * Articles that cite this one, its amendments and its judicial interpretations, from the statute graph (built on first use), each with where it names it.
 * With a date, each says how it stood then and those in force then come first: as of 2019, 刑法 第一百七十六条's interpretation
 * of 2010 (superseded today) was the one applied, and that of 2022 not yet in force.
 */
function incomingLinks(engine: Engine, article: StatuteArticle, asOf?: string): { citedBy: ShownLink[]; amendedBy: ShownLink[]; interpretations: ShownLink[] } {
  const resolver = engine.searchDeps().resolver;
  ensureStatuteGraph(engine.db, resolver);
  const into = linksInto(engine.db, resolver, article);
  const shown = (links: IncomingLink[]): ShownLink[] => {
    const dated = onDates(engine.db, links.map((l) => l.article), asOf, (id) => resolver.textGap(id, asOf!));
    const list = links.map(({ article: a, verified, passage }, i): ShownLink => ({
      id: a.id, citation: citationText(a), verified, status: a.status, publishDate: a.publishDate, passage: passage && { lead: passage.lead, text: passage.text, mark: passage.mark },
      ...(dated[i] ? { onDate: dated[i] } : {}),
    }));
    return asOf ? list.map((l, i) => ({ l, i })).sort((a, b) => STANDING_ORDER[a.l.onDate!.standing] - STANDING_ORDER[b.l.onDate!.standing] || a.i - b.i).map(({ l }) => l) : list;
  };
  return { citedBy: shown(into.cites), amendedBy: shown(into.amends), interpretations: shown(into.interprets) };
}

/** The 刑法 note on interpretations of the act's time and later ones (interpretationTimes.ts), in English; null otherwise. */
function timesNote(article: StatuteArticle, interpretations: ShownLink[]): string | null {
  return interpretationTimesNote(article.lawTitle, interpretations.flatMap((l) => (l.onDate ? [l.onDate.standing] : [])))?.en ?? null;
}

/** 「[2019-06-01 施行中；今已被修订，2010-12-13 公布]」: how a linking article stood on the date, and its status today where it is not in force. */
function linkStatus(l: ShownLink): string {
  const today = l.status === 'current' ? '' : `${STATUS_ZH[l.status] ?? l.status}${l.publishDate ? `，${l.publishDate} 公布` : ''}`;
  if (!l.onDate) return today ? ` [${today}]` : '';
  const then = `${l.onDate.date} ${standingZh(l.onDate.standing)}`;
  if (today) return ` [${then}；今${today}]`;
  return ` [${then}${l.onDate.standing === 'in-force' ? '' : l.publishDate ? `，${l.publishDate} 公布` : ''}]`;
}

function printLinks(out: Output, title: string, links: ShownLink[]): void {
  if (links.length === 0) return;
  out.print(`\n${title}:`);
  for (const l of links.slice(0, MAX_LISTED)) {
    out.print(`  ${l.citation}${linkStatus(l)}${l.verified ? '' : '  (cites an earlier text; numbering not checked)'}`);
    const p = l.passage;
    if (p) out.print(`      ${p.lead ? `${p.lead} ` : ''}${p.text.slice(0, p.mark[0])}【${p.text.slice(p.mark[0], p.mark[1])}】${p.text.slice(p.mark[1])}`);
  }
  if (links.length > MAX_LISTED) out.print(`  … and ${links.length - MAX_LISTED} more (--json lists all)`);
}

/** The article with the 款 and the 项 (one or several of each) the citation names marked ▶. */
function printArticle(out: Output, engine: Engine, cited: Pick<Resolved, 'article' | 'parts'>, dated: OnDate | null = null, lawSince: string | null = null): void {
  const a = cited.article;
  out.print(citationText(a) + (a.province ? `（${a.province}）` : ''));
  const crumbs = [partTitle(engine.db, a), ...a.path.map(tidyHeading)].filter(Boolean).join(' › ');
  if (crumbs) out.print(crumbs);
  // Today's status, and with a date how it stood then (民法典 as of 2019: 现行有效, 2019-06-01 尚未施行).
  const then = dated ? ` · ${dated.date} ${standingZh(dated.standing)}` : '';
  // The law's own first day, where this later text's closing clause keeps it (劳动合同法 of 2012: 首次施行 2008-01-01).
  const since = lawSince ? ` · 首次施行 ${lawSince}` : '';
  out.print(`${a.level} · ${STATUS_ZH[a.status] ?? a.status}${then} · 公布 ${a.publishDate ?? '未知'} · ${a.effectiveDate ? `施行 ${a.effectiveDate}` : EFFECTIVE_UNKNOWN}${since}`);
  out.print('');
  a.paragraphs.forEach((p, i) => {
    const parts = cited.parts.filter((part) => part.paragraph === i + 1);
    const mark = parts.length > 0 ? '▶ ' : '  ';
    out.print(`${mark}${i === 0 ? a.label + ' ' : ''}${p.text}`);
    for (const it of p.items) {
      const itemMark = parts.some((part) => part.items.includes(it.number)) ? '   ▶ ' : '     ';
      out.print(`${itemMark}${itemMarker(a, it)}${it.text.replace(/\n/g, '\n       ')}`);
    }
  });
  for (const note of a.notes ?? []) out.print(`  ${sourceNoteLine(note)}`);
}

