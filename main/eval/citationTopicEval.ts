/**
 * `npm run eval:citations -- --db LIBRARY.db`: how the citation check's topic test (topicFit.ts) does on written
 * citations in real answers. Two figures per file:
 *   - as written: the share of resolved citations it marks (the answers' authors, lawyers or a model, cite mostly
 *     the right article, so this is at most the false-alarm rate; the marked ones are listed with --show to read);
 *   - wrong numbers: each resolved citation the check leaves alone has its number moved to another article of its
 *     version within 20 (a fixed seed), and the share marked is the rate it catches a wrong number, with how
 *     often the article it names is the one first cited.
 * The thresholds were set on lecoqa-answers and multiturn-dev (training files); lecoqa-dev-answers is for report.
 *
 *   npm run eval:citations -- --db FILE [--eval DIR] [--files lecoqa-answers,multiturn-dev,lecoqa-dev-answers] [--show]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine } from '../engine/index.js';
import { checkDraft, type DraftCitation } from '../consult/draftCheck.js';
import type { CitationResolver } from '../library/citation/resolver.js';
import { intToChinese } from '../../preload/contract/numerals.js';
import type { Db } from '../db/open.js';

const AS_OF = '2026-11-28';
/** How far a wrong number moves at most. */
const SPREAD = 20;

interface Answer {
  id: string;
  text: string;
}

/** The answers of a file: lecoqa's `answer`, or multiturn-dev's assistant turns. */
function answersOf(file: string): Answer[] {
  const out: Answer[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const record = JSON.parse(line.replace(/: NaN\b/g, ': null')) as { id: string; answer?: string | null; turns?: Array<{ role: string; text: string }> };
    if (record.answer) out.push({ id: record.id, text: record.answer });
    record.turns?.forEach((t, i) => t.role === 'assistant' && out.push({ id: `${record.id}#${i}`, text: t.text }));
  }
  return out;
}

const marked = (c: DraftCitation) => c.closer !== undefined;

function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

function evaluate(db: Db, resolver: CitationResolver, answers: Answer[], show: boolean) {
  const nearby = db.prepare(
    `SELECT b.number FROM articles a JOIN articles b ON b.document_id = a.document_id
      WHERE a.id = ? AND b.kind = 'article' AND b.sub_number = 0 AND b.number != a.number AND b.number BETWEEN a.number - ${SPREAD} AND a.number + ${SPREAD}`,
  ).pluck();
  const numberOf = db.prepare('SELECT number FROM articles WHERE id = ?').pluck();
  const next = random(11);
  const written = { resolved: 0, marked: 0 };
  const moved = { tried: 0, caught: 0, named: 0, namedRight: 0 };
  const times: number[] = [];
  for (const { id, text } of answers) {
    const started = performance.now();
    const citations = checkDraft(resolver, text, AS_OF).citations;
    times.push(performance.now() - started);
    for (const c of citations) {
      if (c.articleId === null) continue;
      written.resolved++;
      if (marked(c)) {
        written.marked++;
        if (show) process.stdout.write(`  ${id} ${c.marker} | ${c.where.context} | ${c.noteZh}\n`);
      }
      if (c.finding !== 'ok' || c.quote || c.at === undefined || !text.startsWith(c.marker, c.at)) continue;
      const choices = nearby.all(c.articleId) as number[];
      if (!choices.length) continue;
      const to = choices[Math.floor(next() * choices.length)]!;
      const marker = c.marker.replace(/第[零〇一二三四五六七八九十百千\d]+条/, `第${intToChinese(to)}条`);
      if (marker === c.marker) continue;
      const again = checkDraft(resolver, text.slice(0, c.at) + marker + text.slice(c.at + c.marker.length), AS_OF).citations.find((x) => x.at === c.at);
      if (!again?.articleId || numberOf.get(again.articleId) !== to) continue;
      moved.tried++;
      if (!marked(again)) continue;
      moved.caught++;
      if (again.closer) {
        moved.named++;
        if (again.closer.articleId === c.articleId) moved.namedRight++;
      }
    }
  }
  times.sort((a, b) => a - b);
  return { written, moved, medianMs: times[Math.floor(times.length / 2)] ?? 0 };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { db: { type: 'string' }, eval: { type: 'string', default: '../shared/eval' }, files: { type: 'string', default: 'lecoqa-answers,multiturn-dev,lecoqa-dev-answers' }, show: { type: 'boolean', default: false } },
  });
  if (!values.db) throw new Error('give --db LIBRARY.db (an imported library)');
  const engine = createEngine({ dbPath: values.db, create: false });
  try {
    const resolver = engine.searchDeps().resolver;
    for (const name of (values.files as string).split(',')) {
      const answers = answersOf(path.resolve(values.eval as string, `${name}.jsonl`));
      const { written, moved, medianMs } = evaluate(engine.db, resolver, answers, values.show as boolean);
      const share = (a: number, b: number) => (b ? (a / b).toFixed(3) : '—');
      process.stdout.write(
        `${name}: ${answers.length} answers; as written ${written.marked} of ${written.resolved} resolved citations marked (${share(written.marked, written.resolved)}); ` +
          `wrong numbers ${moved.caught} of ${moved.tried} caught (${share(moved.caught, moved.tried)}), an article named for ${moved.named}, the right one for ${moved.namedRight} (${share(moved.namedRight, moved.named)}); ` +
          `check per answer median ${medianMs.toFixed(2)} ms\n`,
      );
    }
  } finally {
    engine.close();
  }
}

main().catch((err) => {
  process.stderr.write(`eval:citations failed: ${(err as Error).message}\n`);
  process.exitCode = 1;
});
