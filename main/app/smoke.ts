import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEngine } from '../engine/index.js';
import { embedLibrary } from '../search/vectors/embedLibrary.js';
import { draftTextOf } from '../util/draftFile.js';
import { SMOKE_PDF_TEXT, smokePdf } from './smokePdf.js';

/**
 * The packaged-app smoke test (`LexDesk --smoke-test`): open a library, load
 * sqlite-vec, embed once with the shipped model, search once, read a PDF — from inside
 * the packaged app, so native modules, asar unpacking and resource paths are
 * exercised for real.
 */
export async function runSmokeTest(): Promise<Record<string, unknown>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-smoke-'));
  const jsonl = path.join(dir, 'laws.jsonl');
  fs.writeFileSync(
    jsonl,
    [
      { law: '中华人民共和国劳动合同法', article: '第三十八条', text: '用人单位未及时足额支付劳动报酬的，劳动者可以解除劳动合同。', level: '法律', publish: '2012-12-28' },
      { law: '中华人民共和国劳动合同法', article: '第四十七条', text: '经济补偿按劳动者在本单位工作的年限，每满一年支付一个月工资的标准向劳动者支付。', level: '法律', publish: '2012-12-28' },
    ].map((r) => JSON.stringify(r)).join('\n'),
  );
  const engine = createEngine({ dbPath: path.join(dir, 'library.db') });
  try {
    const imported = await engine.importPath(jsonl);
    const embedder = await engine.retrieval.loadEmbedder();
    const embedded = await embedLibrary(engine.db, embedder, {});
    const hits = await engine.retrieval.search('未及时足额支付劳动报酬，劳动者能否解除劳动合同', { limit: 2, mode: 'hybrid' });
    // A PDF's text, as the citation check reads one (pdf.js, its CMaps and @napi-rs/canvas from inside the package).
    const pdf = (await draftTextOf(smokePdf(), 'smoke.pdf')).text.trim();
    return { ok: hits.length > 0 && pdf === SMOKE_PDF_TEXT, articles: imported.library.articles, embedded, provider: embedder.provider, top: hits[0]?.article.label ?? null, pdf };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  } finally {
    engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
