import type { StatuteArticle } from '../../library/articles.js';
import { readForOf, runStage, type TurnContext } from '../context.js';
import type { CandidatePool } from '../pool.js';
import { auditPrompt, checklistPrompt, evidenceLine } from '../prompts.js';
import { AuditSchema, ChecklistSchema, type LegalState } from '../schemas.js';
import { cachedNote, storeNote } from './articleNotes.js';


/** Condition checklists for the articles, generated once per article text and cached. */
async function checklists(ctx: TurnContext, llm: NonNullable<TurnContext['llm']>, articles: StatuteArticle[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  const missing: StatuteArticle[] = [];
  for (const a of articles) {
    const c = cachedNote(ctx.engine.db, 'checklist', a.text);
    if (c) out.set(a.id, JSON.parse(c) as string[]);
    else missing.push(a);
  }
  if (missing.length) {
    const lines = missing.map((a) => evidenceLine({ ...a, articleLabel: a.label }, 300));
    const { value, reply } = await llm.json({ role: 'checklist', schema: ChecklistSchema, messages: checklistPrompt(lines), signal: ctx.signal });
    for (const item of value.items) {
      const a = missing[item.index];
      if (!a) continue;
      out.set(a.id, item.conditions);
      storeNote(ctx.engine.db, 'checklist', a.text, reply.model, JSON.stringify(item.conditions));
    }
  }
  return out;
}

export interface ExcludedArticle {
  articleId: number;
  failedCondition: string;
}

/**
 * Rounds of auditing in one stage. Pruning moves lower-ranked articles up
 * into the top `topK`; each round audits those, so the bound keeps the LLM
 * calls at two a round (checklists, audit). Articles still unaudited after
 * the last round are not passed on (see CandidatePool.auditedEvidence).
 */
const MAX_AUDIT_ROUNDS = 3;

/**
 * Stage 4: each leading candidate's conditions are checked against the facts
 * in the state; candidates whose conditions clearly fail are pruned and kept
 * as "considered and excluded" with the condition that failed. Articles that
 * move up into the top `topK` after a pruning are audited too; an article is
 * audited once per turn (the state does not change within a turn).
 */
export async function applicabilityStage(ctx: TurnContext, state: LegalState, pool: CandidatePool, order: number[], iteration: number): Promise<ExcludedArticle[]> {
  const llm = ctx.llm!;
  return runStage(ctx, 'audit', iteration, async () => {
    const excluded: ExcludedArticle[] = [];
    for (let round = 0; round < MAX_AUDIT_ROUNDS; round++) {
      const unaudited = pool.ranked(order).slice(0, ctx.options.topK).filter((a) => !pool.isAudited(a.id));
      if (!unaudited.length) break;
      excluded.push(...(await auditRound(ctx, llm, state, pool, unaudited)));
    }
    return excluded;
  });
}

/** One audit call over `articles`: marks them audited and prunes those whose conditions fail. */
async function auditRound(ctx: TurnContext, llm: NonNullable<TurnContext['llm']>, state: LegalState, pool: CandidatePool, articles: StatuteArticle[]): Promise<ExcludedArticle[]> {
  const lists = await checklists(ctx, llm, articles);
  // An article read in place of the text of the time says so here too, as the facts' date matters to what applies.
  const readFor = readForOf(ctx, state);
  const items = articles.map((a) => ({ article: evidenceLine({ ...a, articleLabel: a.label }, 200, readFor({ articleId: a.id })), conditions: lists.get(a.id) ?? [] }));
  const { value } = await llm.json({ role: 'audit', schema: AuditSchema, messages: auditPrompt(state, items), signal: ctx.signal });
  for (const a of articles) pool.markAudited(a.id);
  const excluded: ExcludedArticle[] = [];
  for (const r of value.results) {
    const a = articles[r.index];
    if (!a || r.applicable) continue;
    const failed = r.failedCondition || r.reason || '不满足适用条件';
    pool.exclude(a.id, failed);
    excluded.push({ articleId: a.id, failedCondition: failed });
  }
  return excluded;
}
