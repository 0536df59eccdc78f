import { isLexError } from '../util/errors.js';
import type { Envelope } from '../../preload/contract/envelope.js';
import type { HostEvent } from '../../preload/contract/events.js';
import { isRouteName, ROUTES } from '../../preload/contract/routes.js';
import { consultHandlers } from './handlers/consult.js';
import { libraryHandlers } from './handlers/library.js';
import { reportHandlers } from './handlers/report.js';
import { savedHandlers } from './handlers/saved.js';
import { settingsHandlers } from './handlers/settings.js';
import { statuteHandlers } from './handlers/statute.js';
import type { Handlers } from './handlers/types.js';
import { createServices, type HostServices } from './services.js';

/** The one audited list of what the renderer can reach. */
export const HANDLERS: Handlers = { ...libraryHandlers, ...statuteHandlers, ...savedHandlers, ...consultHandlers, ...reportHandlers, ...settingsHandlers };

export interface HostApi {
  /** Validates the input against the route's schema, runs the handler, answers an envelope (never throws). */
  call(route: string, input: unknown): Promise<Envelope<unknown>>;
  subscribe(listener: (event: HostEvent) => void): () => void;
  readonly services: HostServices;
}

export function createHostApi(base: Omit<Parameters<typeof createServices>[0], 'emit'>): HostApi {
  const listeners = new Set<(event: HostEvent) => void>();
  const services = createServices({ ...base, emit: (e) => listeners.forEach((l) => l(e)) });
  return {
    services,
    async call(route, input) {
      if (!isRouteName(route)) return { ok: false, error: { code: 'unknown_route', message: `No route "${route}".` } };
      const parsed = ROUTES[route].safeParse(input ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return { ok: false, error: { code: 'bad_input', message: `${route}: ${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}` } };
      }
      try {
        const handler = HANDLERS[route] as (s: HostServices, i: unknown) => unknown;
        return { ok: true, data: await handler(services, parsed.data) };
      } catch (err) {
        if (isLexError(err)) return { ok: false, error: { code: err.code, message: err.message } };
        return { ok: false, error: { code: 'internal', message: err instanceof Error ? err.message : String(err) } };
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
