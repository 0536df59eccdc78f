export * from './routes.js';
export type * from './envelope.js';
export type * from './events.js';
export type * from './dto.js';
