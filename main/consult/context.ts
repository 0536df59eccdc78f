import type { Engine } from '../engine/index.js';
import { articleById, type StatuteArticle } from '../library/articles.js';
import { CIVIL_CODE_TITLE } from '../library/citation/civilCodeConcordance.js';
import { parseArticleLabel } from '../../preload/contract/numerals.js';
import { packOfPlace } from '../library/placePack.js';
import type { LlmClient } from '../llm/client.js';
import type { SearchFilters } from '../search/filters.js';
import type { LegalState } from './schemas.js';
import type { ConsultationRow, ConsultationStore, LawAsOfBy, TurnRow } from './store.js';
import { withExcerpts } from './excerpt.js';
import type { Evidence, StageName, TurnEvent } from './types.js';

export interface TurnOptions {
  llmRerank: boolean;
  /** SaLSA-style reordering with cached applicability summaries (needs an embedding model). */
  stateAwareRerank: boolean;
  maxRounds: number;
  maxJudgeIterations: number;
  /** Hits taken from each query into the pool. */
  perQuery: number;
  /** Candidates the applicability audit and the answer look at. */
  topK: number;
}

export const DEFAULT_TURN_OPTIONS: TurnOptions = { llmRerank: true, stateAwareRerank: false, maxRounds: 4, maxJudgeIterations: 3, perQuery: 15, topK: 8 };

/** Everything a stage needs: the engine, the store, the LLM (null offline) and the turn being run. */
export interface TurnContext {
  engine: Engine;
  store: ConsultationStore;
  llm: LlmClient | null;
  consultation: ConsultationRow;
  turn: TurnRow;
  options: TurnOptions;
  /** Today (YYYY-MM-DD): the engine's (main/db/today.ts) unless the facade was given one; the law applied when neither the consultation nor the facts give a date. */
  today: string;
  signal?: AbortSignal;
  emit: (event: TurnEvent) => void;
}

/** The date the law is applied as of: the consultation's own, else the date of the facts, else today. */
export function lawAsOf(ctx: TurnContext, state: LegalState | null): string {
  return appliedLawAsOf(ctx, state).date;
}

/** lawAsOf with why: the consultation's own date, the facts' date the state gives, or the engine's today. */
export function appliedLawAsOf(ctx: TurnContext, state: LegalState | null): { date: string; by: LawAsOfBy } {
  if (ctx.consultation.as_of) return { date: ctx.consultation.as_of, by: 'consultation' };
  if (state?.factDate) return { date: state.factDate, by: 'facts' };
  return { date: ctx.today, by: 'today' };
}

/**
 * Stores with the turn the date its run applies the law as of (a report names it; lawDates.ts): written as the run
 * starts and again once the state gives a facts' date, so a retry on another day or under another today rewrites it.
 */
export function recordLawAsOf(ctx: TurnContext, state: LegalState | null): void {
  const { date, by } = appliedLawAsOf(ctx, state);
  ctx.store.updateTurn(ctx.turn.id, { law_as_of: date, law_as_of_by: by });
}

/**
 * For each of `evidence` read in place of a text the library lacks for the date the law is applied as of, what it
 * stands in for, in a few words: a later text (刑法 of 2020 for a theft of 2019; versionGap.ts) or 民法典 for the
 * civil law of the time (合同法 in 2019; civilCodeStandIn.ts); undefined for the others.
 */
export function readForOf(ctx: TurnContext, state: LegalState | null): (e: Pick<Evidence, 'articleId'>) => ReadFor | undefined {
  const asOf = lawAsOf(ctx, state);
  const resolver = ctx.engine.searchDeps().resolver;
  return (e) => {
    const gap = resolver.textGap(e.articleId, asOf);
    if (!gap?.short) return undefined;
    const then = gap.then ? { text: gap.then.text, source: gap.then.source, asOf } : undefined;
    const kind = gap.confirmed ? 'confirmed' : gap.notLaw ? 'not-law' : gap.amendedSince ? 'amended' : 'in-place';
    // 民法典 第一千一百二十八条 for a nephew's claim of 2020: standing in for 继承法, and applied then by the time-effect interpretation.
    const retro = gap.short && !gap.notLaw ? retroactiveOf(ctx, e.articleId, asOf) : null;
    return { tag: retro ? `${gap.short}；${retro}` : gap.short, kind, ...(then ? { then } : {}) };
  };
}

/** The time-effect interpretation's word on a 民法典 article as of a date before it (civilCodeRetroactive.ts), in short; else null. */
function retroactiveOf(ctx: TurnContext, articleId: number, asOf: string): string | null {
  const article = articleById(ctx.engine.db, articleId);
  if (!article || article.lawTitle !== CIVIL_CODE_TITLE) return null;
  const n = parseArticleLabel(article.label);
  return n && n.subNumber === 0 ? ctx.engine.searchDeps().resolver.retroactiveNote(n.number, asOf)?.short ?? null : null;
}

/**
 * What the prompts say of a piece of evidence dated apart from its document: its tag; whether it stands in for a text
 * the library lacks (`in-place`), was amended after the date (`amended`, with the text of the date when the law's
 * amendments give it), is vouched for as the text of the date (`confirmed`: 刑法 第二百六十四条 in 2019), or was no law
 * then (`not-law`: added later, or deleted by then).
 */
export interface ReadFor {
  tag: string;
  kind: 'in-place' | 'amended' | 'confirmed' | 'not-law';
  then?: { text: string; source: string; asOf: string };
}

/** The imported province pack the user's place belongs to (placePack.ts), if one does. */
export function provinceOf(ctx: TurnContext, state: LegalState | null): string | null {
  const place = ctx.consultation.place ?? state?.place ?? null;
  return place ? packOfPlace(ctx.engine.db, place).province : null;
}

export function searchFilters(ctx: TurnContext, state: LegalState | null): SearchFilters {
  const asOf = ctx.consultation.as_of ?? state?.factDate ?? undefined;
  const province = provinceOf(ctx, state);
  return { ...(asOf ? { asOf } : { currentOnly: true }), ...(province ? { provinces: [province] } : {}) };
}

export async function retrieve(ctx: TurnContext, query: string, filters: SearchFilters, limit = ctx.options.perQuery): Promise<StatuteArticle[]> {
  const ranked = await ctx.engine.retrieval.rank(query, { limit, filters });
  const byId = new Map(ctx.engine.articles(ranked.map((r) => r.id)).map((a) => [a.id, a]));
  return ranked.flatMap((r) => byId.get(r.id) ?? []);
}

/** Stores the turn's evidence as it stands, each article with the excerpt that shows the words that found it. */
export function saveEvidence(ctx: TurnContext, evidence: Evidence[]): void {
  ctx.store.saveEvidence(ctx.turn.id, withExcerpts(evidence, (query) => ctx.engine.retrieval.searchedTerms(query)));
}

/**
 * Runs one stage: emits started/done (with its time) or failed, and stores
 * its outcome so a failed turn keeps every finished stage.
 */
export async function runStage<T>(ctx: TurnContext, stage: StageName, iteration: number, fn: () => Promise<T>, stored?: (value: T) => unknown): Promise<T> {
  ctx.emit({ type: 'stage', stage, iteration, status: 'started' });
  const started = performance.now();
  try {
    const value = await fn();
    const ms = performance.now() - started;
    ctx.store.saveStage(ctx.turn.id, stage, iteration, 'done', ms, stored ? stored(value) : value);
    ctx.emit({ type: 'stage', stage, iteration, status: 'done', ms: Math.round(ms) });
    return value;
  } catch (err) {
    const ms = performance.now() - started;
    ctx.store.saveStage(ctx.turn.id, stage, iteration, 'failed', ms, { error: err instanceof Error ? err.message : String(err) });
    ctx.emit({ type: 'stage', stage, iteration, status: 'failed', ms: Math.round(ms), detail: err instanceof Error ? err.message : String(err) });
    throw err;
  }
}

export function skipStage(ctx: TurnContext, stage: StageName, iteration: number, why: string): void {
  ctx.store.saveStage(ctx.turn.id, stage, iteration, 'skipped', 0, { why });
  ctx.emit({ type: 'stage', stage, iteration, status: 'skipped', detail: why });
}
