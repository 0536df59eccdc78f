import { statePrompt } from '../prompts.js';
import { z } from 'zod';
import { LegalStateSchema, type LegalState } from '../schemas.js';
import { runStage, type TurnContext } from '../context.js';
import type { StateChange } from '../types.js';

/**
 * The state's reply: the state, and on a consultation's first turn the short title the model may write beside it
 * (statePrompt); anything but a string there is ignored, so a title costs no request and can fail nothing.
 */
const StateReplySchema = LegalStateSchema.extend({ title: z.unknown().optional() });

/** Stage 1: the legal analysis state, induced from the user's messages only; with the title the model wrote, if any. */
export async function legalStateStage(ctx: TurnContext, llm: NonNullable<TurnContext['llm']>): Promise<{ state: LegalState; title: unknown }> {
  // A retry keeps this stage (REUSED_ON_RETRY in the store), so the state is not induced twice.
  const reused = ctx.store.doneStageOutput<LegalState & { title?: unknown }>(ctx.turn.id, 'state');
  if (reused) {
    ctx.emit({ type: 'stage', stage: 'state', iteration: 0, status: 'done', ms: 0, detail: 'reused from the previous attempt' });
    return { state: LegalStateSchema.parse(reused), title: reused.title };
  }
  const reply = await runStage(ctx, 'state', 0, async () => {
    const userTurns = ctx.store.turns(ctx.consultation.id).filter((t) => t.seq <= ctx.turn.seq).map((t) => t.user_text);
    const prev = ctx.store.stateBefore(ctx.consultation.id, ctx.turn.seq);
    const { value } = await llm.json({ role: 'state', schema: StateReplySchema, messages: statePrompt(userTurns, prev.state, prev.corrected, wantsTitle(ctx)), signal: ctx.signal });
    ctx.store.saveState(ctx.turn.id, LegalStateSchema.parse(value));
    return value;
  });
  return { state: LegalStateSchema.parse(reply), title: reply.title };
}

/** A title is asked for with the first turn's state while the consultation's title is still its question's (title.ts). */
function wantsTitle(ctx: TurnContext): boolean {
  return ctx.turn.seq === 1 && ctx.consultation.title_by === 'question';
}

function asItems(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' && v ? `${(v as { name: string }).name}（${(v as { role: string }).role}）` : String(v)));
  return [String(value)];
}

/** What changed between two states, field by field (items added and removed). */
export function diffStates(before: LegalState | null, after: LegalState): StateChange[] {
  const changes: StateChange[] = [];
  for (const field of Object.keys(after) as Array<keyof LegalState>) {
    const was = new Set(asItems(before?.[field]));
    const now = new Set(asItems(after[field]));
    const added = [...now].filter((x) => !was.has(x));
    const removed = [...was].filter((x) => !now.has(x));
    if (added.length || removed.length) changes.push({ field, added, removed });
  }
  return changes;
}
