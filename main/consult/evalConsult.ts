import { recallAtK } from '../eval/metrics.js';
import type { LabelledRecord } from '../eval/labelled.js';
import { percentile } from '../eval/runEval.js';
import type { Consultations } from './index.js';
import type { CitationLabel, TurnResult, Verdict } from './types.js';

export interface EvalConsultReport {
  /** Records scored: all of them, or those finished before a cancel (a record cut short is left out). */
  records: number;
  turns: number;
  k: number;
  /** Recall@k of the final turn's evidence (audited, in order) against the gold articles. */
  recall: number;
  citations: Record<CitationLabel, number>;
  verdicts: Partial<Record<Verdict | 'failed', number>>;
  /** Share of the lawyer answer's keywords found in the generated answer (records with keywords and an answer). */
  keywordRecall: number | null;
  tokensPerTurn: { prompt: number; completion: number };
  /** Articles each turn's evidence holds (live and excluded: what the app and a report list), mean / median / most. */
  evidencePerTurn: { mean: number; median: number; max: number };
  secondsPerTurn: { median: number; p95: number };
  errors: Record<string, number>;
}

/** Runs each record as a consultation (one turn per user message) and scores what came out. */
export async function evalConsultations(
  consultations: Consultations,
  records: LabelledRecord[],
  opts: { k: number; keep?: boolean; signal?: AbortSignal; onProgress?: (done: number, total: number) => void },
): Promise<EvalConsultReport> {
  const citations: Record<CitationLabel, number> = { verified: 0, outside_evidence: 0, unresolvable: 0, quote_mismatch: 0 };
  const verdicts: EvalConsultReport['verdicts'] = {};
  const errors: Record<string, number> = {};
  const seconds: number[] = [];
  const evidenceCounts: number[] = [];
  const keywordScores: number[] = [];
  let recall = 0;
  let turns = 0;
  let prompt = 0;
  let completion = 0;
  let evaluated = 0;
  for (const [i, rec] of records.entries()) {
    if (opts.signal?.aborted) break;
    let last: TurnResult | null = null;
    const done: TurnResult[] = [];
    for (const text of rec.userTurns) {
      if (opts.signal?.aborted) break;
      last = await consultations.ask({ consultationId: last?.consultationId, text, title: `eval ${rec.record.id}`, signal: opts.signal });
      done.push(last);
    }
    // A record with no user turn has nothing to ask: it is skipped, not the end of the run.
    if (!last) continue;
    // Stopped (Ctrl+C) before this record's dialogue was finished: it is left out of every figure, not scored half done.
    if (opts.signal?.aborted && (done.length < rec.userTurns.length || last.status === 'cancelled')) {
      if (!opts.keep) consultations.delete(last.consultationId);
      break;
    }
    for (const turn of done) {
      turns++;
      seconds.push(turn.usage.seconds);
      evidenceCounts.push(turn.evidence.length);
      prompt += turn.usage.promptTokens;
      completion += turn.usage.completionTokens;
      for (const c of turn.citations) citations[c.label]++;
      if (turn.error) errors[turn.error.code] = (errors[turn.error.code] ?? 0) + 1;
    }
    evaluated++;
    const verdict = last.status === 'done' ? (last.verdict ?? 'offline') : 'failed';
    verdicts[verdict] = (verdicts[verdict] ?? 0) + 1;
    recall += recallAtK(last.evidence.filter((e) => !e.excluded).map((e) => e.articleId), rec.gold, opts.k);
    const kw = keywordsOf(rec.record.keywords);
    if (kw.length && last.answer) keywordScores.push(kw.filter((w) => last!.answer!.includes(w)).length / kw.length);
    if (!opts.keep) consultations.delete(last.consultationId);
    opts.onProgress?.(i + 1, records.length);
  }
  const n = Math.max(1, evaluated);
  return {
    records: evaluated,
    turns,
    k: opts.k,
    recall: recall / n,
    citations,
    verdicts,
    keywordRecall: keywordScores.length ? keywordScores.reduce((a, b) => a + b, 0) / keywordScores.length : null,
    tokensPerTurn: { prompt: turns ? prompt / turns : 0, completion: turns ? completion / turns : 0 },
    evidencePerTurn: {
      mean: evidenceCounts.length ? evidenceCounts.reduce((a, b) => a + b, 0) / evidenceCounts.length : 0,
      median: percentile(evidenceCounts, 50),
      max: Math.max(0, ...evidenceCounts),
    },
    secondsPerTurn: { median: percentile(seconds, 50), p95: percentile(seconds, 95) },
    errors,
  };
}

/** LeCoQA keywords: "个体工商户；财产混同" → ["个体工商户", "财产混同"]. */
export function keywordsOf(keywords: string | null | undefined): string[] {
  return (keywords ?? '').split(/[；;，,、\s]+/).map((w) => w.trim()).filter(Boolean);
}
