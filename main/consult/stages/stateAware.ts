import type { StatuteArticle } from '../../library/articles.js';
import type { TurnContext } from '../context.js';
import { evidenceLine, summaryPrompt } from '../prompts.js';
import { SummaryBatchSchema, type LegalState } from '../schemas.js';
import { cachedNote, storeNote } from './articleNotes.js';

const WINDOW = 20;
/**
 * SaLSA-style combination of the min-max normalised first-stage position,
 * cos(query, summary) and cos(state, summary) (SaLSA's fourth feature,
 * cos(query, state), is the same for every candidate of a turn and cannot
 * change the order). Fixed weights (no labelled applicability summaries exist
 * to fit them on); the first-stage order dominates, the summaries break ties
 * and lift articles whose operative conditions match the facts.
 */
const WEIGHTS = { first: 0.6, querySummary: 0.15, stateSummary: 0.25 };

/** Applicability summaries (conditions, effects, scenarios) for the articles, generated once per article text and cached. */
export async function applicabilitySummaries(ctx: TurnContext, articles: StatuteArticle[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const missing = articles.filter((a) => {
    const s = cachedNote(ctx.engine.db, 'summary', a.text);
    if (s) out.set(a.id, s);
    return !s;
  });
  if (!missing.length) return out;
  const lines = missing.map((a) => evidenceLine({ ...a, articleLabel: a.label }, 300));
  const { value, reply } = await ctx.llm!.json({ role: 'summary', schema: SummaryBatchSchema, messages: summaryPrompt(lines), signal: ctx.signal });
  for (const item of value.items) {
    const a = missing[item.index];
    if (!a) continue;
    const text = `适用条件：${item.conditions.join('；')}。法律效果：${item.effects.join('；')}。典型情形：${item.scenarios.join('；')}`;
    storeNote(ctx.engine.db, 'summary', a.text, reply.model, text);
    out.set(a.id, text);
  }
  return out;
}

export function stateText(state: LegalState): string {
  return [state.subQuestion, ...state.disputeFocus, ...state.keyFacts, ...state.relations].filter(Boolean).join('；');
}

function cos(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** Reorders the leading window of `order` with the state-aware features; the rest keeps its place. */
export async function stateAwareOrder(ctx: TurnContext, state: LegalState, ranked: StatuteArticle[]): Promise<{ order: number[]; features: Array<{ articleId: number; score: number }> }> {
  const window = ranked.slice(0, WINDOW);
  const summaries = await applicabilitySummaries(ctx, window);
  const embedder = await ctx.engine.retrieval.loadEmbedder();
  const [q, s] = await embedder.embed([ctx.turn.user_text, stateText(state)], 'query');
  const docs = await embedder.embed(window.map((a) => summaries.get(a.id) ?? a.text), 'document');
  const features = window.map((a, i) => {
    const first = window.length > 1 ? 1 - i / (window.length - 1) : 1;
    const score = WEIGHTS.first * first + WEIGHTS.querySummary * cos(q!, docs[i]!) + WEIGHTS.stateSummary * cos(s!, docs[i]!);
    return { articleId: a.id, score };
  });
  const reordered = [...features].sort((x, y) => y.score - x.score).map((f) => f.articleId);
  return { order: [...reordered, ...ranked.slice(WINDOW).map((a) => a.id)], features };
}
