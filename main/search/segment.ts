import jieba from 'nodejieba';
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { legalDictionaryPath } from '../util/paths.js';

/**
 * Chinese word segmentation for the full-text index (nodejieba, search mode)
 * plus the legal user dictionary. Index and query must use the same
 * dictionary: `dictionaryVersion()` is stored with the index, and a change
 * triggers a rebuild.
 */

let loadedVersion: string | null = null;

/** Loads jieba with the legal dictionary once per process; returns its version hash. */
export function ensureSegmenter(): string {
  if (loadedVersion) return loadedVersion;
  const terms = readLegalTerms();
  for (const term of terms) jieba.insertWord(term);
  loadedVersion = createHash('sha1').update(terms.join('\n')).digest('hex').slice(0, 12);
  return loadedVersion;
}

export function dictionaryVersion(): string {
  return ensureSegmenter();
}

function readLegalTerms(): string[] {
  const file = legalDictionaryPath();
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 1 && !line.startsWith('#'));
}

const TOKEN_CHAR = /[\p{Script=Han}\p{L}\p{N}]/u;

function keepToken(token: string): boolean {
  return TOKEN_CHAR.test(token);
}

function normaliseToken(token: string): string {
  // All of Unicode, as FTS5's unicode61 tokenizer folds the index (ＰＰＰ → ｐｐｐ, É → é), so query terms find their postings.
  return token.trim().toLowerCase();
}

/** Tokens of a text for indexing: jieba search mode (words and their sub-words). */
export function segmentForIndex(text: string): string[] {
  ensureSegmenter();
  const out: string[] = [];
  for (const raw of jieba.cutForSearch(text, true)) {
    const token = normaliseToken(raw);
    if (token && keepToken(token)) out.push(token);
  }
  return out;
}

/** What FTS5's unicode61 tokenizer splits on: anything outside its default token categories L*, N* and Co. */
const INDEX_SEPARATORS = /[^\p{L}\p{N}\p{Co}]+/u;

/**
 * Tokens of a user query, in order, without duplicates (stop words are removed by the caller).
 * A jieba token with a separator inside ("3.5", "covid-19") is split where the index split it,
 * so that each query term is one term of the index: looked up whole it would have no postings.
 */
export function segmentQuery(text: string): string[] {
  ensureSegmenter();
  const seen = new Set<string>();
  for (const raw of jieba.cutForSearch(text, true)) {
    for (const part of normaliseToken(raw).split(INDEX_SEPARATORS)) {
      if (part && keepToken(part)) seen.add(part);
    }
  }
  return [...seen];
}

/** FTS5 column text: tokens joined by spaces (unicode61 splits on them). */
export function toIndexText(tokens: string[]): string {
  return tokens.join(' ');
}
