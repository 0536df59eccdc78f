import path from 'node:path';
import { evolveRules, ruleHistory } from '../../consult/rules/evolve.js';
import { activateRules, addRule, deleteRule, listRules } from '../../consult/rules/ruleStore.js';
import type { Engine } from '../../engine/index.js';
import type { ModelOptions } from '../../engine/retrieval.js';
import { labelledRecords } from '../../eval/labelled.js';
import { LlmClient } from '../../llm/client.js';
import { LexError } from '../../util/errors.js';
import { intOption, listOption, parseCommand } from '../args.js';
import { cliSettings } from '../llmConfig.js';
import { interrupted, type Output } from '../output.js';
import { MODEL_DIR_OPTIONS, modelOptionsOf } from './modelOptions.js';

const USAGE = `lexdesk rules list
  lexdesk rules add --name NAME --instruction TEXT [--format "[A]、[B]、[C]"] [--active]
  lexdesk rules activate ID[,ID…] | --none
  lexdesk rules delete ID
  lexdesk rules history [--run RUN_ID]
  lexdesk rules evolve FILE.jsonl [--limit 40] [--steps 8] [--k 10] [--votes 3] [--greedy] [--activate] [--model DIR | --http-base URL --http-model NAME] [--cross-encoder DIR] [--providers cuda,cpu]`;

export async function rulesCommand(args: string[], open: (db?: string, models?: ModelOptions) => Engine, out: Output): Promise<number> {
  const [action = 'list', ...rest] = args;
  const { values, positionals } = parseCommand(
    rest,
    {
      name: { type: 'string' }, instruction: { type: 'string' }, format: { type: 'string' }, active: { type: 'boolean', default: false },
      none: { type: 'boolean', default: false }, run: { type: 'string' }, limit: { type: 'string' }, steps: { type: 'string' }, k: { type: 'string' },
      votes: { type: 'string' }, greedy: { type: 'boolean', default: false }, activate: { type: 'boolean', default: false }, ...MODEL_DIR_OPTIONS,
    },
    USAGE,
  );
  const engine = open(values.db as string | undefined, modelOptionsOf(values));
  try {
    const db = engine.db;
    switch (action) {
      case 'list': {
        const rules = listRules(db);
        if (out.json) out.printJson(rules);
        else if (!rules.length) out.print('No expansion rules. Add one: lexdesk rules add --name 同义词 --instruction "为每个关键法律术语补充同义词和变体"');
        else for (const r of rules) out.print(`${r.id}\t${r.active ? 'active ' : r.retired ? 'retired' : '       '}\t${r.origin}\t${r.name}：${r.instruction}（${r.outputFormat}）`);
        return 0;
      }
      case 'add': {
        if (!values.name || !values.instruction) throw new LexError('usage', `rules add needs --name and --instruction.\nUsage: ${USAGE}`);
        const rule = addRule(db, { name: String(values.name), instruction: String(values.instruction), outputFormat: String(values.format ?? '[A]、[B]、[C]'), active: Boolean(values.active) });
        if (out.json) out.printJson(rule);
        else out.print(`Added rule ${rule.id} (${rule.active ? 'active' : 'inactive'}).`);
        return 0;
      }
      case 'activate': {
        const ids = values.none ? [] : (listOption(positionals[0]) ?? []).map((x) => intOption(x, 'id', 0));
        if (!values.none && !ids.length) throw new LexError('usage', `Name the rule ids, or --none.\nUsage: ${USAGE}`);
        activateRules(db, ids);
        out.print(ids.length ? `Active rules: ${ids.join(', ')}` : 'No rules active.');
        return 0;
      }
      case 'delete':
        deleteRule(db, intOption(positionals[0], 'id', 0));
        out.print('Deleted.');
        return 0;
      case 'history': {
        const rows = ruleHistory(db, values.run as string | undefined);
        if (out.json) out.printJson(rows);
        else for (const r of rows) out.print(`${r.run_id}\t${r.action}\t${r.rule_ids}\t${r.recall === null ? '' : r.recall.toFixed(3)}\t${r.note ?? ''}`);
        return 0;
      }
      case 'evolve':
        return await evolve(engine, positionals[0], values, out);
      default:
        throw new LexError('usage', `Unknown rules action "${action}".\nUsage: ${USAGE}`);
    }
  } finally {
    engine.close();
  }
}

async function evolve(engine: Engine, file: string | undefined, values: Record<string, unknown>, out: Output): Promise<number> {
  if (!file) throw new LexError('usage', `rules evolve needs a labelled FILE.jsonl.\nUsage: ${USAGE}`);
  const llm = cliSettings().llm();
  if (!llm) throw new LexError('llm_not_configured', 'Rule evolution needs an LLM endpoint: lexdesk llm set --preset … (or LEXDESK_LLM_BASE_URL and LEXDESK_LLM_MODEL).');
  const k = intOption(values.k, 'k', 10);
  const queries = labelledRecords(engine.db, path.resolve(file), intOption(values.limit, 'limit', 40)).map((r) => ({ query: r.query, gold: r.gold }));
  if (!queries.length) throw new LexError('eval-file-empty', `${file} has no records whose gold articles are in this library.`);
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  let result: Awaited<ReturnType<typeof evolveRules>>;
  try {
    result = await evolveRules({
      db: engine.db,
      llm: new LlmClient(llm.endpoint),
      rank: async (q, limit) => (await engine.retrieval.rank(q, { limit })).map((r) => r.id),
      queries,
      file: path.basename(file),
      k,
      steps: intOption(values.steps, 'steps', 8),
      votes: intOption(values.votes, 'votes', 3),
      greedy: Boolean(values.greedy),
      signal: controller.signal,
      onProgress: out.json ? undefined : (line) => process.stderr.write(`  · ${line}\n`),
    });
  } catch (err) {
    if (controller.signal.aborted) return interrupted(out, err);
    throw err;
  }
  if (values.activate) activateRules(engine.db, result.best.ruleIds);
  if (out.json) out.printJson({ ...result, activated: Boolean(values.activate) });
  else {
    out.print(`Run ${result.runId}: baseline Recall@${k} ${result.baseline.toFixed(3)}, best {${result.best.ruleIds.join(', ')}} ${result.best.recall.toFixed(3)} over ${queries.length} queries.`);
    out.print(values.activate ? 'The best rule set is now active.' : `Activate it with: lexdesk rules activate ${result.best.ruleIds.join(',') || '--none'}`);
  }
  return 0;
}
