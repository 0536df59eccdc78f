import crypto from 'node:crypto';
import type { Db } from '../../db/open.js';
import type { LlmClient } from '../../llm/client.js';
import { recallAtK } from '../../eval/metrics.js';
import { rulesPrompt } from '../prompts.js';
import { RuleExpansionSchema } from '../schemas.js';
import { actionPrompt, EvolveActionSchema, VoteSchema, votePrompt, type ExperimentRecord } from './evolveAgent.js';
import { addRule, listRules, retireRule, type ExpansionRule } from './ruleStore.js';

export interface LabelledQuery {
  query: string;
  gold: ReadonlySet<number>;
}

export interface EvolveOptions {
  db: Db;
  llm: LlmClient;
  rank: (query: string, k: number) => Promise<number[]>;
  queries: LabelledQuery[];
  file: string;
  k: number;
  /** Agent steps (create / experiment / eliminate proposals). */
  steps: number;
  /** Independent votes that must all agree before a rule is eliminated. */
  votes: number;
  /** The greedy baseline instead of the agent: score each rule alone, keep the best three. */
  greedy?: boolean;
  signal?: AbortSignal;
  onProgress?: (line: string) => void;
}

export interface EvolveResult {
  runId: string;
  baseline: number;
  experiments: ExperimentRecord[];
  /** The best rule set measured (empty when no set beat the baseline). */
  best: ExperimentRecord;
}

/**
 * Self-evolving query expansion rules: an LLM agent creates rules, plans
 * experiments on rule sets it has not tried, and proposes eliminations that
 * only happen when independent votes agree. Each experiment expands every
 * query of the labelled file with the rules (appended to the original query)
 * and measures Recall@k with the real retrieval engine. Every step is stored.
 */
export async function evolveRules(o: EvolveOptions): Promise<EvolveResult> {
  const runId = `${new Date().toISOString().slice(0, 19)}-${crypto.randomBytes(3).toString('hex')}`;
  const log = (action: string, ruleIds: number[], recall: number | null, note: string | null) =>
    o.db
      .prepare('INSERT INTO rule_experiments (run_id, action, rule_ids, file, k, recall, note, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(runId, action, JSON.stringify(ruleIds), o.file, o.k, recall, note, new Date().toISOString());
  const baseline = await measure(o, []);
  log('baseline', [], baseline, null);
  o.onProgress?.(`baseline Recall@${o.k} ${baseline.toFixed(3)}`);
  const experiments: ExperimentRecord[] = [];
  const tried = new Set<string>();
  const experiment = async (rules: ExpansionRule[], action: string): Promise<ExperimentRecord> => {
    const ruleIds = rules.map((r) => r.id).sort((a, b) => a - b);
    tried.add(ruleIds.join(','));
    const recall = await measure(o, rules);
    log(action, ruleIds, recall, null);
    o.onProgress?.(`${action} {${ruleIds.join(',')}} Recall@${o.k} ${recall.toFixed(3)}`);
    const rec = { ruleIds, recall };
    experiments.push(rec);
    return rec;
  };
  if (o.greedy) await greedy(o, experiment);
  else await agentLoop(o, experiments, tried, baseline, experiment, log);
  const best = experiments.reduce<ExperimentRecord>((b, e) => (e.recall > b.recall ? e : b), { ruleIds: [], recall: baseline });
  log('best', best.ruleIds, best.recall, best.ruleIds.length ? null : 'no rule set beat the baseline');
  return { runId, baseline, experiments, best };
}

async function greedy(o: EvolveOptions, experiment: (rules: ExpansionRule[], action: string) => Promise<ExperimentRecord>): Promise<void> {
  const rules = listRules(o.db).filter((r) => !r.retired);
  const singles: Array<{ rule: ExpansionRule; recall: number }> = [];
  for (const rule of rules) singles.push({ rule, recall: (await experiment([rule], 'greedy-single')).recall });
  const top = singles.sort((a, b) => b.recall - a.recall).slice(0, 3).map((s) => s.rule);
  if (top.length > 1) await experiment(top, 'greedy-top3');
}

async function agentLoop(
  o: EvolveOptions,
  experiments: ExperimentRecord[],
  tried: Set<string>,
  baseline: number,
  experiment: (rules: ExpansionRule[], action: string) => Promise<ExperimentRecord>,
  log: (action: string, ruleIds: number[], recall: number | null, note: string | null) => unknown,
): Promise<void> {
  const samples = o.queries.slice(0, 5).map((q) => q.query.slice(0, 80));
  for (let step = 1; step <= o.steps; step++) {
    const rules = listRules(o.db).filter((r) => !r.retired);
    const { value: act } = await o.llm.json({ role: 'evolve', schema: EvolveActionSchema, messages: actionPrompt(rules, experiments, baseline, o.k, samples), signal: o.signal });
    if (act.action === 'stop') {
      log('stop', [], null, act.reason);
      break;
    }
    if (act.action === 'create') {
      const name = rules.some((r) => r.name === act.name) ? `${act.name}-${step}` : act.name;
      const rule = addRule(o.db, { name, instruction: act.instruction, outputFormat: act.outputFormat, origin: 'evolved' });
      log('create', [rule.id], null, `${rule.name}: ${rule.instruction}`);
      o.onProgress?.(`create #${rule.id} ${rule.name}`);
      continue;
    }
    if (act.action === 'experiment') {
      const ids = [...new Set(act.ruleIds)].sort((a, b) => a - b);
      const set = rules.filter((r) => ids.includes(r.id));
      if (set.length !== ids.length || tried.has(ids.join(','))) {
        log('rejected', ids, null, set.length !== ids.length ? 'unknown or eliminated rule' : 'already tried');
        continue;
      }
      await experiment(set, 'experiment');
      continue;
    }
    const rule = rules.find((r) => r.id === act.ruleId);
    if (!rule) {
      log('rejected', [act.ruleId], null, 'unknown rule');
      continue;
    }
    const votes: boolean[] = [];
    for (let v = 0; v < o.votes; v++) {
      votes.push((await o.llm.json({ role: 'evolve', schema: VoteSchema, messages: votePrompt(rule, experiments, baseline, o.k), signal: o.signal, temperature: 0.7 })).value.eliminate);
    }
    const agreed = votes.every(Boolean);
    if (agreed) retireRule(o.db, rule.id);
    log(agreed ? 'eliminate' : 'kept', [rule.id], null, `votes ${votes.filter(Boolean).length}/${votes.length} for elimination: ${act.reason}`);
    o.onProgress?.(`${agreed ? 'eliminated' : 'kept'} #${rule.id} (votes ${votes.filter(Boolean).length}/${votes.length})`);
  }
}

/** Mean Recall@k over the queries, each expanded by the rules (appended to the original). */
async function measure(o: EvolveOptions, rules: ExpansionRule[]): Promise<number> {
  let total = 0;
  for (const q of o.queries) {
    let text = q.query;
    if (rules.length) {
      const { value } = await o.llm.json({ role: 'rules', schema: RuleExpansionSchema, messages: rulesPrompt(q.query, rules), signal: o.signal });
      const extra = value.expansions.map((e) => e.text).filter(Boolean).join(' ');
      if (extra) text = `${q.query} ${extra}`;
    }
    total += recallAtK(await o.rank(text, o.k), q.gold, o.k);
  }
  return o.queries.length ? total / o.queries.length : 0;
}

export interface HistoryRow {
  run_id: string;
  action: string;
  rule_ids: string;
  file: string;
  k: number;
  recall: number | null;
  note: string | null;
  created_at: string;
}

export function ruleHistory(db: Db, runId?: string): HistoryRow[] {
  return (runId
    ? db.prepare('SELECT * FROM rule_experiments WHERE run_id = ? ORDER BY id').all(runId)
    : db.prepare('SELECT * FROM rule_experiments ORDER BY id').all()) as HistoryRow[];
}
