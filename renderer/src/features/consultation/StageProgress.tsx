import type { StageName } from '../../../../preload/contract/index.js';
import { useT, type Strings } from '../../i18n.js';

export interface StageLine {
  stage: StageName;
  iteration: number;
  status: 'started' | 'done' | 'failed' | 'skipped';
  ms?: number;
}

const ORDER: StageName[] = ['state', 'rewrite', 'retrieval', 'rerank', 'audit', 'judge', 'answer', 'citations'];
const NAMES: Record<StageName, keyof Strings> = {
  state: 'stageState', rewrite: 'stageRewrite', retrieval: 'stageRetrieval', rerank: 'stageRerank', audit: 'stageAudit', judge: 'stageJudge', answer: 'stageAnswer', citations: 'stageCitations',
};

/** state → rewrites → retrieval → rerank → judge → answer, each with its time (iterations add up). */
export function StageProgress({ lines }: { lines: StageLine[] }) {
  const t = useT();
  const byStage = new Map<StageName, { ms: number; status: StageLine['status']; runs: number }>();
  for (const l of lines) {
    const cur = byStage.get(l.stage) ?? { ms: 0, status: l.status, runs: 0 };
    byStage.set(l.stage, { ms: cur.ms + (l.ms ?? 0), status: l.status, runs: cur.runs + (l.status === 'started' ? 0 : 1) });
  }
  return (
    <ol className="stages" aria-label={t.stages} data-testid="stages">
      {ORDER.filter((s) => byStage.has(s)).map((s) => {
        const v = byStage.get(s)!;
        return (
          <li key={s} className={v.status} data-testid={`stage-${s}`}>
            {t[NAMES[s]]}
            {v.status === 'done' || v.status === 'failed' ? ` ${v.ms} ms` : v.status === 'skipped' ? ' –' : ' …'}
          </li>
        );
      })}
    </ol>
  );
}
