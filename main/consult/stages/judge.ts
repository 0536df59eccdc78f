import { lawAsOf, provinceOf, readForOf, runStage, type ReadFor, type TurnContext } from '../context.js';
import { evidenceLine, judgePrompt } from '../prompts.js';
import { JudgeSchema, type LegalState } from '../schemas.js';
import type { CodeCheck, Evidence, JudgeIteration } from '../types.js';
import { bookTitle, citedLabel } from '../../../preload/contract/citationLine.js';
import { parseArticleLabel } from '../../../preload/contract/numerals.js';
import { CIVIL_CODE_TITLE } from '../../library/citation/civilCodeConcordance.js';

/**
 * Checks code can make without an LLM: is each article the version in force
 * on the date the law is applied as of, and does a local regulation belong to
 * the user's place?
 */
export function codeChecks(
  evidence: Evidence[], asOf: string, province: string | null, today = asOf, readFor: (e: Evidence) => ReadFor | undefined = () => undefined,
  retroactive: (e: Evidence) => string | null = () => null,
): CodeCheck[] {
  const out: CodeCheck[] = [];
  // 民法典 第一千一百三十六条 for a typed will of 2020: not yet law then, but the time-effect interpretation applies it (civilCodeRetroactive.ts).
  const push = (e: Evidence, problem: string) => {
    const retro = retroactive(e);
    out.push({ articleId: e.articleId, problem: retro ? `${problem}；${retro}` : problem });
  };
  const historic = asOf < today;
  for (const e of evidence) {
    const name = `${bookTitle(e.lawTitle)}${citedLabel({ label: e.articleLabel })}`;
    // 刑法 of 2020 for a theft of 2019, 民法典 for a contract of 2019: the text of the time is not in the library; 刑法
    // 第三百九十条 in 2022: amended since. (One its amendments vouch for, 第二百六十四条 in 2019, needs no check.)
    const read = readFor(e);
    const dated = read?.kind === 'confirmed';
    if (read !== undefined && !dated) {
      // A crime is judged by the law of the time unless the later one is lighter (刑法第十二条, 从旧兼从轻).
      const criminal = e.lawTitle === '中华人民共和国刑法' ? '；刑事案件依刑法第十二条从旧兼从轻，须比较行为时的条文与现行条文' : '';
      // Amended since: the text of the time is named, and for a crime the lighter of the two applies (刑法第十二条).
      const check = read.kind === 'not-law' ? `，不是 ${asOf} 的法律` : read.then ? `，当时的文本见${read.then.source}` : '，须另行核对';
      push(e, `${name}（${read.tag}）${check}${read.kind === 'not-law' ? '' : criminal}`);
    } else if (e.status === 'repealed') out.push({ articleId: e.articleId, problem: `${name} 已废止` });
    else if (e.status === 'superseded') {
      out.push({ articleId: e.articleId, problem: `${name} 是已被修订的旧版本（${e.publishDate ?? '日期不详'}）${historic ? `，适用 ${asOf} 时的法律时可以引用` : ''}` });
    }
    if (read === undefined && e.effectiveDate && e.effectiveDate > asOf) push(e, `${name} 自 ${e.effectiveDate} 起施行，晚于适用日期 ${asOf}`);
    if (e.province && e.province !== province) {
      out.push({ articleId: e.articleId, problem: `${name} 是${e.province}的地方性法规，${province ? `而本案在${province}` : '本案所在地未知'}` });
    }
  }
  return out;
}

/** Stage 5: the judge's verdict on the evidence, with refinement queries when it falls short. */
export async function judgeStage(ctx: TurnContext, state: LegalState, kept: Evidence[], iteration: number): Promise<JudgeIteration> {
  const llm = ctx.llm!;
  return runStage(ctx, 'judge', iteration, async () => {
    const asOf = lawAsOf(ctx, state);
    const province = provinceOf(ctx, state);
    const readFor = readForOf(ctx, state);
    const resolver = ctx.engine.searchDeps().resolver;
    const retroactive = (e: Evidence) => {
      const n = e.lawTitle === CIVIL_CODE_TITLE ? parseArticleLabel(e.articleLabel) : null;
      return n && n.subNumber === 0 ? resolver.retroactiveNote(n.number, asOf)?.zh ?? null : null;
    };
    const checks = codeChecks(kept, asOf, province, ctx.today, readFor, retroactive);
    const messages = judgePrompt({
      state,
      evidence: kept.map((e) => evidenceLine(e, 400, readFor(e))),
      codeChecks: checks.map((c) => c.problem),
      asOf,
      place: ctx.consultation.place ?? state.place,
      iteration,
      maxIterations: ctx.options.maxJudgeIterations,
    });
    const { value } = await llm.json({ role: 'judge', schema: JudgeSchema, messages, signal: ctx.signal });
    const result: JudgeIteration = {
      iteration,
      verdict: value.verdict,
      checks: value.checks,
      missing: value.missing,
      refinementQueries: value.refinementQueries,
      codeChecks: checks,
    };
    ctx.store.saveVerdict(ctx.turn.id, result);
    return result;
  });
}
