import fs from 'node:fs';
import type { Db } from '../db/open.js';
import { parseArticleLabel } from '../../preload/contract/numerals.js';
import { statusSql } from '../library/status.js';
import { LexError } from '../util/errors.js';

/** One labelled record of ../shared/eval (see its README). */
export interface EvalRecord {
  id: string;
  query?: string;
  turns?: Array<{ role: 'user' | 'assistant'; text: string }>;
  relevant: Array<{ law: string; article?: string; article_no?: number; file?: string }>;
}

const RECORD_SHAPE = 'each line needs "query" (or "turns") and "relevant": [{"law": "…", "article": "第N条" or "article_no": N}]';

/** Why a parsed line is not an eval record, or null when it is one. */
function recordProblem(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'not a JSON object';
  const r = value as Record<string, unknown>;
  if (typeof r.query !== 'string' && !Array.isArray(r.turns)) return 'no "query" text or "turns" list';
  if (!Array.isArray(r.relevant)) return 'no "relevant" list';
  const bad = r.relevant.find((l: unknown) => {
    const label = l as Record<string, unknown> | null;
    return !label || typeof label.law !== 'string' || (typeof label.article !== 'string' && typeof label.article_no !== 'number');
  });
  return bad === undefined ? null : `a "relevant" entry without "law" and "article" or "article_no": ${JSON.stringify(bad)}`;
}

export function readEvalFile(file: string): EvalRecord[] {
  if (!fs.existsSync(file)) throw new LexError('eval-file-missing', `Eval file not found: ${file}`);
  const out: EvalRecord[] = [];
  fs.readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let value: unknown;
    try {
      // Some published files carry Python's bare NaN (e.g. a missing "keywords"); read it as null.
      value = JSON.parse(line.replace(/:\s*NaN\b/g, ': null'));
    } catch {
      throw new LexError('eval-file-invalid', `${file}:${i + 1} is not valid JSON`);
    }
    const problem = recordProblem(value);
    if (problem) throw new LexError('eval-file-invalid', `${file}:${i + 1}: ${problem} (${RECORD_SHAPE})`);
    out.push(value as EvalRecord);
  });
  return out;
}

/** The text a record asks: its query, or its user turns joined in order. */
export function queryText(record: EvalRecord): string {
  if (record.query) return record.query;
  return (record.turns ?? []).filter((t) => t.role === 'user').map((t) => t.text).join('\n');
}

/**
 * Resolves gold labels to article ids: by (file, article) when that file is
 * in the library, otherwise by (law title, article number) in the current version.
 */
export class GoldResolver {
  private readonly byFile;
  private readonly byTitle;

  constructor(db: Db) {
    this.byFile = db.prepare(
      `SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id
        WHERE d.path = ? AND a.number = ? AND a.sub_number = ? LIMIT 1`,
    ).pluck();
    this.byTitle = db.prepare(
      `SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
        WHERE l.title = ? AND ${statusSql('d')} != 'superseded' AND a.number = ? AND a.sub_number = ?
        ORDER BY d.province = '' DESC, ${statusSql('d')} = 'pending', d.publish_date DESC LIMIT 1`,
    ).pluck();
  }

  resolve(label: EvalRecord['relevant'][number]): number | null {
    const parsed = (label.article ? parseArticleLabel(label.article) : null) ?? (label.article_no ? { number: label.article_no, subNumber: 0 } : null);
    if (!parsed) return null;
    if (label.file) {
      const id = this.byFile.get(label.file, parsed.number, parsed.subNumber) as number | undefined;
      if (id !== undefined) return id;
    }
    const id = this.byTitle.get(label.law, parsed.number, parsed.subNumber) as number | undefined;
    return id ?? null;
  }
}
