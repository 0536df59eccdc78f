import type { Envelope, HostEvent } from '../../../preload/contract/index.js';

/** How the renderer reaches the engine host: Electron's preload bridge or the browser host's HTTP API. */
export interface Transport {
  request(route: string, input: unknown): Promise<Envelope<unknown>>;
  subscribe(listener: (event: HostEvent) => void): () => void;
}

declare global {
  interface Window {
    /** Exposed by the Electron preload (contextBridge); absent in a browser tab. */
    lexdesk?: Transport & { pickPath?: PickPath };
  }
}

/**
 * The desktop app's open dialog (in main; the host reads only paths chosen there). The browser
 * host has none: there the path is typed, as for the CLI.
 */
export type PickPath = (kind: 'folder' | 'jsonl') => Promise<string | null>;

export function desktopPicker(): PickPath | null {
  return typeof window !== 'undefined' && typeof window.lexdesk?.pickPath === 'function' ? window.lexdesk.pickPath.bind(window.lexdesk) : null;
}

const TOKEN_KEY = 'lexdesk-token';
const RECONNECT_MS = 2000;

/**
 * The browser host's token: `lexdesk serve` prints a URL with `#token=…` (a fragment, never
 * sent to a server). It is kept in sessionStorage, which belongs to this origin alone
 * (scheme, host and port), so a reload keeps working, and it is removed from the address bar.
 */
export function takeToken(loc: Location = window.location, storage: Storage = window.sessionStorage): string | null {
  const fromUrl = new URLSearchParams(loc.hash.replace(/^#/, '')).get('token') ?? new URLSearchParams(loc.search).get('token');
  if (fromUrl) {
    storage.setItem(TOKEN_KEY, fromUrl);
    const params = new URLSearchParams(loc.search);
    params.delete('token');
    const search = params.toString();
    window.history.replaceState(null, '', `${loc.pathname}${search ? `?${search}` : ''}`);
    return fromUrl;
  }
  return storage.getItem(TOKEN_KEY);
}

const unreachable = (err: unknown): Envelope<unknown> => ({
  ok: false,
  error: { code: 'host_unreachable', message: `The LexDesk host is not answering (${err instanceof Error ? err.message : String(err)}). Is lexdesk serve still running?` },
});

/** The browser host: same-origin POST /api/<route> and a streamed GET /api/events, each with the token in a header. */
export function httpTransport(base = '', token: string | null = takeToken()): Transport {
  const headers = (extra: Record<string, string> = {}): Record<string, string> => (token ? { ...extra, 'x-lexdesk-token': token } : extra);
  return {
    async request(route, input) {
      try {
        const res = await fetch(`${base}/api/${route}`, { method: 'POST', headers: headers({ 'content-type': 'application/json' }), body: JSON.stringify(input ?? {}), credentials: 'omit' });
        return (await res.json()) as Envelope<unknown>;
      } catch (err) {
        return unreachable(err);
      }
    },
    subscribe(listener) {
      const stop = new AbortController();
      void streamEvents(`${base}/api/events`, headers(), stop.signal, listener);
      return () => stop.abort();
    },
  };
}

/** Reads the server-sent event stream with fetch (EventSource cannot send a header), reconnecting after a drop. */
async function streamEvents(url: string, headers: Record<string, string>, signal: AbortSignal, listener: (event: HostEvent) => void): Promise<void> {
  while (!signal.aborted) {
    try {
      const res = await fetch(url, { headers, signal, credentials: 'omit' });
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffered = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += value;
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = block.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
          if (data) listener(JSON.parse(data) as HostEvent);
        }
      }
    } catch {
      // Dropped or refused: try again shortly, as EventSource would.
    }
    if (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
  }
}

export function pickTransport(): Transport {
  return window.lexdesk ?? httpTransport();
}
