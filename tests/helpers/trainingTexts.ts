/**
 * The questions the shipped models were trained and tuned on — stard-train's queries and multiturn-dev's user turns —
 * for the tests that check a hand-written word table fires on none of them (so the models need no retraining and the
 * figures measured on those files stand).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TermEntry } from '../../main/search/termEntry.js';
import { EVAL_DIR } from './library.js';

const records = (file: string) => fs.readFileSync(path.join(EVAL_DIR, file), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

/** Every stard-train question and every user turn of multiturn-dev, as typed. */
export function trainingQuestionTexts(): string[] {
  return [
    ...records('stard-train.jsonl').map((r) => String(r.query)),
    ...records('multiturn-dev.jsonl').flatMap((r) => (r.turns as Array<{ role: string; text: string }>).filter((t) => t.role === 'user').map((t) => t.text)),
  ];
}

/** The entries of a word table whose everyday words occur in `text`. */
export function entriesFiring(entries: ReadonlyArray<TermEntry>, text: string): TermEntry[] {
  return entries.filter(([words]) => words.some((w) => (typeof w === 'string' ? text.includes(w) : w.test(text))));
}
