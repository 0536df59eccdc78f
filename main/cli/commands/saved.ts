import { gapSentence, lawsReadInPlace } from '../../library/versions/versionGap.js';
import type { Engine } from '../../engine/index.js';
import { withVersionsSaid, type ResolveResult } from '../../library/citation/resolver.js';
import { datesFrom, earlierPartsNow, folderName, isArticleShown, MAX_FOLDER_CHARS, removeSaved, saveArticle, savedArticle, savedCitation, savedArticles, savedFolders, savedRow, savedRows, updateSaved, type SavedArticle, type SavedState } from '../../library/saved/index.js';
import { compilationOfSaved } from '../../report/compilation.js';
import { LexError } from '../../util/errors.js';
import { dateOption, intOption, parseCommand } from '../args.js';
import { ConsultationStore } from '../../consult/store.js';
import type { CitationAudit } from '../../consult/types.js';
import { compilationOut, writeCompilation, writtenLine } from '../compilationOut.js';
import type { Output } from '../output.js';
import { renderDiff } from '../versionsView.js';
import { bookTitle, citedLabel } from '../../../preload/contract/citationLine.js';
import { partLabel, partsOf, partsOfSpans, unitsOf } from '../../library/saved/savedPart.js';
import { citedSpansToSave } from '../../../preload/contract/citedToSave.js';
import { partText } from '../../library/citation/earlierNumbering.js';
import { meansOlderPart } from '../../library/saved/olderPartMeant.js';
import type { EarlierNumbering } from '../../library/citation/earlierNumbering.js';
import { olderYearsMeant } from '../../library/saved/olderYearMeant.js';
import { olderYearLines, olderYearOffer, optionsGiven, shellArg } from './savedOlderYear.js';

const USAGE = `lexdesk saved [list] [--folder NAME] [--changes]        the saved articles and what became of each
  lexdesk saved add "CITATION" [--folder NAME] [--note TEXT] [--as-of DATE | --version DATE]   e.g. 劳动合同法第38条、第46条
  lexdesk saved add --consultation ID [--turn N] [--folder NAME]   the articles a consultation's answers cite, to a folder named after it
  lexdesk saved note ID "TEXT"                             set a saved article's note ("" clears it)
  lexdesk saved move ID FOLDER                             move it to another folder ("" = unfiled)
  lexdesk saved remove ID
  lexdesk saved folders
  lexdesk saved export --out FILE.md|FILE.docx [--folder NAME]   the saved articles as a compilation (法条汇编), with their notes`;

const MARK: Record<SavedState, string> = { in_force: '✓', corrected: '!', carried: '↻', renumbered: '↻', amended: '!', dropped: '✗', not_yet_in_force: '…', repealed: '✗', missing: '?' };

type Open = (db?: string) => Engine;

/** `lexdesk saved`: articles kept for a matter, by folder, with a note each, and what a later import made of them. */
export async function savedCommand(args: string[], open: Open, out: Output): Promise<number> {
  const [sub = 'list', ...rest] = args[0]?.startsWith('-') ? ['list', ...args] : args;
  const run = SUBCOMMANDS[sub];
  if (!run) throw new LexError('usage', `Unknown saved command "${sub}".\nUsage: ${USAGE}`);
  return run(rest, open, out);
}

const SUBCOMMANDS: Record<string, (args: string[], open: Open, out: Output) => Promise<number> | number> = {
  list(args, open, out) {
    const { values, positionals } = parseCommand(args, { folder: { type: 'string' }, changes: { type: 'boolean' } }, USAGE);
    if (positionals.length) throw new LexError('usage', `lexdesk saved list takes no arguments (got ${positionals.join(' ')}).\nUsage: ${USAGE}`);
    return withEngine(open, values.db, (engine) => {
      const folder = values.folder as string | undefined;
      const items = savedArticles(engine.db, savedRows(engine.db, folder), datesFrom(engine.searchDeps().resolver));
      if (out.json) return out.printJson({ folder: folder ?? null, folders: savedFolders(engine.db), items });
      if (!items.length) return out.print(folder === undefined ? 'Nothing saved yet. Save an article with: lexdesk saved add "劳动合同法第38条" --folder 张三劳动争议' : `The folder "${folder}" holds nothing.`);
      let shown: string | null = null;
      for (const s of items) {
        if (s.folder !== shown) out.print(`${shown === null ? '' : '\n'}${s.folder || '未分类 (unfiled)'}`);
        shown = s.folder;
        printSaved(out, s, Boolean(values.changes));
      }
      const attention = items.filter((s) => s.attention).length;
      const look = attention ? `, ${attention} to look at: revised or about to be, repealed, not yet in force, corrected or gone from the library (${values.changes ? '' : '--changes shows what changed; '}lexdesk show "CITATION" gives the text in force)` : ', all in force as saved';
      out.print(`\n${items.length} saved article${items.length === 1 ? '' : 's'}${look}.`);
    });
  },
  add(args, open, out) {
    const { values, positionals } = parseCommand(args, { folder: { type: 'string' }, note: { type: 'string' }, 'as-of': { type: 'string' }, version: { type: 'string' }, consultation: { type: 'string' }, turn: { type: 'string' } }, USAGE);
    const citation = positionals.join(' ').trim();
    if (values.consultation !== undefined) {
      if (citation) throw new LexError('usage', `Give a citation or --consultation, not both.\nUsage: ${USAGE}`);
      return withEngine(open, values.db, (engine) => addFromConsultation(engine, out, values));
    }
    if (values.turn !== undefined) throw new LexError('usage', `--turn goes with --consultation.\nUsage: ${USAGE}`);
    if (!citation) throw new LexError('usage', `Give the citation to save.\nUsage: ${USAGE}`);
    return withEngine(open, values.db, (engine) => {
      if (values['as-of'] !== undefined && values.version !== undefined) throw new LexError('usage', `Give --as-of (the version in force on a date) or --version (a version by its publication date), not both.\nUsage: ${USAGE}`);
      const results = engine.lookupAll(citation, { asOf: dateOption(values['as-of'], 'as-of'), version: dateOption(values.version, 'version') });
      const asOfGiven = values['as-of'] !== undefined;
      // 公司法第二十条第三款 with no version: 2023's 第二十条 lacks the 款, 2018's had it — that one is meant; nothing is saved
      // for it, and the two precise commands are offered.
      const olderMeant = results.flatMap((r) => (meansOlderPart(engine.searchDeps().resolver, r) ? [olderPartMeant(engine, r, r.earlier, values)] : []));
      const found = results.flatMap((r) => (r.ok && !olderMeant.some((o) => o.result === r) ? [r.article] : []));
      // 《著作权法》（2010年修正）第四十九条: a year older than the library's texts of the law; two commands offered, nothing saved.
      // (--version names the version outright: the citation's year gives way to it, and nothing is offered.)
      const olderYears = values.version !== undefined ? [] : olderYearsMeant(engine.db, engine.searchDeps().resolver, citation, values.note as string | undefined).map((m) => olderYearOffer(m, values));
      const unsaved = olderYears.length ? 1 : 0;
      // Those citations' "no version of that year" is said by the offers instead.
      const failed = olderYears.length ? results.filter((r) => r.ok || r.code !== 'version-not-found') : results;
      if (!found.length && olderYears.length && !olderMeant.length) {
        if (out.json) return out.printJson({ olderYear: olderYears, saved: [], created: 0, notFound: failed.flatMap((r) => (!r.ok && r.code !== 'no-article-number' ? [withVersionsSaid(r).zh] : [])) }), unsaved;
        for (const o of olderYears) for (const line of olderYearLines(o)) out.print(line);
        for (const r of failed) if (!r.ok && r.code !== 'no-article-number') out.print(`Not found: ${withVersionsSaid(r).zh}`);
        return unsaved;
      }
      if (!found.length && olderMeant.length) throw new LexError('not_found', `Nothing saved: ${olderMeant.map((o) => o.en).join('\n')}`);
      if (!found.length) throw new LexError('not_found', `Nothing saved: ${notFoundText(results) || `no article cited in "${citation}"`}`);
      // All or none: one transaction, so a bad note or a full library saves nothing.
      const asOf = asOfGiven ? dateOption(values['as-of'], 'as-of') : undefined;
      // 公司法（2018年修正）第二十条第三款: that 款 is kept, and followed by its words through later revisions; a 款 the
      // article lacks is warned of below and the whole article saved.
      const cited = results.flatMap((r) => (r.ok && !olderMeant.some((o) => o.result === r) ? [{ a: r.article, parts: r.warning ? [] : r.parts }] : []));
      const saved = engine.db.transaction(() => cited.map(({ a, parts }) => ({ a, ...saveArticle(engine.db, a, { folder: values.folder as string | undefined, note: values.note as string | undefined, asOf, parts }) })))();
      const items = saved.map((x) => savedArticle(engine.db, savedRow(engine.db, x.id), datesFrom(engine.searchDeps().resolver)));
      const skipped = failed.filter((r): r is Extract<ResolveResult, { ok: false }> => !r.ok && r.code !== 'no-article-number');
      // 刑法 as of 2019: what is saved is the library's first text of it, of 2020, and the user hears so.
      const gaps = new Map(results.flatMap((r) => (r.ok && r.gap ? [[r.article.id, r.gap] as const] : [])));
      const readInPlace = lawsReadInPlace(found, (id) => gaps.get(id) ?? null);
      // 刑法 第三百九十条 as of 2023: what is saved is the text in force now; the text of the date, which an amendment since changed, is said.
      // 公司法第七十一条: 2018's was on share transfers, which older texts cite; said as show says it, so the folder is not a trap.
      const renumbered = results.flatMap((r) => {
        if (!r.ok || !r.earlier || olderMeant.some((o) => o.result === r)) return [];
        // 公司法第二十条第二款: 2018's 第二款 is 2023's 第二十一条第二款, and the command offered saves that 款.
        const now = earlierPartsNow(engine.db, r.earlier, r.article, r.warning ? [] : r.parts);
        const cited = `${r.earlier.label}${r.warning ? '' : partLabel(r.parts) ?? ''}`;
        return [{ articleId: r.article.id, citation: savedCitation(r.article).trim(), note: `${cited} of the ${r.earlier.publishDate} version reads otherwise (「${r.earlier.excerpt}」), which older texts may mean${now ? `; it is ${now} in this version (lexdesk saved add ${shellArg(`${r.article.lawTitle}${now}`)}${optionsGiven(values)} saves that)` : ''}.` }];
      });
      const changedSince = found.flatMap((a) => { const g = gaps.get(a.id); return g?.amendedSince ? [{ articleId: a.id, citation: savedCitation(a).trim(), note: gapSentence(g) }] : []; });
      const partsMissing = results.flatMap((r) => (r.ok && r.warning && !olderMeant.some((o) => o.result === r) ? [{ citation: savedCitation(r.article).trim(), warning: r.warning, warningZh: r.warningZh }] : []));
      const older = olderMeant.map(({ result, ...o }) => o);
      if (out.json) return out.printJson({ ...(olderYears.length ? { olderYear: olderYears } : {}), ...(older.length ? { olderMeant: older } : {}), ...(partsMissing.length ? { partsMissing } : {}), saved: items, created: saved.filter((x) => x.created).length, notFound: skipped.map((r) => withVersionsSaid(r).zh), ...(readInPlace.length ? { readInPlace } : {}), ...(changedSince.length ? { changedSince } : {}), ...(renumbered.length ? { renumbered } : {}) }), unsaved;
      const folder = folderName(values.folder as string | undefined) || '未分类';
      for (const r of readInPlace) out.print(`Note: ${bookTitle(r.lawTitle)}: ${r.note.en}.`);
      for (const c of changedSince) out.print(`Note: ${c.citation}: ${c.note.en} The text saved is the one in force now; the list and \`saved export\` keep the date ${asOf} and say so, with the text of that date where the library has it.`);
      for (const r of renumbered) out.print(`Note: ${r.citation}: ${r.note}`);
      // 第38条第1款第7项: the article is saved, but the part cited is none of it — as show and check say.
      for (const p of partsMissing) out.print(`Note: ${p.citation}: ${p.warning} The whole article is saved.`);
      // A repealed document, or a version since revised, saved without a date: the list would say so; say it now.
      for (const [i, { a }] of (asOfGiven ? [] : saved).entries()) {
        if (a.status !== 'repealed' && a.status !== 'superseded') continue;
        out.print(`Note: ${items[i]!.citation}: ${a.status === 'repealed' ? 'this document is no longer in force (repealed); it is saved as it stood' : 'this version has since been revised; lexdesk saved list shows where its provision stands now'}.`);
      }
      for (const [i, x] of saved.entries()) out.print(`${x.created ? 'Saved' : x.noteAdded ? 'Already saved; the note was added below the one there' : 'Already saved'}: [${x.id}] ${items[i]!.citation}→ ${folder}`);
      for (const r of skipped) out.print(`Not found: ${withVersionsSaid(r).zh}`);
      for (const o of olderMeant) out.print(`Not saved: ${o.en}`);
      for (const o of olderYears) for (const line of olderYearLines(o)) out.print(line);
      return unsaved;
    });
  },
  note(args, open, out) {
    const { values, positionals } = parseCommand(args, {}, USAGE);
    const [id, ...text] = positionals;
    if (id === undefined || !text.length) throw new LexError('usage', `Give the saved article's number and the note ("" clears it).\nUsage: ${USAGE}`);
    return withEngine(open, values.db, (engine) => {
      updateSaved(engine.db, savedId(id), { note: text.join(' ') });
      reportOne(engine, out, savedId(id), 'Note saved');
    });
  },
  move(args, open, out) {
    const { values, positionals } = parseCommand(args, {}, USAGE);
    const [id, folder] = positionals;
    if (id === undefined || folder === undefined || positionals.length > 2) throw new LexError('usage', `Give the saved article's number and the folder ("" = unfiled).\nUsage: ${USAGE}`);
    return withEngine(open, values.db, (engine) => {
      updateSaved(engine.db, savedId(id), { folder });
      reportOne(engine, out, savedId(id), `Moved to ${folder.trim() || '未分类'}`);
    });
  },
  remove(args, open, out) {
    const { values, positionals } = parseCommand(args, {}, USAGE);
    if (positionals.length !== 1) throw new LexError('usage', `Give the number of one saved article.\nUsage: ${USAGE}`);
    return withEngine(open, values.db, (engine) => {
      const id = savedId(positionals[0]!);
      const row = savedRow(engine.db, id);
      removeSaved(engine.db, id);
      if (out.json) return out.printJson({ removed: id });
      out.print(`Removed [${id}] ${savedCitation(savedArticle(engine.db, row), { version: false })} from ${row.folder || '未分类'}.`);
    });
  },
  folders(args, open, out) {
    const { values } = parseCommand(args, {}, USAGE);
    return withEngine(open, values.db, (engine) => {
      const folders = savedFolders(engine.db);
      if (out.json) return out.printJson({ folders });
      if (!folders.length) return out.print('No saved articles yet.');
      for (const f of folders) out.print(`  ${f.name || '未分类 (unfiled)'}  ${f.count}`);
    });
  },
  async export(args, open, out) {
    const { values, positionals } = parseCommand(args, { folder: { type: 'string' }, out: { type: 'string' } }, USAGE);
    if (positionals.length) throw new LexError('usage', `lexdesk saved export takes no arguments (got ${positionals.join(' ')}).\nUsage: ${USAGE}`);
    const file = compilationOut(values.out);
    if (!file) throw new LexError('usage', `Give the file to write with --out FILE.md or FILE.docx.\nUsage: ${USAGE}`);
    const engine = open(values.db as string | undefined);
    try {
      const folder = values.folder as string | undefined;
      const items = savedArticles(engine.db, savedRows(engine.db, folder), datesFrom(engine.searchDeps().resolver));
      if (!items.length) throw new LexError('not_found', folder === undefined ? 'Nothing saved yet: there is nothing to export.' : `The folder "${folder}" holds nothing: there is nothing to export.`);
      const written = await writeCompilation(compilationOfSaved(engine, items, folder ?? null), file);
      if (out.json) out.printJson({ out: written });
      else out.print(writtenLine(written));
      return 0;
    } finally {
      engine.close();
    }
  },
};

/**
 * The articles a consultation's answers cite (each once, in the order first cited), saved to a folder named after the
 * consultation. A turn's citations name the article as the turn found it; one an import has since changed is not saved.
 */
function addFromConsultation(engine: Engine, out: Output, values: Record<string, unknown>): void {
  const store = new ConsultationStore(engine.db);
  const id = savedId(String(values.consultation));
  const consultation = store.consultation(id);
  const seq = values.turn === undefined ? undefined : intOption(values.turn, 'turn', 1);
  const turns = store.turns(id).filter((t) => seq === undefined || t.seq === seq);
  if (seq !== undefined && !turns.length) throw new LexError('not_found', `Consultation ${id} has no turn ${seq}.`);
  const cited = new Map<number, CitationAudit>();
  const all: CitationAudit[] = [];
  for (const t of turns) for (const c of store.citations(t.id)) {
    all.push(c);
    if (c.articleId !== null && c.lawTitle && c.articleLabel && !cited.has(c.articleId)) cited.set(c.articleId, c);
  }
  if (!cited.size) throw new LexError('not_found', `Nothing saved: the answers of consultation ${id}${seq ? ` (turn ${seq})` : ''} cite no statute of the library (an offline turn answers with ranked articles only: save those with ☆ in the app, or by citation).`);
  const byId = new Map(engine.articles([...cited.keys()]).map((a) => [a.id, a]));
  const same = (c: CitationAudit) => {
    const a = byId.get(c.articleId!);
    return a && isArticleShown(a, { lawTitle: c.lawTitle, label: c.articleLabel, publishDate: c.publishDate }) ? a : undefined;
  };
  const folder = folderName(values.folder === undefined ? consultation.title.slice(0, MAX_FOLDER_CHARS) : String(values.folder));
  const found = [...cited.values()].flatMap((c) => { const a = same(c); return a ? [a] : []; });
  const changed = [...cited.values()].filter((c) => !same(c)).map((c) => `${bookTitle(c.lawTitle ?? '')}${c.articleLabel}`);
  // 「依《公司法》第二十条第三款」: the 款 the answers named (every written citation of the article naming some), else the whole article.
  const saved = engine.db.transaction(() => found.map((a) => ({ a, ...saveArticle(engine.db, a, { folder, parts: partsOfSpans(a, citedSpansToSave(all, a.id, a.text)) }) })))();
  if (out.json) return out.printJson({ consultation: id, folder, saved: saved.map((x) => savedArticle(engine.db, savedRow(engine.db, x.id), datesFrom(engine.searchDeps().resolver))), created: saved.filter((x) => x.created).length, changed });
  for (const x of saved) out.print(`${x.created ? 'Saved' : 'Already saved'}: [${x.id}] ${savedCitation({ ...x.a, part: partLabel(partsOf(savedRow(engine.db, x.id).part)) }, { version: false })} → ${folder || '未分类'}`);
  if (changed.length) out.print(`Not saved, changed by an import since the consultation (look them up again): ${changed.join('、')}`);
}

/**
 * A 款 the version read lacks and the version before had under that number (公司法第二十条第三款, 2018's piercing of the
 * corporate veil): said, with the command that saves that version's 款 and the one that saves where it stands now.
 */
function olderPartMeant(engine: Engine, r: Extract<ResolveResult, { ok: true }>, earlier: EarlierNumbering, values: Record<string, unknown>) {
  const part = partLabel(r.parts) ?? '';
  // 第二十条第二款、第三款: 2023's 第二十条 has a 第二款 (another provision), not a 第三款.
  const lacking = partLabel(unitsOf(r.parts).filter((u) => partText(r.article, [u]) === null)) ?? part;
  const cited = `${bookTitle(r.article.lawTitle)}${citedLabel(r.article)}${part}`;
  const now = earlierPartsNow(engine.db, earlier, r.article, r.parts);
  const options = optionsGiven(values);
  const commands = [
    `lexdesk saved add ${shellArg(`${r.article.lawTitle}${earlier.label}${part}`)} --version ${earlier.publishDate}${options}`,
    ...(now ? [`lexdesk saved add ${shellArg(`${r.article.lawTitle}${now}`)}${options}`] : []),
  ];
  const en = `${cited}: the ${r.article.publishDate} version, in force, has no ${lacking} in ${r.article.label}; the ${earlier.publishDate} version's ${earlier.label} (「${earlier.excerpt}」) has, and is likely what is meant${now ? ` — it is ${now} of the version in force` : ''}. Save one of them:\n  ${commands[0]}   (the ${earlier.publishDate} text's ${part}, followed into the version in force)${now ? `\n  ${commands[1]}   (the ${part} as in force now)` : ''}`;
  return { result: r, citation: cited, version: earlier.publishDate, label: `${earlier.label}${part}`, now, commands, en };
}

function withEngine(open: Open, db: unknown, work: (engine: Engine) => void | number): number {
  const engine = open(db as string | undefined);
  try {
    const rc = work(engine);
    return typeof rc === 'number' ? rc : 0;
  } finally {
    engine.close();
  }
}

function savedId(text: string): number {
  const id = Number(text);
  if (!Number.isInteger(id) || id <= 0) throw new LexError('usage', `A saved article's number is a positive integer, as lexdesk saved lists it (got "${text}").`);
  return id;
}

function reportOne(engine: Engine, out: Output, id: number, what: string): void {
  const s = savedArticle(engine.db, savedRow(engine.db, id), datesFrom(engine.searchDeps().resolver));
  if (out.json) out.printJson({ saved: s });
  else out.print(`${what}: [${s.id}] ${savedCitation(s, { version: false })}${s.note ? ` — ${s.note}` : ''}`);
}

function printSaved(out: Output, s: SavedArticle, changes: boolean): void {
  out.print(`  ${s.state === 'in_force' && s.attention ? '!' : MARK[s.state]} [${s.id}] ${savedCitation(s)}  ${s.messageZh}`);
  if (s.asOf) out.print(`      时点：${s.asOf}${s.dated ? `；${s.dated.zh}` : ''}`);
  if (s.dated?.then) out.print(`      ${s.asOf} 施行的文本（${s.dated.then.source}，${s.dated.then.effective} 起施行）：${s.dated.then.text.replace(/\n/g, ' ')}`);
  if (s.note) out.print(`      备注：${s.note.replace(/\n/g, '\n            ')}`);
  // Several 款 saved together: the changes of each, named.
  const diffs = s.partsNow ? s.partsNow.flatMap((p) => (p.diff ? [{ head: `${p.part}：`, diff: p.diff }] : [])) : s.diff ? [{ head: '', diff: s.diff }] : [];
  if (changes) for (const d of diffs) out.print(`      ${d.head}${renderDiff(d.diff, out.tty).replace(/\n/g, '\n      ')}`);
}

function notFoundText(results: ResolveResult[]): string {
  return results.flatMap((r) => (!r.ok && r.code !== 'no-article-number' ? [withVersionsSaid(r).zh] : [])).join('；');
}
