import fs from 'node:fs';
import path from 'node:path';
import type { Engine } from '../../engine/index.js';
import type { ModelOptions } from '../../engine/retrieval.js';
import { createHostApi } from '../../host/hostApi.js';
import { engineModels } from '../../host/engineModels.js';
import { moveSavedCredentials } from '../../llm/endpointCredentials.js';
import { FileKeyStore } from '../../llm/keyStore.js';
import { SettingsStore } from '../../llm/settings.js';
import { startBrowserHost } from '../../server/browserHost.js';
import { LexError } from '../../util/errors.js';
import { appRoot, userDataDir } from '../../util/paths.js';
import { intOption, parseCommand } from '../args.js';
import type { Output } from '../output.js';
import { MODEL_DIR_OPTIONS, modelOptionsOf } from './modelOptions.js';

const USAGE = 'lexdesk serve [--port N] [--db FILE] [--model DIR | --http-base URL --http-model NAME] [--cross-encoder DIR] [--providers cuda,cpu]';

export function rendererDir(): string {
  return process.env.LEXDESK_RENDERER ?? path.join(appRoot(), 'dist', 'renderer');
}

export function appVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(appRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/** The browser host: the app's UI and API on 127.0.0.1 with a per-launch token; runs until Ctrl+C. */
export async function serveCommand(args: string[], open: (db?: string, models?: ModelOptions) => Engine, out: Output): Promise<number> {
  const { values } = parseCommand(args, { port: { type: 'string' }, ...MODEL_DIR_OPTIONS }, USAGE);
  const staticDir = rendererDir();
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) throw new LexError('renderer-missing', `No renderer build at ${staticDir}. Run: npm run build:ui`);
  const dir = userDataDir();
  const settings = new SettingsStore(dir);
  const keys = new FileKeyStore(dir);
  try {
    moveSavedCredentials(settings, keys);
  } catch (err) {
    // The host still starts; the password stays where an earlier version wrote it until the endpoint is saved again.
    process.stderr.write(`Could not move the embeddings endpoint's user and password out of settings.json: ${(err as Error).message}\n`);
  }
  const engine = open(values.db as string | undefined, engineModels(settings.readOrEmpty().models, keys, modelOptionsOf(values)));
  engine.holdInMemory();
  const api = createHostApi({ engine, settings, keys, host: 'browser', version: appVersion() });
  const host = await startBrowserHost({ api, staticDir, port: values.port === undefined ? 0 : intOption(values.port, 'port', 0) });
  if (out.json) out.printJson({ url: host.url, port: host.port });
  else {
    out.print(`LexDesk is serving on 127.0.0.1 only. Open:\n  ${host.url}`);
    out.print('The token in the URL is required for every request; it changes on every start. Ctrl+C stops.');
  }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await host.close();
  engine.close();
  return 0;
}
