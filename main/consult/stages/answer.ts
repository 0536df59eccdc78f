import { readForOf, runStage, type TurnContext } from '../context.js';
import { answerPrompt, evidenceLine } from '../prompts.js';
import type { LegalState } from '../schemas.js';
import type { Evidence, QuestionCitation } from '../types.js';

/** Stage 6: the answer, streamed, grounded in the numbered evidence and the state. */
export async function answerStage(ctx: TurnContext, state: LegalState, numbered: Evidence[], sufficient: boolean, questionCitations: QuestionCitation[] = []): Promise<string> {
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
      // What is wrong with the user's own citations (a repealed 合同法), so the answer does not build on it.
      const citationNotes = questionCitations.map((c) => `${c.marker}：${c.noteZh ?? c.note ?? ''}`);
      const readFor = readForOf(ctx, state);
      const read = numbered.map((e) => readFor(e));
      const messages = answerPrompt({
        history, question: ctx.turn.user_text, state, evidence: numbered.map((e, i) => evidenceLine(e, 600, read[i])), sufficient, citationNotes,
        inPlace: read.some((x) => x?.kind === 'in-place'), amended: read.some((x) => x?.kind === 'amended'),
      });
      const reply = await llm.text({ role: 'answer', messages, signal: ctx.signal, onToken: (text) => ctx.emit({ type: 'token', text }) });
      return reply.text;
    },
    (text) => ({ chars: text.length }),
  );
}
