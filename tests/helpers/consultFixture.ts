/**
 * A consultation test bench: a real library (corpus subset in a temp SQLite
 * file), the scripted OpenAI-compatible server on loopback, and a
 * Consultations facade wired to them through the real `openai` client.
 */
import { Consultations } from '../../main/consult/index.js';
import type { TurnEvent } from '../../main/consult/types.js';
import type { Engine } from '../../main/engine/index.js';
import type { ConsultSettings, ResolvedLlm } from '../../main/llm/settings.js';
import type { LlmEndpoint } from '../../main/llm/types.js';
import { buildLibrary, CORE_SUBSET, type TempLibrary } from './library.js';
import { startScriptedLlm, type ScriptedLlm } from './scriptedLlm.js';

export const LABOUR_INTERPRETATION = '司法解释/最高人民法院关于审理劳动争议案件适用法律问题的解释（一）(2020-12-29).md';
export const WAGES = '公司已经连续三个月拖欠我的工资，我想辞职，能要求公司支付经济补偿吗？';

export interface Bench {
  lib: TempLibrary;
  llm: ScriptedLlm;
  /** A facade on the scripted endpoint (endpoint fields and settings overridable; `engine`: another connection to the library, as another process has; `today`: its today, 2026-11-22 unless given). */
  consultations(opts?: { endpoint?: Partial<LlmEndpoint>; redact?: boolean; redactNames?: string[]; settings?: ConsultSettings; offline?: boolean; engine?: Engine; heartbeatMs?: number; today?: string }): Consultations;
  dispose(): Promise<void>;
}

export async function startBench(files: readonly string[] = [...CORE_SUBSET, LABOUR_INTERPRETATION]): Promise<Bench> {
  const lib = await buildLibrary({ files });
  const llm = await startScriptedLlm();
  return {
    lib,
    llm,
    consultations(opts = {}) {
      const resolved: ResolvedLlm | null = opts.offline
        ? null
        : {
            endpoint: { baseURL: llm.baseURL, model: 'scripted-model', apiKey: 'sk-test-secret-key-123456', maxRetries: 0, timeoutMs: 10_000, ...opts.endpoint },
            redact: opts.redact ?? false,
            redactNames: opts.redactNames ?? [],
            local: true,
          };
      return new Consultations({ engine: opts.engine ?? lib.engine, llm: resolved, settings: opts.settings, today: () => opts.today ?? '2026-11-22', heartbeatMs: opts.heartbeatMs });
    },
    async dispose() {
      await llm.close();
      await lib.dispose();
    },
  };
}

/** Collects a turn's events. */
export function eventLog(): { events: TurnEvent[]; onEvent: (e: TurnEvent) => void; tokens(): string; stages(): string[] } {
  const events: TurnEvent[] = [];
  return {
    events,
    onEvent: (e) => events.push(e),
    tokens: () => events.flatMap((e) => (e.type === 'token' ? [e.text] : [])).join(''),
    stages: () => events.flatMap((e) => (e.type === 'stage' && e.status !== 'started' ? [`${e.stage}${e.iteration ? `#${e.iteration}` : ''}:${e.status}`] : [])),
  };
}
