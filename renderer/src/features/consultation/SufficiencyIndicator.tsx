import { useState } from 'react';
import type { TurnResult, Verdict } from '../../../../preload/contract/index.js';
import { useT, type Strings } from '../../i18n.js';
import { outsideEvidenceNoteEn, outsideEvidenceNoteZh, outsideEvidenceScope, SUFFICIENT_FOR_EVIDENCE_EN, SUFFICIENT_FOR_EVIDENCE_ZH } from '../../../../preload/contract/sufficiency.js';

interface Props {
  turn: TurnResult;
  onOverride(verdict: Verdict, note: string): void;
}

const CLASS: Record<Verdict, string> = { sufficient: 'ok', insufficient: 'warn', insufficient_at_limit: 'bad', offline: 'muted' };
/** The judge's checklist items (its JSON's keys) as the UI names them; an unknown key is shown as it came. */
const CHECKS: Record<string, keyof Strings> = { factualSupport: 'checkFactualSupport', jurisdiction: 'checkJurisdiction', temporal: 'checkTemporal', contradictions: 'checkContradictions', missingElements: 'checkMissingElements' };

/**
 * The judge's verdict at a glance, expandable to the checklist, iterations and refinement queries; the user can override it.
 * A 证据充分 holds for the evidence the judge saw: when the answer cites articles outside it, the badge says so and how many
 * (those cited 引文不符 or 无法解析 outside it among them, and said), in the words the CLI and reports use (sufficiency.ts).
 */
export function SufficiencyIndicator({ turn, onOverride }: Props) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<Verdict>('insufficient');
  const [note, setNote] = useState('');
  const verdict = turn.verdictOverride?.verdict ?? turn.verdict;
  const scope = outsideEvidenceScope(turn.verdict, turn.citations);
  const outside = scope.articles;
  const en = t.lang === 'en';
  const judged = (v: Verdict) => (v === 'sufficient' && outside ? (en ? SUFFICIENT_FOR_EVIDENCE_EN : SUFFICIENT_FOR_EVIDENCE_ZH) : t[v]);
  if (!verdict) return <section className="panel sufficiency" data-testid="sufficiency"><h3>{t.sufficiency}</h3><span className="badge muted">{t.pending}</span></section>;
  return (
    <section className="panel sufficiency" data-testid="sufficiency">
      <h3>{t.sufficiency}</h3>
      <button className={`badge ${turn.verdictOverride || !outside ? CLASS[verdict] : 'warn'}`} data-testid="verdict" aria-expanded={open} onClick={() => setOpen(!open)}>
        {turn.verdictOverride ? `${t[verdict]} · ${t.overridden}` : judged(verdict)}
      </button>
      {!turn.verdictOverride && outside > 0 && <p className="warn" data-testid="verdict-scope">{(en ? outsideEvidenceNoteEn : outsideEvidenceNoteZh)(outside, scope)}</p>}
      {turn.verdictOverride && turn.verdict && (
        <p className="muted" data-testid="original-verdict">
          {judged(turn.verdict)} → {t[turn.verdictOverride.verdict]}
          {turn.verdictOverride.note ? `：${turn.verdictOverride.note}` : ''}
        </p>
      )}
      {open && (
        <div className="details" data-testid="verdict-details">
          <h4>{t.iterations}</h4>
          <ol>
            {turn.iterations.map((it) => (
              <li key={it.iteration} data-testid="iteration">
                <strong>{it.verdict === 'SUFFICIENT' ? t.sufficient : t.insufficient}</strong>
                <ul>
                  {Object.entries(it.checks).map(([name, c]) => (
                    <li key={name} className={c.ok ? 'ok' : 'warn'}>
                      {c.ok ? '✓' : '✗'} {CHECKS[name] ? t[CHECKS[name]] : name}
                      {c.note ? `：${c.note}` : ''}
                    </li>
                  ))}
                </ul>
                {it.codeChecks.length > 0 && <p>{t.codeChecks}：{it.codeChecks.map((c) => c.problem).join('；')}</p>}
                {it.refinementQueries.length > 0 && <p>{t.refinements}：{it.refinementQueries.join('；')}</p>}
              </li>
            ))}
          </ol>
          {turn.status === 'done' && (
            <form
              className="override"
              onSubmit={(e) => {
                e.preventDefault();
                onOverride(choice, note);
              }}
            >
              <label>
                {t.override}
                <select value={choice} onChange={(e) => setChoice(e.target.value as Verdict)} data-testid="override-choice">
                  {(['sufficient', 'insufficient', 'insufficient_at_limit'] as const).map((v) => (
                    <option key={v} value={v}>{t[v]}</option>
                  ))}
                </select>
              </label>
              <input placeholder={t.overrideNote} value={note} onChange={(e) => setNote(e.target.value)} data-testid="override-note" />
              <button type="submit" data-testid="override-save">{t.save}</button>
            </form>
          )}
        </div>
      )}
    </section>
  );
}
