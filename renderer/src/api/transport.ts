import type { Envelope, HostEvent } from '../../../preload/contract/index.js';

/** How the renderer reaches the engine host: Electron's preload bridge or the browser host's HTTP API. */
export interface Transport {
  request(route: string, input: unknown): Promise<Envelope<unknown>>;
  subscribe(listener: (event: HostEvent) => void): () => void;
}

declare global {
  interface Window {
    /** Exposed by the Electron preload (contextBridge); absent in a browser tab. */
    lexdesk?: Transport;
  }
}

/** The browser host: same-origin POST /api/<route>; the token travels in an HttpOnly cookie. */
export function httpTransport(base = ''): Transport {
  return {
    async request(route, input) {
      try {
        const res = await fetch(`${base}/api/${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input ?? {}), credentials: 'same-origin' });
        return (await res.json()) as Envelope<unknown>;
      } catch (err) {
        return { ok: false, error: { code: 'host_unreachable', message: `The LexDesk host is not answering (${err instanceof Error ? err.message : String(err)}). Is lexdesk serve still running?` } };
      }
    },
    subscribe(listener) {
      const source = new EventSource(`${base}/api/events`);
      source.onmessage = (m) => listener(JSON.parse(m.data as string) as HostEvent);
      return () => source.close();
    },
  };
}

export function pickTransport(): Transport {
  return window.lexdesk ?? httpTransport();
}
