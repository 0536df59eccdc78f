import type { TurnEvent } from './dto.js';

/** What the host pushes to the renderer (IPC events or the browser host's SSE stream). */
export type HostEvent =
  | { type: 'consult'; consultationId: number | null; event: TurnEvent }
  | { type: 'import'; phase: string; done: number; total: number | null; current?: string }
  | { type: 'import-done'; ok: boolean; message?: string }
  | { type: 'embed'; done: number; total: number };
