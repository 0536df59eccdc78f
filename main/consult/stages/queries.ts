import type { StatuteArticle } from '../../library/articles.js';
import { referencedBy, referencesOf } from '../../library/graph/statuteGraph.js';
import { articlesPassing, withDateLimits, type SearchFilters } from '../../search/filters.js';
import { retrieve, runStage, type TurnContext } from '../context.js';
import type { CandidatePool } from '../pool.js';
import { planPrompt, rulesPrompt } from '../prompts.js';
import { activeRules } from '../rules/ruleStore.js';
import { PlanSchema, RuleExpansionSchema, type LegalState, type RewriteRole } from '../schemas.js';
import type { PoolSource } from '../types.js';
import { citedLabel } from '../../../preload/contract/citationLine.js';

export interface QueryRound {
  round: number;
  role: RewriteRole;
  queries: string[];
  added: number;
  covered: boolean;
  reason: string;
}

export function articleLine(a: StatuteArticle): string {
  return `《${a.lawTitle}》${citedLabel(a)}：${a.text.slice(0, 60)}`;
}

async function addQuery(ctx: TurnContext, pool: CandidatePool, via: PoolSource['via'], query: string, filters: SearchFilters): Promise<number> {
  if (!query.trim() || pool.hasQuery(query)) return 0;
  return pool.addRanking(via, query, await retrieve(ctx, query, filters));
}

/**
 * Stage 2: the original query, then up to `maxRounds` planner rounds (one
 * rewrite role per round, each rewrite retrieved into the pool) that stop once
 * the planner reports coverage or a round adds nothing; then the user's active
 * expansion rules (appended to the original query, never replacing it).
 */
export async function queryStage(ctx: TurnContext, llm: NonNullable<TurnContext['llm']>, state: LegalState, pool: CandidatePool, filters: SearchFilters): Promise<QueryRound[]> {
  const original = ctx.turn.user_text;
  await runStage(ctx, 'retrieval', 0, async () => ({ added: await addQuery(ctx, pool, 'original', original, filters), pool: pool.size }));
  const rounds: QueryRound[] = [];
  for (let round = 1; round <= ctx.options.maxRounds; round++) {
    const tried = rounds.map((r) => r.role);
    const plan = await runStage(ctx, 'rewrite', round, async () =>
      (await llm.json({ role: 'planner', schema: PlanSchema, messages: planPrompt(original, state, round, tried, pool.ranked().map(articleLine)), signal: ctx.signal })).value,
    );
    const added = await runStage(ctx, 'retrieval', round, async () => {
      let n = plan.historyQuery ? await addQuery(ctx, pool, 'history', plan.historyQuery, filters) : 0;
      for (const q of plan.queries) n += await addQuery(ctx, pool, 'rewrite', q, filters);
      return n;
    });
    rounds.push({ round, role: plan.role, queries: plan.queries, added, covered: plan.covered, reason: plan.reason });
    if (plan.covered || (round > 1 && added === 0)) break;
  }
  await applyRules(ctx, llm, original, pool, filters);
  expandAlongGraph(ctx, pool, 8, 2, filters);
  return rounds;
}

async function applyRules(ctx: TurnContext, llm: NonNullable<TurnContext['llm']>, original: string, pool: CandidatePool, filters: SearchFilters): Promise<void> {
  const rules = activeRules(ctx.engine.db);
  if (!rules.length) return;
  await runStage(ctx, 'rewrite', 0, async () => {
    const { value } = await llm.json({ role: 'rules', schema: RuleExpansionSchema, messages: rulesPrompt(original, rules), signal: ctx.signal });
    for (const e of value.expansions) await addQuery(ctx, pool, 'rule', `${original} ${e.text}`, filters);
    return value;
  });
}

/**
 * LegalGraphRAG's rule layer: the pool's leading articles bring in the
 * articles they cite and the judicial interpretations of them.
 */
export function expandAlongGraph(ctx: TurnContext, pool: CandidatePool, top = 8, perArticle = 2, filters?: SearchFilters): number {
  let added = 0;
  const resolver = ctx.engine.searchDeps().resolver;
  // As of a past date, only what applied then (an interpretation of 2022 is no support for facts of 2019, nor is an
  // article added since: 刑法 第一百三十三条之二 in 2019); otherwise only articles in force.
  const dated = filters?.asOf ? withDateLimits(filters, resolver) : null;
  for (const a of pool.ranked().slice(0, top)) {
    // Only links checked against the version in force when the citing text was written: an unverified one may
    // point at an article that had another number then (民事诉讼法第二百三十七条 of 2017 is not that of 2023).
    const linked = [
      ...referencesOf(ctx.engine.db, a.id).filter((l) => l.verified).map((l) => ({ id: l.articleId, kind: '引用' })),
      ...referencedBy(ctx.engine.db, a.id).filter((l) => l.kind === 'interprets' && l.verified).map((l) => ({ id: l.articleId, kind: '司法解释' })),
    ].slice(0, perArticle);
    const articles = ctx.engine.articles(linked.map((l) => l.id));
    const passing = dated ? new Set(articlesPassing(ctx.engine.db, dated, { among: articles.map((t) => t.id) })) : null;
    for (const target of articles) {
      if (passing ? !passing.has(target.id) : target.status !== 'current') continue;
      const kind = linked.find((l) => l.id === target.id)!.kind;
      if (pool.addLinked(target, a, kind, pool.scoreOf(a.id))) added++;
    }
  }
  return added;
}
