import type { z } from 'zod';
import type { ROUTES, RouteName, RouteResult } from '../../../preload/contract/routes.js';
import type { HostServices } from '../services.js';

/** One handler per route: a thin adapter from validated input onto engine calls. */
export type Handlers = {
  [R in RouteName]: (services: HostServices, input: z.output<(typeof ROUTES)[R]>) => Promise<RouteResult<R>> | RouteResult<R>;
};
