import type { Engine } from '../../engine/index.js';
import { articleEmbeddingText } from '../../search/vectors/embedLibrary.js';
import { GoldResolver, queryText, readEvalFile, type EvalRecord } from '../../eval/dataset.js';

/** A supervised pair source: text that should retrieve these articles. */
export interface LabelledQuery {
  id: string;
  text: string;
  gold: number[];
  source: string;
  /** Cross-validation fold of the stard-train question behind it (null: not a stard-train question). */
  fold: number | null;
  /** A stard-train question's LeCoQA answer (the same question in lecoqa-answers) and its keywords. */
  answer?: { text: string; keywords?: string };
}

interface AnswerRecord extends EvalRecord {
  answer?: string;
  keywords?: string | null;
}

/** Articles the app embeds: every article of the national library (current and older versions). */
export interface CorpusArticle {
  id: number;
  text: string;
  current: boolean;
}

export function loadCorpus(engine: Engine): CorpusArticle[] {
  const rows = engine.db
    .prepare(
      `SELECT a.id, l.title, a.path, a.label, a.kind, a.text, d.status
         FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
        WHERE d.province = '' ORDER BY a.id`,
    )
    .all() as Array<{ id: number; title: string; path: string; label: string; kind: 'article' | 'item'; text: string; status: string }>;
  return rows.map((r) => ({
    id: r.id,
    // Exactly the text the library's vectors are made from.
    text: articleEmbeddingText({ lawTitle: r.title, path: JSON.parse(r.path) as string[], label: r.label, kind: r.kind, text: r.text }),
    current: r.status === 'current',
  }));
}

/**
 * multiturn-dev records held out of all training (dense model, reranker,
 * popularity, label memory) so that multi-turn retrieval can be measured
 * honestly: every record whose number (lawyer-llama-mt-N) is a multiple of 5.
 */
export function isHeldOutMultiturn(id: string): boolean {
  const m = /(\d+)$/.exec(id);
  return m !== null && Number(m[1]) % 5 === 0;
}

/**
 * Labelled queries from the training files only (never stard-dev or
 * lecoqa-dev-answers): stard-train questions, LeCoQA lawyer answers to the
 * same questions, and multi-turn user turns (without the held-out records).
 */
export function loadLabelledQueries(engine: Engine, evalDir: string, folds = 5): LabelledQuery[] {
  const resolver = new GoldResolver(engine.db);
  const out: LabelledQuery[] = [];
  const foldOf = (id: string): number | null => {
    const m = /^(?:stard|lecoqa)-(\d+)$/.exec(id);
    return m ? Number(m[1]) % folds : null;
  };
  const add = (records: AnswerRecord[], source: string, text: (r: AnswerRecord) => string | undefined) => {
    for (const r of records) {
      const gold = r.relevant.map((l) => resolver.resolve(l)).filter((id): id is number => id !== null);
      const t = text(r);
      if (gold.length && t) out.push({ id: `${source}:${r.id}`, text: t, gold, source, fold: source === 'multiturn' ? null : foldOf(r.id) });
    }
  };
  add(readEvalFile(`${evalDir}/stard-train.jsonl`), 'stard', (r) => queryText(r));
  const answers = readEvalFile(`${evalDir}/lecoqa-answers.jsonl`) as AnswerRecord[];
  attachAnswers(out, answers);
  add(answers, 'lecoqa-answer', (r) => r.answer);
  add(readEvalFile(`${evalDir}/multiturn-dev.jsonl`).filter((r) => !isHeldOutMultiturn(r.id)), 'multiturn', (r) => queryText(r));
  return out;
}

/** Gives each stard-train question the LeCoQA answer to the same question (lecoqa-N answers stard-N; the texts must agree). */
function attachAnswers(queries: LabelledQuery[], answers: AnswerRecord[]): void {
  const byNumber = new Map(answers.map((r) => [/^lecoqa-(\d+)$/.exec(r.id)?.[1], r]));
  for (const q of queries) {
    const r = byNumber.get(/^stard:stard-(\d+)$/.exec(q.id)?.[1]);
    if (!r?.answer || r.query?.trim() !== q.text.trim()) continue;
    q.answer = { text: r.answer, ...(typeof r.keywords === 'string' && r.keywords.trim() ? { keywords: r.keywords } : {}) };
  }
}
