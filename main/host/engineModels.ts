import type { ModelOptions } from '../engine/retrieval.js';
import type { KeyStore } from '../llm/keyStore.js';
import { httpEmbeddingOfSettings, type Settings } from '../llm/settings.js';

/**
 * The models an app or browser host starts its engine with: Settings → Models, with what the
 * command line gives (serve --model …) taking precedence; a folder given there replaces a saved
 * embeddings endpoint, as an endpoint given there replaces the saved folder.
 */
export function engineModels(saved: Settings['models'], keys: Pick<KeyStore, 'get'>, given: ModelOptions = {}): ModelOptions {
  const httpEmbedding = given.httpEmbedding ?? (given.modelDir ? undefined : httpEmbeddingOfSettings(saved, keys));
  return {
    modelDir: given.modelDir ?? saved?.dir,
    crossEncoderDir: given.crossEncoderDir ?? saved?.crossEncoderDir,
    providers: given.providers ?? saved?.providers,
    ...(httpEmbedding ? { httpEmbedding } : {}),
  };
}
