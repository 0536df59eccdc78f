import type { StatsFor } from '../index.js';
import { scopeOf, type FtsScope } from '../ftsTables.js';
import type { VersionCounts } from '../versionTerms.js';
import { FEATURE_NAMES, type CandidateInfo, type CandidateSignals } from './features.js';

/** BM25's constants, as FTS5 uses them. */
const K1 = 1.2;
const B = 0.75;
/** The dense rank within its version of a candidate the embedding did not retrieve. */
const NO_DENSE_RANK = 99;

const at = (name: (typeof FEATURE_NAMES)[number]) => FEATURE_NAMES.indexOf(name);
const SLOTS = {
  bm25: at('inlaw_bm25'), share: at('inlaw_bm25_share'), rank: at('inlaw_bm25_rank'), coverage: at('inlaw_coverage'),
  denseRank: at('inlaw_dense_rank'), denseGap: at('inlaw_dense_gap'), candidates: at('version_candidates'),
};

interface InLawScore {
  version: number;
  bm25: number;
  coverage: number;
}

/**
 * Fills the in-law features of rows made by featureVector, in place. Most wrong
 * answers name the right law and the wrong article, so each candidate is also
 * scored against its own law version only: BM25 of the query's words with that
 * version's term statistics (versionTerms.ts), its share of the best such score
 * among the version's candidates and its rank there, the IDF-weighted share of
 * the query's words (those the version holds) that it holds, its embedding
 * similarity's rank and gap to the best within the version, and how many
 * candidates the version has.
 */
export function inLawFeatures(rows: Float32Array[], candidates: CandidateSignals[], infos: CandidateInfo[], words: string[], stats: StatsFor): void {
  const distinct = [...new Set(words)];
  const byScope = new Map<FtsScope, Map<number, number>>();
  infos.forEach((info, i) => {
    const scope = scopeOf(info.province);
    if (!byScope.has(scope)) byScope.set(scope, new Map());
    byScope.get(scope)?.set((candidates[i] as CandidateSignals).articleId, info.documentId);
  });
  const counted = new Map([...byScope].map(([scope, members]) => [scope, stats(scope).versions.counts(distinct, members)]));
  const scores = candidates.map((c, i) => {
    const info = infos[i] as CandidateInfo;
    return inLawScore(c.articleId, info.documentId, distinct, counted.get(scopeOf(info.province)) as VersionCounts);
  });
  const byVersion = new Map<number, number[]>();
  scores.forEach((s, i) => {
    const members = byVersion.get(s.version);
    if (members) members.push(i);
    else byVersion.set(s.version, [i]);
  });
  for (const members of byVersion.values()) {
    const best = Math.max(...members.map((i) => (scores[i] as InLawScore).bm25));
    const dense = members.map((i) => (candidates[i] as CandidateSignals).denseSim).filter((d): d is number => d !== null);
    const bestDense = dense.length ? Math.max(...dense) : 0;
    for (const i of members) {
      const s = scores[i] as InLawScore;
      const sim = (candidates[i] as CandidateSignals).denseSim;
      const row = rows[i] as Float32Array;
      row[SLOTS.bm25] = s.bm25;
      row[SLOTS.share] = best > 0 ? s.bm25 / best : 0;
      row[SLOTS.rank] = members.filter((j) => (scores[j] as InLawScore).bm25 > s.bm25).length;
      row[SLOTS.coverage] = s.coverage;
      row[SLOTS.denseRank] = sim === null ? NO_DENSE_RANK : dense.filter((d) => d > sim).length;
      row[SLOTS.denseGap] = sim === null ? -1 : sim - bestDense;
      row[SLOTS.candidates] = members.length;
    }
  }
}

/** BM25 of the words against one candidate with its version's statistics, and the IDF-weighted share of the version's words it holds. */
function inLawScore(id: number, version: number, words: string[], counts: VersionCounts): InLawScore {
  const size = counts.versions.get(version);
  if (!size || !size.articles) return { version, bm25: 0, coverage: 0 };
  const average = size.tokens / size.articles;
  const length = counts.lengths.get(id) ?? 0;
  let bm25 = 0;
  let held = 0;
  let possible = 0;
  for (const word of words) {
    const holders = counts.holders.get(word)?.get(version) ?? 0;
    if (!holders) continue;
    const idf = Math.log(1 + (size.articles - holders + 0.5) / (holders + 0.5));
    possible += idf;
    const f = counts.occurrences.get(word)?.get(id) ?? 0;
    if (!f) continue;
    held += idf;
    bm25 += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * length) / average));
  }
  return { version, bm25, coverage: possible ? held / possible : 0 };
}
