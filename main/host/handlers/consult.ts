import type { TurnEvent } from '../../consult/types.js';
import { LexError } from '../../util/errors.js';
import type { HostServices } from '../services.js';
import type { Handlers } from './types.js';

/**
 * Runs a turn with a cancel handle and its events forwarded to the renderer. The handle is registered only
 * while no other request holds the consultation's slot: a second request on a busy consultation is refused
 * by ask/retry, and must neither replace the running turn's handle (stop would then miss it) nor remove it
 * when it ends (delete would then be allowed while the turn runs).
 */
async function withTurn<T>(s: HostServices, consultationId: number | null, requestId: string | undefined, run: (signal: AbortSignal, onEvent: (e: TurnEvent) => void) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let cid = consultationId;
  let registered: number | null = null;
  const register = (id: number) => {
    if (registered !== null || s.running.has(id)) return;
    s.running.set(id, controller);
    registered = id;
  };
  const onEvent = (event: TurnEvent) => {
    if (event.type === 'turn') {
      cid = event.consultationId;
      register(cid);
    }
    s.emit({ type: 'consult', consultationId: cid, requestId, event });
  };
  if (cid !== null) register(cid);
  try {
    return await run(controller.signal, onEvent);
  } finally {
    if (registered !== null) s.running.delete(registered);
  }
}

export const consultHandlers: Pick<
  Handlers,
  'consult.list' | 'consult.get' | 'consult.ask' | 'consult.cancel' | 'consult.retry' | 'consult.rename' | 'consult.delete' | 'consult.correctState' | 'consult.overrideVerdict'
> = {
  'consult.list': (s, input) => s.consultations().list(input.search).map((c) => ({ id: c.id, title: c.title, updatedAt: c.updated_at, turns: c.turns, asOf: c.as_of, place: c.place })),
  'consult.get'(s, input) {
    const { consultation, turns } = s.consultations().get(input.id);
    return { id: consultation.id, title: consultation.title, createdAt: consultation.created_at, asOf: consultation.as_of, place: consultation.place, turns };
  },
  'consult.ask'(s, input) {
    const { requestId, ...ask } = input;
    return withTurn(s, ask.consultationId ?? null, requestId, (signal, onEvent) => s.consultations().ask({ ...ask, signal, onEvent }));
  },
  'consult.retry'(s, input) {
    const turn = s.consultations().store.turn(input.turnId);
    return withTurn(s, turn.consultation_id, input.requestId, (signal, onEvent) => s.consultations().retry(input.turnId, { signal, onEvent }));
  },
  'consult.cancel'(s, input) {
    const controller = s.running.get(input.consultationId);
    controller?.abort();
    return { cancelled: !!controller };
  },
  'consult.rename'(s, input) {
    s.consultations().rename(input.id, input.title);
    return { ok: true };
  },
  'consult.delete'(s, input) {
    if (s.running.has(input.id)) throw new LexError('busy', 'This consultation is answering a turn; stop it before deleting.');
    s.consultations().delete(input.id);
    return { ok: true };
  },
  'consult.correctState'(s, input) {
    s.consultations().correctState(input.turnId, input.correction);
    return s.consultations().turn(input.turnId);
  },
  'consult.overrideVerdict'(s, input) {
    s.consultations().overrideVerdict(input.turnId, input.verdict, input.note);
    return s.consultations().turn(input.turnId);
  },
};
