import type { TurnEvent } from './dto.js';

/** What the host pushes to the renderer (IPC events or the browser host's SSE stream). */
export type HostEvent =
  /** A turn's progress; requestId is the one the ask or retry that runs it was given (every tab receives every event). */
  | { type: 'consult'; consultationId: number | null; requestId?: string; event: TurnEvent }
  | { type: 'import'; phase: string; done: number; total: number | null; current?: string }
  | { type: 'import-done'; ok: boolean; message?: string }
  | { type: 'embed'; done: number; total: number };
