/**
 * The out-of-fold candidate dump: `npm run train-model` writes it when LEXDESK_DUMP_CANDIDATES
 * names a file, and `npm run reranker-harness` (main/eval/rerankerHarness.ts) reads it back to
 * try extra reranker features on exactly the rows the training run learned from.
 */
import fs from 'node:fs';
import type { CandidateSignals } from '../../search/hybrid/features.js';
import type { QueryRows } from './rerankerTraining.js';
import { readJsonFile } from '../../util/jsonFile.js';

/** One question as the file holds it (JSON, one array of these). */
interface DumpedQuestion {
  fold: number;
  gold: number[];
  query: string;
  candidates: CandidateSignals[];
  rows: number[][];
}

/** Writes the questions' candidates and feature rows, each with its question's text (for scripts computing extra columns). */
export function writeCandidateDump(file: string, all: QueryRows[], texts: string[]): void {
  const dump: DumpedQuestion[] = all.map((q, i) => ({ fold: q.fold, gold: [...q.gold], query: texts[i] as string, candidates: q.candidates, rows: q.rows.map((r) => Array.from(r)) }));
  fs.writeFileSync(file, JSON.stringify(dump));
}

/** The questions of a candidate dump, as the reranker's training holds them. */
export function readCandidateDump(file: string): QueryRows[] {
  const dump = readJsonFile(file, (problem) => new Error(`candidate dump ${problem}`)) as DumpedQuestion[];
  if (!Array.isArray(dump) || !dump.length || !Array.isArray(dump[0]?.rows)) {
    throw new Error(`candidate dump ${file} holds no questions; write one with LEXDESK_DUMP_CANDIDATES=FILE npm run train-model`);
  }
  return dump.map((q) => ({ fold: q.fold, gold: new Set(q.gold), candidates: q.candidates, rows: q.rows.map((r) => Float32Array.from(r)) }));
}
