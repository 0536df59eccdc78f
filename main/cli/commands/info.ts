import fs from 'node:fs';
import type { Engine } from '../../engine/index.js';
import { parseCommand } from '../args.js';
import type { Output } from '../output.js';

export function infoCommand(args: string[], open: (db?: string) => Engine, out: Output): number {
  const { values } = parseCommand(args, {}, 'lexdesk info');
  const engine = open(values.db as string | undefined);
  try {
    const counts = engine.counts();
    const bytes = fs.existsSync(engine.dbPath) ? fs.statSync(engine.dbPath).size : 0;
    if (out.json) {
      out.printJson({ db: engine.dbPath, bytes, ...counts });
      return 0;
    }
    out.print(`Library: ${engine.dbPath} (${(bytes / 1048576).toFixed(1)} MB)`);
    out.print(`  ${counts.laws} laws, ${counts.versions} versions, ${counts.documents} documents`);
    out.print(`  ${counts.articles} articles, ${counts.currentArticles} in force today`);
    out.print(`  province packs: ${counts.provinces.length ? counts.provinces.join('、') : 'none'}`);
    if (counts.articles === 0) out.print('  The library is empty: lexdesk import PATH, or lexdesk import --download');
    return 0;
  } finally {
    engine.close();
  }
}
