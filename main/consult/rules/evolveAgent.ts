import { z } from 'zod';
import type { ChatMessage } from '../../llm/types.js';
import type { ExpansionRule } from './ruleStore.js';

export const EvolveActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), name: z.string().min(1), instruction: z.string().min(1), outputFormat: z.string().default('[A]、[B]、[C]') }),
  z.object({ action: z.literal('experiment'), ruleIds: z.array(z.number().int()).min(1) }),
  z.object({ action: z.literal('eliminate'), ruleId: z.number().int(), reason: z.string().default('') }),
  z.object({ action: z.literal('stop'), reason: z.string().default('') }),
]);
export type EvolveAction = z.infer<typeof EvolveActionSchema>;

export const VoteSchema = z.object({ eliminate: z.boolean(), reason: z.string().default('') });

export interface ExperimentRecord {
  ruleIds: number[];
  recall: number;
}

function table(rules: ExpansionRule[], experiments: ExperimentRecord[], baseline: number, k: number): string {
  const ruleLines = rules.map((r) => `#${r.id} ${r.name}：${r.instruction}（格式：${r.outputFormat}）`).join('\n') || '（暂无）';
  const expLines = experiments.map((e) => `规则 {${e.ruleIds.map((id) => `#${id}`).join(', ')}} → Recall@${k} ${e.recall.toFixed(3)}`).join('\n') || '（暂无）';
  return `不加规则的基线 Recall@${k}：${baseline.toFixed(3)}\n现有规则：\n${ruleLines}\n已做实验：\n${expLines}`;
}

/** The agent's next move: create a rule, test a set of rules not yet tried, propose eliminating one, or stop. */
export function actionPrompt(rules: ExpansionRule[], experiments: ExperimentRecord[], baseline: number, k: number, samples: string[]): ChatMessage[] {
  return [
    { role: 'system', content: '你在改进法条检索的查询扩展规则。扩展内容会追加在原问句之后，用于检索法条。' },
    {
      role: 'user',
      content: `${table(rules, experiments, baseline, k)}
检索问句示例：
${samples.map((s) => `- ${s}`).join('\n')}

选择下一步（只选一个）：
- 创建新规则：{"action":"create","name":"","instruction":"","outputFormat":"[A]、[B]、[C]"}
- 实验一个从未测过的规则组合：{"action":"experiment","ruleIds":[1,2]}
- 提议淘汰一条规则（会由独立投票决定）：{"action":"eliminate","ruleId":1,"reason":""}
- 停止：{"action":"stop","reason":""}
只输出 JSON。`,
    },
  ];
}

/** One independent vote on eliminating a rule (no shared context with other votes). */
export function votePrompt(rule: ExpansionRule, experiments: ExperimentRecord[], baseline: number, k: number): ChatMessage[] {
  const withRule = experiments.filter((e) => e.ruleIds.includes(rule.id));
  return [
    { role: 'system', content: '你是独立评审，判断一条查询扩展规则是否应被淘汰。' },
    {
      role: 'user',
      content: `规则 #${rule.id} ${rule.name}：${rule.instruction}
不加规则的基线 Recall@${k}：${baseline.toFixed(3)}
包含该规则的实验：${withRule.map((e) => `{${e.ruleIds.join(',')}} → ${e.recall.toFixed(3)}`).join('；') || '无'}
只有当证据表明该规则无益或有害时才淘汰。只输出 JSON：{"eliminate":true,"reason":""}`,
    },
  ];
}
