import type { Db } from '../../db/open.js';
import type { TextEmbedder } from '../../models/types.js';
import { LexError } from '../../util/errors.js';
import type { ResidentVectors } from '../vectors/residentVectors.js';
import { knn } from '../vectors/vecKnn.js';
import { getModel } from '../vectors/vecStore.js';
import type { DenseRetriever } from './hybridRank.js';

/**
 * Dense retrieval over the library's vectors of one embedding model: from the
 * copy held in memory when it is loaded and up to date, else from sqlite-vec.
 */
export class VecDenseRetriever implements DenseRetriever {
  /** The last query's vector: a filtered search that fetches deeper asks again for the same text. */
  private last: { text: string; vector: Promise<Float32Array | undefined> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly embedder: TextEmbedder,
    private readonly resident: ResidentVectors | null = null,
  ) {
    const model = getModel(db, embedder.id);
    if (!model || model.articleCount === 0) {
      throw new LexError(
        'library-not-embedded',
        `The library has no vectors for ${embedder.id}. Run: lexdesk embed${embedder.id.includes('lexdesk-hashgram') ? '' : ' --model DIR'} (or search with --mode lexical).`,
      );
    }
  }

  get modelId(): string {
    return this.embedder.id;
  }

  async search(text: string, k: number, within?: ReadonlySet<number>): Promise<Array<{ articleId: number; similarity: number }>> {
    if (within?.size === 0) return [];
    if (this.last?.text !== text) this.last = { text, vector: this.embedder.embed([text], 'query').then(([v]) => v) };
    const vector = await this.last.vector;
    if (!vector) return [];
    return (await this.resident?.search(vector, k, within)) ?? knn(this.db, this.embedder.id, vector, k, { allowedIds: within });
  }
}
