import { runStage, type TurnContext } from '../context.js';
import { answerPrompt, evidenceLine } from '../prompts.js';
import type { LegalState } from '../schemas.js';
import type { Evidence } from '../types.js';

/** Stage 6: the answer, streamed, grounded in the numbered evidence and the state. */
export async function answerStage(ctx: TurnContext, state: LegalState, numbered: Evidence[], sufficient: boolean): Promise<string> {
  const llm = ctx.llm!;
  return runStage(
    ctx,
    'answer',
    0,
    async () => {
      const history = ctx.store
        .turns(ctx.consultation.id)
        .filter((t) => t.seq < ctx.turn.seq && t.status === 'done')
        .slice(-3)
        .map((t) => ({ user: t.user_text, answer: t.answer }));
      const messages = answerPrompt({ history, question: ctx.turn.user_text, state, evidence: numbered.map((e) => evidenceLine(e, 600)), sufficient });
      const reply = await llm.text({ role: 'answer', messages, signal: ctx.signal, onToken: (text) => ctx.emit({ type: 'token', text }) });
      return reply.text;
    },
    (text) => ({ chars: text.length }),
  );
}
