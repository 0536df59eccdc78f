import { useState } from 'react';
import type { LegalState, TurnResult } from '../../../../preload/contract/index.js';
import { useT, type Strings } from '../../i18n.js';

interface Props {
  turn: TurnResult;
  onCorrect(correction: Partial<LegalState>): void;
}

type Field = keyof LegalState;
const FIELDS: Field[] = ['subQuestion', 'parties', 'relations', 'keyFacts', 'disputeFocus', 'posture', 'domains', 'missingFacts', 'factDate', 'place'];

function asLines(state: LegalState, field: Field): string[] {
  const v = state[field];
  if (v === null || v === '') return [];
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x : `${x.name}（${x.role}）`));
  return [String(v)];
}

/** Turns the edited text back into the field's shape ("张三（劳动者）" lines for parties). */
export function parseField(field: Field, text: string): Partial<LegalState> {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  switch (field) {
    case 'parties':
      return { parties: lines.map((l) => { const m = /^(.*?)[（(](.*)[）)]$/.exec(l); return m ? { name: m[1]!, role: m[2]! } : { name: l, role: '' }; }) };
    case 'posture':
    case 'subQuestion':
      return { [field]: lines.join(' ') };
    case 'factDate':
    case 'place':
      return { [field]: lines[0] ?? null } as Partial<LegalState>;
    default:
      return { [field]: lines } as Partial<LegalState>;
  }
}

/** The turn's legal state; what changed since the previous turn is highlighted; any field can be corrected. */
export function StatePanel({ turn, onCorrect }: Props) {
  const t = useT();
  const [editing, setEditing] = useState<Field | null>(null);
  const [draft, setDraft] = useState('');
  const state = turn.state;
  if (!state) return null;
  // The first turn has nothing to compare with: highlight changes from the second turn on.
  const changes = new Map(turn.seq > 1 ? turn.stateChanges.map((c) => [c.field, c]) : []);
  return (
    <section className="panel state" data-testid="state-panel">
      <h3>{t.state}</h3>
      <dl>
        {FIELDS.map((field) => {
          const change = changes.get(field);
          const lines = asLines(state, field);
          return (
            <div key={field} className={change ? 'changed' : ''} data-testid={`state-${field}`}>
              <dt>
                {t[field as keyof Strings]}
                {change && <span className="badge info" title={t.changed}>{t.changed}</span>}
                {editing !== field && (
                  <button className="link" data-testid={`correct-${field}`} onClick={() => { setEditing(field); setDraft(lines.join('\n')); }}>
                    {t.correct}
                  </button>
                )}
              </dt>
              {editing === field ? (
                <dd>
                  <textarea value={draft} onChange={(e) => setDraft(e.target.value)} data-testid={`edit-${field}`} />
                  <button data-testid={`save-${field}`} onClick={() => { onCorrect(parseField(field, draft)); setEditing(null); }}>{t.save}</button>
                  <button className="link" onClick={() => setEditing(null)}>{t.cancel}</button>
                </dd>
              ) : (
                <dd>
                  {lines.map((l) => (
                    <span key={l} className={change?.added.includes(l) ? 'added' : ''}>{l}</span>
                  ))}
                  {change?.removed.map((l) => <del key={l}>{l}</del>)}
                </dd>
              )}
            </div>
          );
        })}
      </dl>
    </section>
  );
}
