import fs from 'node:fs';
import type { Engine } from '../../engine/index.js';
import { parseCommand } from '../args.js';
import type { Output } from '../output.js';
import { coverageGapNote, coverageLine } from '../../library/coverage.js';
import { todayOf } from '../../db/today.js';
import { laterRevisionsLacking } from '../../library/versions/laterRevisions.js';

export function infoCommand(args: string[], open: (db?: string) => Engine, out: Output): number {
  const { values } = parseCommand(args, {}, 'lexdesk info');
  const engine = open(values.db as string | undefined);
  try {
    const counts = engine.counts();
    const coverage = engine.coverage();
    const gap = coverageGapNote(coverage, todayOf(engine.db));
    // Revisions known to have come after the collection's texts (laterRevisions.ts), which it shows as 现行有效.
    const lacking = laterRevisionsLacking(engine.db, todayOf(engine.db));
    const bytes = fs.existsSync(engine.dbPath) ? fs.statSync(engine.dbPath).size : 0;
    if (out.json) {
      out.printJson({ db: engine.dbPath, bytes, ...counts, coverage, coverageNote: gap, laterRevisionsLacking: lacking });
      return 0;
    }
    out.print(`Library: ${engine.dbPath} (${(bytes / 1048576).toFixed(1)} MB)`);
    out.print(`  ${counts.laws} laws, ${counts.versions} versions, ${counts.documents} documents`);
    out.print(`  ${counts.articles} articles, ${counts.currentArticles} in force today`);
    out.print(`  province packs: ${counts.provinces.length ? counts.provinces.join('、') : 'none'}`);
    if (counts.articles > 0) out.print(`  ${coverageLine(coverage)}${coverage.importedAt ? ` · 导入于 ${coverage.importedAt.slice(0, 10)}` : ''}`);
    if (counts.articles > 0 && gap) out.print(`  注：${gap}`);
    if (lacking.length) out.print(`  已知此后的修改（库中未收录）：${lacking.map((l) => `《${l.title}》${l.adopted} 修改、${l.inForce} 起施行（库中为 ${l.read} 版）`).join('；')}`);
    if (counts.articles === 0) out.print('  The library is empty: lexdesk import PATH, or lexdesk import --download');
    return 0;
  } finally {
    engine.close();
  }
}
