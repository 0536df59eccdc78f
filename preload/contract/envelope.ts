/** Every answer across the boundary: data, or an error code with a readable message — never a thrown stack. */
export type Envelope<T> = { ok: true; data: T } | { ok: false; error: HostError };

export interface HostError {
  code: ErrorCode;
  message: string;
}

export type ErrorCode =
  | 'bad_input'
  | 'unknown_route'
  | 'not_found'
  | 'busy'
  | 'unauthorized'
  | 'forbidden'
  | 'import_failed'
  | 'llm_not_configured'
  | 'internal'
  | (string & {});
