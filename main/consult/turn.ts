import { isLexError, LexError } from '../util/errors.js';
import { countLabels, auditCitations } from './citationAudit.js';
import { lawAsOf, recordLawAsOf, retrieve, runStage, saveEvidence as storeEvidence, searchFilters, skipStage, type TurnContext } from './context.js';
import { CandidatePool } from './pool.js';
import type { LegalState } from './schemas.js';
import { answerStage } from './stages/answer.js';
import { applicabilityStage } from './stages/applicability.js';
import { judgeStage } from './stages/judge.js';
import { legalStateStage } from './stages/legalState.js';
import { expandAlongGraph, queryStage } from './stages/queries.js';
import { rerankStage } from './stages/rerank.js';
import type { TurnFields } from './store.js';
import type { OfflineCode, QuestionCitation, Verdict } from './types.js';
import { checkDraft } from './draftCheck.js';
import { crimeScopeOf, scopeFilter } from './crimeScope.js';
import { modelTitle, stateTitle } from './title.js';

const OFFLINE_RESULTS = 10;

/**
 * One consultation turn: state → query rewriting and retrieval (pool) →
 * rerank → applicability audit → judge loop (refine and retrieve again while
 * INSUFFICIENT, at most `maxJudgeIterations`) → streamed answer → citation
 * audit. Every stage's outcome is stored as it finishes; an unreachable
 * endpoint degrades to offline mode, any other failure leaves the turn failed
 * (or cancelled) with its message and finished stages kept for a retry.
 */
export async function runTurn(ctx: TurnContext): Promise<void> {
  const llm = ctx.llm;
  recordLawAsOf(ctx, null);
  if (!llm) return runOffline(ctx, { code: 'llm_not_configured', reason: 'No LLM endpoint is configured: showing the ranked statutes only.' }, null);
  const pool = new CandidatePool();
  let state: LegalState | null = null;
  let order: number[] = [];
  const saveEvidence = () => storeEvidence(ctx, pool.toEvidence(order));
  try {
    const stated = await legalStateStage(ctx, llm);
    state = stated.state;
    recordLawAsOf(ctx, state);
    const { flagged: questionCitations, cited } = checkQuestion(ctx, lawAsOf(ctx, state));
    const crimes = scopeToCrimes(ctx, pool, state, cited);
    titleFromState(ctx, state, crimes, stated.title);
    const filters = searchFilters(ctx, state);
    await queryStage(ctx, llm, state, pool, filters);
    order = await rerankStage(ctx, state, pool, 0);
    saveEvidence();
    await applicabilityStage(ctx, state, pool, order, 0);
    order = pool.auditedFirst(order);
    saveEvidence();
    let verdict: Verdict = 'insufficient';
    for (let iteration = 1; ; iteration++) {
      const kept = pool.auditedEvidence(order, ctx.options.topK);
      const judged = await judgeStage(ctx, state, kept, iteration);
      if (judged.verdict === 'SUFFICIENT') {
        verdict = 'sufficient';
        break;
      }
      if (iteration >= ctx.options.maxJudgeIterations) {
        verdict = 'insufficient_at_limit';
        break;
      }
      if (!judged.refinementQueries.length) break;
      await runStage(ctx, 'retrieval', iteration * 10, async () => {
        let added = 0;
        for (const q of judged.refinementQueries) if (!pool.hasQuery(q)) added += pool.addRanking('refinement', q, await retrieve(ctx, q, filters));
        return { queries: judged.refinementQueries, added: added + expandAlongGraph(ctx, pool, 8, 2, filters) };
      });
      order = await rerankStage(ctx, state, pool, iteration);
      saveEvidence();
      await applicabilityStage(ctx, state, pool, order, iteration);
      order = pool.auditedFirst(order);
      saveEvidence();
    }
    ctx.store.updateTurn(ctx.turn.id, { verdict });
    const numbered = pool.auditedEvidence(order, ctx.options.topK);
    const answer = await answerStage(ctx, state, numbered, verdict === 'sufficient', questionCitations);
    ctx.store.updateTurn(ctx.turn.id, { answer });
    const citations = await runStage(
      ctx,
      'citations',
      0,
      async () => auditCitations(answer, numbered, ctx.engine.searchDeps().resolver, lawAsOf(ctx, state)),
      (c) => countLabels(c),
    );
    ctx.store.saveCitations(ctx.turn.id, citations);
    finish(ctx, { status: 'done', mode: 'llm' });
  } catch (err) {
    if (pool.size) saveEvidence();
    if (isLexError(err) && err.code === 'llm_unreachable') return runOffline(ctx, { code: 'llm_unreachable', reason: `${err.message} Showing the ranked statutes only.` }, pool.size ? pool : null);
    const e = isLexError(err) ? err : new LexError('internal', err instanceof Error ? err.message : String(err));
    finish(ctx, { status: e.code === 'llm_cancelled' ? 'cancelled' : 'failed', mode: 'llm', error_code: e.code, error_message: e.message });
  }
}

/** No LLM (none configured, or unreachable): the ranked statutes for the query, labelled as offline. */
async function runOffline(ctx: TurnContext, why: { code: OfflineCode; reason: string }, existing: CandidatePool | null): Promise<void> {
  const offline = { mode: 'offline', offline_reason: why.reason, offline_code: why.code } as const;
  try {
    const pool = existing ?? new CandidatePool();
    // Statutes found afresh are found as of today (or the consultation's date); a pool kept from before, as of the state's.
    if (!existing) recordLawAsOf(ctx, null);
    const { cited } = checkQuestion(ctx, lawAsOf(ctx, null));
    if (!existing) scopeToCrimes(ctx, pool, null, cited);
    if (!existing) {
      await runStage(ctx, 'retrieval', 0, async () => {
        const filters = searchFilters(ctx, null);
        pool.addRanking('original', ctx.turn.user_text, await retrieve(ctx, ctx.turn.user_text, filters, OFFLINE_RESULTS));
        const earlier = ctx.store.turns(ctx.consultation.id).filter((t) => t.seq < ctx.turn.seq).map((t) => t.user_text);
        const historyQuery = [...earlier.slice(-2), ctx.turn.user_text].join(' ');
        if (earlier.length) pool.addRanking('history', historyQuery, await retrieve(ctx, historyQuery, filters, OFFLINE_RESULTS));
        return { pool: pool.size };
      });
    }
    const ranked = pool.ranked().slice(0, OFFLINE_RESULTS).map((a) => a.id);
    storeEvidence(ctx, pool.toEvidence(ranked).filter((e) => ranked.includes(e.articleId)));
    for (const stage of ['judge', 'answer'] as const) skipStage(ctx, stage, 0, 'offline');
    finish(ctx, { status: 'done', ...offline, verdict: 'offline' });
  } catch (err) {
    const e = isLexError(err) ? err : new LexError('internal', err instanceof Error ? err.message : String(err));
    finish(ctx, { status: 'failed', ...offline, error_code: e.code, error_message: e.message });
  }
}

/**
 * The statute citations of the user's message worth a word (a repealed law, an older numbering, a 款 or 项
 * the article lacks, a version not in force, a misquotation; not a clause of the client's contract), checked as a
 * draft is and stored with the turn; and every article it cites (`cited`), which no scope leaves out.
 * A check that fails costs the turn nothing: it then has none.
 */
function checkQuestion(ctx: TurnContext, asOf: string): { flagged: QuestionCitation[]; cited: Set<number> } {
  let flagged: QuestionCitation[] = [];
  const cited = new Set<number>();
  try {
    const all = checkDraft(ctx.engine.searchDeps().resolver, ctx.turn.user_text, asOf).citations;
    for (const c of all) if (c.articleId !== null) cited.add(c.articleId);
    flagged = all
      // The client's own 《劳动合同》第五条 is no statute to warn of.
      .filter((c) => c.finding !== 'ok' && c.finding !== 'not_statute')
      .map(({ marker, finding, articleId, lawTitle, articleLabel, publishDate, status, note, noteZh, quote, original }) => ({ marker, finding, articleId, lawTitle, articleLabel, publishDate, status, note, noteZh, quote, original }));
  } catch {
    flagged = [];
  }
  ctx.store.updateTurn(ctx.turn.id, { question_citations: JSON.stringify(flagged) });
  return { flagged, cited };
}

/**
 * In a criminal matter (a crime named in the messages so far or the state), the pool takes no article of another
 * crime (crimeScope.ts): the evidence holds the procedure's articles and the client's crime's. Articles the user
 * cited stay whatever they are.
 */
function scopeToCrimes(ctx: TurnContext, pool: CandidatePool, state: LegalState | null, cited: ReadonlySet<number>): string[] {
  const texts = ctx.store.turns(ctx.consultation.id).filter((t) => t.seq <= ctx.turn.seq).map((t) => t.user_text);
  const scope = crimeScopeOf(ctx.engine.db, texts, state);
  if (scope) pool.setScope(scopeFilter(ctx.engine.db, scope, cited));
  return scope?.names ?? [];
}

/**
 * The first turn's state names the matter: the consultation's title, still the opening of its first message, becomes
 * the title the model wrote with the state, else the matter and its core issue (title.ts). A title the user gave or
 * renamed is never touched (store.retitle), and nothing here can fail the turn.
 */
function titleFromState(ctx: TurnContext, state: LegalState, crimes: readonly string[], written: unknown): void {
  if (ctx.turn.seq !== 1) return;
  try {
    const byModel = modelTitle(written);
    const title = byModel ?? stateTitle(state, crimes);
    if (title) ctx.store.retitle(ctx.consultation.id, title, byModel ? 'llm' : 'state');
  } catch {
    // The title stays the question's.
  }
}

function finish(ctx: TurnContext, fields: TurnFields): void {
  const totals = ctx.store.usage(ctx.turn.id);
  ctx.store.finishTurn(ctx.turn.id, ctx.turn.owner, { ...fields, prompt_tokens: totals.promptTokens, completion_tokens: totals.completionTokens, cost: totals.cost, finished_at: new Date().toISOString() });
}
