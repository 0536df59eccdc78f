import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConsultationDto, LegalState, TurnResult, Verdict } from '../../../../preload/contract/index.js';
import { useApi } from '../../api/context.js';
import type { StageLine } from './StageProgress.js';

/** What a new consultation may be started with: the date the law is applied as of (YYYY-MM-DD) and the place of the matter. */
export interface MatterSetting {
  asOf?: string;
  place?: string;
}

export interface LiveTurn {
  text: string;
  stages: StageLine[];
  tokens: string;
}

let requests = 0;
/** A tag for one ask or retry of this page: the host echoes it on that turn's events, which every open tab receives. */
const newRequestId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}-${(requests += 1)}`;

/**
 * One open consultation: its turns from the host, the turn being answered (streamed), and the actions on it.
 * A new consultation gets its id from the host with the first event of this view's own ask; onOpened passes it
 * on, so the app knows which consultation is on screen.
 */
export function useConsultation(openId: number | null, onChanged: () => void, onOpened: (id: number) => void) {
  const api = useApi();
  const [consultation, setConsultation] = useState<ConsultationDto | null>(null);
  const [live, setLive] = useState<LiveTurn | null>(null);
  /** The last failed call's error (a HostCallError with its code), shown through errorText. */
  const [error, setError] = useState<unknown>(null);
  /** The consultation this view shows: the one opened, or the one its own first ask created. */
  const currentId = useRef<number | null>(openId);
  /** The tag of this view's ask or retry in flight: only that turn's events are shown here. */
  const pending = useRef<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const onOpenedRef = useRef(onOpened);
  onOpenedRef.current = onOpened;

  /** Takes the id the host gave this view's new consultation, once, and tells the app (not after the view was closed). */
  const adopt = useCallback((id: number) => {
    if (currentId.current === id || !mounted.current) return;
    currentId.current = id;
    onOpenedRef.current(id);
  }, []);

  const reload = useCallback(async (id: number | null) => {
    setConsultation(id === null ? null : await api.call('consult.get', { id }));
  }, [api]);

  const loaded = useRef(false);
  useEffect(() => {
    // After the first load openId changes only when the app passes back the id this view adopted: already on screen, mid-answer perhaps.
    if (loaded.current && openId === currentId.current) return;
    loaded.current = true;
    currentId.current = openId;
    void reload(openId).catch((e: unknown) => setError(e));
  }, [openId, reload]);

  useEffect(
    () =>
      api.subscribe((e) => {
        if (e.type !== 'consult' || e.requestId === undefined || e.requestId !== pending.current) return;
        const ev = e.event;
        if (ev.type === 'turn') adopt(ev.consultationId);
        setLive((cur) => {
          if (!cur) return cur;
          if (ev.type === 'stage') return { ...cur, stages: [...cur.stages, { stage: ev.stage, iteration: ev.iteration, status: ev.status, ms: ev.ms }] };
          if (ev.type === 'token') return { ...cur, tokens: cur.tokens + ev.text };
          return cur;
        });
      }),
    [api, adopt],
  );

  /** Runs one ask or retry under its own tag; the view shows its events until it ends. */
  const track = useCallback(async (text: string, call: (requestId: string) => Promise<TurnResult>): Promise<TurnResult> => {
    const requestId = newRequestId();
    pending.current = requestId;
    setError(null);
    setLive({ text, stages: [], tokens: '' });
    try {
      const result = await call(requestId);
      adopt(result.consultationId);
      return result;
    } finally {
      if (pending.current === requestId) pending.current = null;
    }
  }, [adopt]);

  const finish = useCallback(async () => {
    setLive(null);
    await reload(currentId.current);
    onChanged();
  }, [reload, onChanged]);

  /** Asks; true when the message is stored in the consultation (answered, or kept with a failed turn to retry), false when the host never took it. */
  const send = useCallback(async (text: string, setting: MatterSetting = {}): Promise<boolean> => {
    const askedIn = currentId.current;
    // The date and place are a new consultation's; one already started keeps its own.
    const start = askedIn === null ? { ...(setting.asOf ? { asOf: setting.asOf } : {}), ...(setting.place?.trim() ? { place: setting.place.trim() } : {}) } : {};
    try {
      await track(text, (requestId) => api.call('consult.ask', { text, consultationId: askedIn ?? undefined, requestId, ...start }));
      await finish();
      return true;
    } catch (e) {
      setLive(null);
      setError(e);
      // A new consultation's id is known here only when its turn started (and failed) on the host.
      if (currentId.current === null) return false;
      try {
        const fresh = await api.call('consult.get', { id: currentId.current });
        setConsultation(fresh);
        onChanged();
        return fresh.turns.at(-1)?.userText === text;
      } catch {
        return false;
      }
    }
  }, [api, track, finish, onChanged]);

  const retry = useCallback(async (turn: TurnResult) => {
    try {
      await track(turn.userText, (requestId) => api.call('consult.retry', { turnId: turn.turnId, requestId }));
      await finish();
    } catch (e) {
      setLive(null);
      setError(e);
      await reload(currentId.current).catch(() => undefined);
    }
  }, [api, track, finish, reload]);

  /** Stops this view's own turn only (a turn another tab runs on the same consultation is not this view's to stop). */
  const stop = useCallback(async () => {
    if (pending.current !== null && currentId.current !== null) await api.call('consult.cancel', { consultationId: currentId.current });
  }, [api]);

  const override = useCallback(async (turnId: number, verdict: Verdict, note: string) => {
    await api.call('consult.overrideVerdict', { turnId, verdict, note: note || undefined });
    await reload(currentId.current);
  }, [api, reload]);

  /** Stores a correction of a turn's state; rejects with the host's reason (the editor stays open to show it). */
  const correct = useCallback(async (turnId: number, correction: Partial<LegalState>) => {
    await api.call('consult.correctState', { turnId, correction });
    await reload(currentId.current);
  }, [api, reload]);

  return { consultation, live, error, send, retry, stop, override, correct };
}
