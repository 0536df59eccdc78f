import type { Db } from '../../db/open.js';
import { LexError } from '../../util/errors.js';

/** A query expansion rule: the LLM appends its output to the original query. */
export interface ExpansionRule {
  id: number;
  name: string;
  instruction: string;
  outputFormat: string;
  active: boolean;
  origin: 'user' | 'evolved' | 'builtin';
  retired: boolean;
}

interface RuleRow {
  id: number;
  name: string;
  instruction: string;
  output_format: string;
  active: number;
  origin: ExpansionRule['origin'];
  retired: number;
}

const toRule = (r: RuleRow): ExpansionRule => ({ id: r.id, name: r.name, instruction: r.instruction, outputFormat: r.output_format, active: r.active === 1, origin: r.origin, retired: r.retired === 1 });

export function listRules(db: Db): ExpansionRule[] {
  return (db.prepare('SELECT * FROM expansion_rules ORDER BY id').all() as RuleRow[]).map(toRule);
}

export function activeRules(db: Db): ExpansionRule[] {
  return listRules(db).filter((r) => r.active && !r.retired);
}

/** Rule evolution eliminated the rule: it stays listed (the history refers to it) but is never applied. */
export function retireRule(db: Db, id: number): void {
  db.prepare('UPDATE expansion_rules SET retired = 1, active = 0 WHERE id = ?').run(id);
}

export function addRule(db: Db, rule: { name: string; instruction: string; outputFormat: string; origin?: ExpansionRule['origin']; active?: boolean }): ExpansionRule {
  const name = rule.name.trim();
  if (!name || !rule.instruction.trim()) throw new LexError('usage', 'A rule needs a name and an instruction.');
  if (db.prepare('SELECT 1 FROM expansion_rules WHERE name = ?').get(name)) throw new LexError('duplicate', `A rule named "${name}" already exists.`);
  const r = db
    .prepare('INSERT INTO expansion_rules (name, instruction, output_format, active, origin, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(name, rule.instruction.trim(), rule.outputFormat.trim() || '[A]、[B]、[C]', rule.active ? 1 : 0, rule.origin ?? 'user', new Date().toISOString());
  return toRule(db.prepare('SELECT * FROM expansion_rules WHERE id = ?').get(Number(r.lastInsertRowid)) as RuleRow);
}

/** Makes exactly these rules active (the rest inactive). */
export function activateRules(db: Db, ids: number[]): void {
  const known = new Set(listRules(db).map((r) => r.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw new LexError('not_found', `No rule with id ${unknown.join(', ')}. List them with: lexdesk rules list`);
  db.transaction(() => {
    db.prepare('UPDATE expansion_rules SET active = 0').run();
    const on = db.prepare('UPDATE expansion_rules SET active = 1 WHERE id = ?');
    for (const id of ids) on.run(id);
  })();
}

export function deleteRule(db: Db, id: number): void {
  const r = db.prepare('DELETE FROM expansion_rules WHERE id = ?').run(id);
  if (!r.changes) throw new LexError('not_found', `No rule with id ${id}.`);
}
