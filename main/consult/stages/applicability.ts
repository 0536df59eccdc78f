import crypto from 'node:crypto';
import type { Db } from '../../db/open.js';
import type { StatuteArticle } from '../../library/articles.js';
import { runStage, type TurnContext } from '../context.js';
import type { CandidatePool } from '../pool.js';
import { auditPrompt, checklistPrompt, evidenceLine } from '../prompts.js';
import { AuditSchema, ChecklistSchema, type LegalState } from '../schemas.js';

export function textHash(text: string): string {
  return crypto.createHash('sha1').update(text).digest('hex');
}

function cachedChecklist(db: Db, a: StatuteArticle): string[] | null {
  const row = db.prepare("SELECT note FROM article_notes WHERE text_hash = ? AND kind = 'checklist'").get(textHash(a.text)) as { note: string } | undefined;
  return row ? (JSON.parse(row.note) as string[]) : null;
}

function storeChecklist(db: Db, a: StatuteArticle, model: string, conditions: string[]): void {
  db.prepare("INSERT OR REPLACE INTO article_notes (text_hash, kind, model, note, created_at) VALUES (?, 'checklist', ?, ?, ?)").run(
    textHash(a.text),
    model,
    JSON.stringify(conditions),
    new Date().toISOString(),
  );
}

/** Condition checklists for the articles, generated once per article text and cached. */
async function checklists(ctx: TurnContext, llm: NonNullable<TurnContext['llm']>, articles: StatuteArticle[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  const missing: StatuteArticle[] = [];
  for (const a of articles) {
    const c = cachedChecklist(ctx.engine.db, a);
    if (c) out.set(a.id, c);
    else missing.push(a);
  }
  if (missing.length) {
    const lines = missing.map((a) => evidenceLine({ ...a, articleLabel: a.label }, 300));
    const { value, reply } = await llm.json({ role: 'checklist', schema: ChecklistSchema, messages: checklistPrompt(lines), signal: ctx.signal });
    for (const item of value.items) {
      const a = missing[item.index];
      if (!a) continue;
      out.set(a.id, item.conditions);
      storeChecklist(ctx.engine.db, a, reply.model, item.conditions);
    }
  }
  return out;
}

export interface ExcludedArticle {
  articleId: number;
  failedCondition: string;
}

/**
 * Stage 4: each leading candidate's conditions are checked against the facts
 * in the state; candidates whose conditions clearly fail are pruned and kept
 * as "considered and excluded" with the condition that failed.
 */
export async function applicabilityStage(ctx: TurnContext, state: LegalState, pool: CandidatePool, order: number[], iteration: number): Promise<ExcludedArticle[]> {
  const llm = ctx.llm!;
  return runStage(ctx, 'audit', iteration, async () => {
    const top = pool.ranked(order).slice(0, ctx.options.topK);
    if (!top.length) return [];
    const lists = await checklists(ctx, llm, top);
    const items = top.map((a) => ({ article: evidenceLine({ ...a, articleLabel: a.label }, 200), conditions: lists.get(a.id) ?? [] }));
    const { value } = await llm.json({ role: 'audit', schema: AuditSchema, messages: auditPrompt(state, items), signal: ctx.signal });
    const excluded: ExcludedArticle[] = [];
    for (const r of value.results) {
      const a = top[r.index];
      if (!a || r.applicable) continue;
      const failed = r.failedCondition || r.reason || '不满足适用条件';
      pool.exclude(a.id, failed);
      excluded.push({ articleId: a.id, failedCondition: failed });
    }
    return excluded;
  });
}
