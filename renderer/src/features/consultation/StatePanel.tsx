import { useState } from 'react';
import type { LegalState, TurnResult } from '../../../../preload/contract/index.js';
import { errorText } from '../../api/errorText.js';
import { useT, type Strings } from '../../i18n.js';

interface Props {
  turn: TurnResult;
  /** Stores the correction; a rejection's message is shown in the editor, which stays open. */
  onCorrect(correction: Partial<LegalState>): Promise<void> | void;
}

type Field = keyof LegalState;
const FIELDS: Field[] = ['subQuestion', 'parties', 'relations', 'keyFacts', 'disputeFocus', 'posture', 'domains', 'missingFacts', 'factDate', 'place'];

function asLines(state: LegalState, field: Field): string[] {
  const v = state[field];
  if (v === null || v === '') return [];
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x : `${x.name}（${x.role}）`));
  return [String(v)];
}

/**
 * A date as lawyers write it — 2023年5月1日, 2023.5.1, 2023/5/1, 2023-5-1 — in the host's form (2023-05-01);
 * null when it is no real calendar date.
 */
export function normalizeDate(text: string): string | null {
  const ascii = text.trim().replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  const m = /^(\d{4})\s*[年./\-－]\s*(\d{1,2})\s*[月./\-－]\s*(\d{1,2})\s*日?$/.exec(ascii);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Turns the edited text back into the field's shape ("张三（劳动者）" lines for parties); a date that cannot be read is left as typed for the host to refuse. */
export function parseField(field: Field, text: string): Partial<LegalState> {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  switch (field) {
    case 'parties':
      return { parties: lines.map((l) => { const m = /^(.*?)[（(](.*)[）)]$/.exec(l); return m ? { name: m[1]!, role: m[2]! } : { name: l, role: '' }; }) };
    case 'posture':
    case 'subQuestion':
      return { [field]: lines.join(' ') };
    case 'factDate':
      return { factDate: lines[0] ? normalizeDate(lines[0]) ?? lines[0] : null };
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
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const state = turn.state;
  if (!state) return null;
  /** The editor closes only once the correction is stored; otherwise it stays open with the text and the reason. */
  const save = async (field: Field) => {
    const correction = parseField(field, draft);
    if (field === 'factDate' && correction.factDate !== null && normalizeDate(correction.factDate ?? '') === null) {
      setError(t.badDate);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onCorrect(correction);
      setEditing(null);
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      setSaving(false);
    }
  };
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
                  <button className="link" data-testid={`correct-${field}`} onClick={() => { setEditing(field); setDraft(lines.join('\n')); setError(null); }}>
                    {t.correct}
                  </button>
                )}
              </dt>
              {editing === field ? (
                <dd>
                  <textarea value={draft} onChange={(e) => setDraft(e.target.value)} data-testid={`edit-${field}`} />
                  <button data-testid={`save-${field}`} disabled={saving} onClick={() => void save(field)}>{t.save}</button>
                  <button className="link" onClick={() => setEditing(null)}>{t.cancel}</button>
                  {error && <div className="error" data-testid="correct-error">{error}</div>}
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
