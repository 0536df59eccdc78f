/** One entry of a hand-written word table: words (or patterns) a query may hold, and the statute terms searched besides them. */
export type TermEntry = readonly [words: ReadonlyArray<string | RegExp>, terms: readonly string[]];
