import type { HostEvent, RouteInput, RouteName, RouteResult } from '../../../preload/contract/index.js';
import type { Transport } from './transport.js';

export class HostCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Typed calls over whichever transport is present; errors arrive as codes with readable messages. */
export class ApiClient {
  constructor(private readonly transport: Transport) {}

  async call<R extends RouteName>(route: R, input: RouteInput<R>): Promise<RouteResult<R>> {
    const env = await this.transport.request(route, input);
    if (!env.ok) throw new HostCallError(env.error.code, env.error.message);
    return env.data as RouteResult<R>;
  }

  subscribe(listener: (event: HostEvent) => void): () => void {
    return this.transport.subscribe(listener);
  }
}
