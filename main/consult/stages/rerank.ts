import { runStage, skipStage, type TurnContext } from '../context.js';
import type { CandidatePool } from '../pool.js';
import { evidenceLine, rerankPrompt } from '../prompts.js';
import { RerankSchema, type LegalState } from '../schemas.js';
import { stateAwareOrder } from './stateAware.js';

const LLM_WINDOW = 20;

/**
 * Stage 3: the pool in offline order (weighted reciprocal rank over all
 * queries, each query already ranked by the hybrid engine and its learned
 * reranker), then optionally an LLM listwise rerank of the leading candidates
 * that may only return their indices (it cannot add an article), then
 * optionally the state-aware reordering with applicability summaries.
 */
export async function rerankStage(ctx: TurnContext, state: LegalState, pool: CandidatePool, iteration: number): Promise<number[]> {
  const offline = pool.ranked().map((a) => a.id);
  const llm = ctx.llm;
  const useLlm = !!llm && ctx.options.llmRerank && offline.length > 1;
  const useState = !!llm && ctx.options.stateAwareRerank && offline.length > 1;
  if (!useLlm && !useState) {
    skipStage(ctx, 'rerank', iteration, !llm ? 'offline' : 'LLM reranking is off');
    return offline;
  }
  return runStage(
    ctx,
    'rerank',
    iteration,
    async () => {
      let order = offline;
      if (useLlm) {
        const window = pool.ranked().slice(0, LLM_WINDOW);
        const lines = window.map((a) => evidenceLine({ ...a, articleLabel: a.label }, 160));
        const { value } = await llm.json({ role: 'rerank', schema: RerankSchema, messages: rerankPrompt(ctx.turn.user_text, state, lines), signal: ctx.signal });
        order = mergeRanking(value.ranking, window.map((a) => a.id), offline);
      }
      if (useState) order = (await stateAwareOrder(ctx, state, pool.ranked(order))).order;
      return order;
    },
    (order) => ({ order: order.slice(0, LLM_WINDOW), llm: useLlm, stateAware: useState }),
  );
}

/** Valid, distinct indices first; candidates the model left out keep their offline order after them. */
export function mergeRanking(ranking: number[], window: number[], offline: number[]): number[] {
  const picked: number[] = [];
  for (const i of ranking) {
    const id = window[i];
    if (id !== undefined && !picked.includes(id)) picked.push(id);
  }
  return [...picked, ...offline.filter((id) => !picked.includes(id))];
}
