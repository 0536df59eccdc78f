import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConsultationDto, LegalState, TurnResult, Verdict } from '../../../../preload/contract/index.js';
import { useApi } from '../../api/context.js';
import type { StageLine } from './StageProgress.js';

export interface LiveTurn {
  text: string;
  stages: StageLine[];
  tokens: string;
}

/** One open consultation: its turns from the host, the turn being answered (streamed), and the actions on it. */
export function useConsultation(openId: number | null, onChanged: () => void) {
  const api = useApi();
  const [consultation, setConsultation] = useState<ConsultationDto | null>(null);
  const [live, setLive] = useState<LiveTurn | null>(null);
  const [error, setError] = useState<string | null>(null);
  const currentId = useRef<number | null>(openId);

  const reload = useCallback(async (id: number | null) => {
    currentId.current = id;
    setConsultation(id === null ? null : await api.call('consult.get', { id }));
  }, [api]);

  useEffect(() => {
    void reload(openId).catch((e: Error) => setError(e.message));
  }, [openId, reload]);

  useEffect(
    () =>
      api.subscribe((e) => {
        if (e.type !== 'consult') return;
        const ev = e.event;
        if (ev.type === 'turn') currentId.current = ev.consultationId;
        setLive((cur) => {
          if (!cur) return cur;
          if (ev.type === 'stage') return { ...cur, stages: [...cur.stages, { stage: ev.stage, iteration: ev.iteration, status: ev.status, ms: ev.ms }] };
          if (ev.type === 'token') return { ...cur, tokens: cur.tokens + ev.text };
          return cur;
        });
      }),
    [api],
  );

  const finish = useCallback(async (result: TurnResult) => {
    setLive(null);
    await reload(result.consultationId);
    onChanged();
  }, [reload, onChanged]);

  /** Asks; true when the message is stored in the consultation (answered, or kept with a failed turn to retry), false when the host never took it. */
  const send = useCallback(async (text: string): Promise<boolean> => {
    setError(null);
    setLive({ text, stages: [], tokens: '' });
    try {
      await finish(await api.call('consult.ask', { text, consultationId: currentId.current ?? undefined }));
      return true;
    } catch (e) {
      setLive(null);
      setError((e as Error).message);
      if (currentId.current === null) return false;
      try {
        const fresh = await api.call('consult.get', { id: currentId.current });
        setConsultation(fresh);
        return fresh.turns.at(-1)?.userText === text;
      } catch {
        return false;
      }
    }
  }, [api, finish]);

  const retry = useCallback(async (turn: TurnResult) => {
    setLive({ text: turn.userText, stages: [], tokens: '' });
    try {
      await finish(await api.call('consult.retry', { turnId: turn.turnId }));
    } catch (e) {
      setLive(null);
      setError((e as Error).message);
    }
  }, [api, finish]);

  const stop = useCallback(async () => {
    if (currentId.current !== null) await api.call('consult.cancel', { consultationId: currentId.current });
  }, [api]);

  const override = useCallback(async (turnId: number, verdict: Verdict, note: string) => {
    await api.call('consult.overrideVerdict', { turnId, verdict, note: note || undefined });
    await reload(currentId.current);
  }, [api, reload]);

  const correct = useCallback(async (turnId: number, correction: Partial<LegalState>) => {
    await api.call('consult.correctState', { turnId, correction });
    await reload(currentId.current);
  }, [api, reload]);

  return { consultation, live, error, send, retry, stop, override, correct };
}
