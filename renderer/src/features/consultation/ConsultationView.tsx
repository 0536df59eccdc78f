import { useState, type KeyboardEvent } from 'react';
import type { TurnResult } from '../../../../preload/contract/index.js';
import { errorText } from '../../api/errorText.js';
import { fill, useT, type Strings } from '../../i18n.js';
import { AnswerText } from './AnswerText.js';
import { CitedStatutesPanel } from './CitedStatutesPanel.js';
import { ExportButtons } from './ExportButtons.js';
import { StageProgress } from './StageProgress.js';
import { StatePanel } from './StatePanel.js';
import { SufficiencyIndicator } from './SufficiencyIndicator.js';
import { useConsultation, type MatterSetting } from './useConsultation.js';
import { MatterSettingFields } from './MatterSettingFields.js';
import { useDraft } from './useDraft.js';
import { bookTitle } from '../../../../preload/contract/citationLine.js';
import { earlierFactsNote, earlierFactsYear, lawAsOfLine } from '../../../../preload/contract/lawAsOf.js';
import { turnCoverageNote } from '../../../../preload/contract/coverage.js';

/** The host's limit for one message (the consult.ask route's schema). */
const MAX_MESSAGE = 20_000;

interface Props {
  openId: number | null;
  onChanged(): void;
  /** The id the host gave the new consultation this view started. */
  onOpened(id: number): void;
  onOpenArticle(articleId: number): void;
  /** Counts the times the tab was shown (the cited statutes' ★ are read again). */
  shown?: number;
}

/** The consultation screen: chat on the left, the selected turn's verdict, state and cited statutes on the right. */
/**
 * Why a turn ran offline, in the UI's language: the code's own words (an unreachable endpoint keeps
 * the host's English detail, which names it); a turn stored before the code was kept has its English reason.
 */
function offlineReason(t: Strings, turn: TurnResult): string {
  if (!turn.offlineCode) return turn.offlineReason ?? '';
  return errorText(t, { code: turn.offlineCode, message: turn.offlineCode === 'llm_not_configured' && t.lang === 'zh' ? '' : (turn.offlineReason ?? '') });
}

export function ConsultationView({ openId, onChanged, onOpened, onOpenArticle, shown = 0 }: Props) {
  const t = useT();
  const c = useConsultation(openId, onChanged, onOpened);
  const [draft, setDraft] = useDraft(openId);
  const [selected, setSelected] = useState<number | null>(null);
  const [tooLong, setTooLong] = useState<number | null>(null);
  const [setting, setSetting] = useState<MatterSetting>({});
  const turns = c.consultation?.turns ?? [];
  const turn: TurnResult | undefined = turns.find((x) => x.turnId === selected) ?? turns.at(-1);

  const submit = async () => {
    const text = draft.trim();
    if (!text || c.live) return;
    if (text.length > MAX_MESSAGE) {
      setTooLong(text.length);
      return;
    }
    setTooLong(null);
    setDraft('');
    setSelected(null);
    // A message the host never took comes back into the composer (unless something new was typed meanwhile).
    if (!(await c.send(text, setting))) setDraft((current) => (current === '' ? text : current));
    else setSetting({});
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };
  const cite = (n: number, tr: TurnResult) => {
    const e = tr.evidence.filter((x) => !x.excluded)[n - 1];
    if (e) onOpenArticle(e.articleId);
  };

  return (
    <div className="consultation">
      <div className="chat" data-testid="chat">
        {c.consultation && turns.length > 0 && (
          <div className="chat-head">
            <strong>{c.consultation.title}</strong>
            {(c.consultation.asOf || c.consultation.place) && (
              <span className="badge muted" data-testid="matter-setting-shown">
                {fill(t.matterSetting, { setting: [c.consultation.asOf && fill(t.historyAsOf, { date: c.consultation.asOf }), c.consultation.place].filter(Boolean).join(' · ') })}
              </span>
            )}
            <ExportButtons consultationId={c.consultation.id} />
          </div>
        )}
        {turns.map((tr) => (
          <article key={tr.turnId} className={`turn ${tr.turnId === turn?.turnId ? 'selected' : ''}`} data-testid="turn" onClick={() => setSelected(tr.turnId)}>
            <div className="user" data-testid="user-message">{tr.userText}</div>
            {(tr.questionCitations ?? []).length > 0 && (
              <div className="notice" data-testid="question-citations">
                {t.questionCitations}
                {tr.questionCitations.map((q) => (
                  <div key={q.marker} data-testid="question-citation">
                    {q.marker}：{t.lang === 'zh' ? q.noteZh ?? q.note : q.note ?? q.noteZh}
                    {q.articleId !== null && <button className="link" onClick={(e) => { e.stopPropagation(); onOpenArticle(q.articleId!); }}>{bookTitle(q.lawTitle ?? '')}{q.articleLabel}</button>}
                  </div>
                ))}
              </div>
            )}
            {tr.mode === 'offline' && <div className="notice" data-testid="offline-notice">{t.offlineNotice} {offlineReason(t, tr)}</div>}
            {tr.answer && <AnswerText text={tr.answer} onCite={(n) => cite(n, tr)} />}
            {/* The date this turn applied the law as of, and why, in the CLI's and the report's words (a turn stored before migration 22 has none). */}
            {tr.lawAsOf && (tr.answer || tr.mode === 'offline') && <div className="muted law-as-of" data-testid="law-as-of">{lawAsOfLine(tr.lawAsOf, t.lang === 'en' ? 'en' : 'zh')}</div>}
            {/* A matter of 2018 searched with today's law: the rule of the time and how to set the date (the note is shared with the CLI). */}
            {tr.lawAsOf && (tr.answer || tr.mode === 'offline') && earlierFactsYear(tr.userText, tr.lawAsOf) !== null && (
              <div className="warn earlier-facts" data-testid="earlier-facts">{earlierFactsNote(earlierFactsYear(tr.userText, tr.lawAsOf)!, tr.lawAsOf, t.lang === 'en' ? 'en' : 'zh')}</div>
            )}
            {tr.libraryBehind && (tr.answer || tr.mode === 'offline') && <div className="warn library-behind" data-testid="library-behind">{turnCoverageNote(tr.libraryBehind, t.lang === 'en' ? 'en' : 'zh')}</div>}
            {(tr.answer || tr.mode === 'offline') && (tr.laterRevisions ?? []).map((l) => <div key={l.title} className="warn later-revision" data-testid="later-revision">{t.lang === 'en' ? l.en : l.zh}</div>)}
            {/* Facts from 2018 to 2022 under a law amended in between: the conduct before and after under different texts. */}
            {(tr.answer || tr.mode === 'offline') && (tr.spannedAmendments ?? []).map((s) => <div key={s.title} className="warn spanned-amendment" data-testid="spanned-amendment">{t.lang === 'en' ? s.en : s.zh}</div>)}
            {tr.answer && (tr.limitNotes ?? []).map((l) => <div key={l.marker} className="warn limit-note" data-testid="limit-note">{`${l.marker}：${t.lang === 'en' ? l.en : l.zh}`}</div>)}
            {tr.stages.length > 0 && <StageProgress lines={tr.stages} />}
            {tr.status === 'done' && <ExportButtons consultationId={tr.consultationId} turn={tr.seq} />}
            {tr.error && (
              <div className="error" data-testid="turn-error">
                {t.failed}：{errorText(t, tr.error)} {t.messageKept}
                <button onClick={() => void c.retry(tr)} data-testid="retry">{t.retry}</button>
              </div>
            )}
            {tr.redactions.length > 0 && <div className="muted" data-testid="redactions">{t.redacted}：{tr.redactions.map((r) => `${r.original}→${r.placeholder}`).join('，')}</div>}
          </article>
        ))}
        {c.live && (
          <article className="turn live" data-testid="live-turn">
            <div className="user">{c.live.text}</div>
            <StageProgress lines={c.live.stages} />
            {c.live.tokens && <div className="answer streaming" data-testid="streaming">{c.live.tokens}</div>}
          </article>
        )}
        {c.error != null && !c.live && <div className="error" data-testid="ask-error">{errorText(t, c.error)}</div>}
        {tooLong !== null && <div className="error" data-testid="too-long">{t.tooLong.replace('{n}', String(tooLong)).replace('{max}', String(MAX_MESSAGE))}</div>}
        {/* A new consultation's date and place, fixed once it starts (the host refuses another date for it). */}
        {!c.consultation && !c.live && <MatterSettingFields value={setting} onChange={setSetting} />}
        <div className="composer">
          <textarea value={draft} placeholder={t.placeholder} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKey} data-testid="composer" rows={3} />
          {c.live ? (
            <button onClick={() => void c.stop()} data-testid="stop">{t.stop}</button>
          ) : (
            <button onClick={() => void submit()} data-testid="send" disabled={!draft.trim()}>{t.send}</button>
          )}
        </div>
      </div>
      {turn && (
        <aside className="side">
          {/* Keyed by turn: an override or correction begun on one turn is never saved to another. */}
          <SufficiencyIndicator key={`v${turn.turnId}`} turn={turn} onOverride={(v, note) => void c.override(turn.turnId, v, note)} />
          <StatePanel key={`s${turn.turnId}`} turn={turn} onCorrect={(corr) => c.correct(turn.turnId, corr)} />
          <CitedStatutesPanel turn={turn} onOpenArticle={onOpenArticle} folder={c.consultation?.title ?? ''} shown={shown} />
        </aside>
      )}
    </div>
  );
}
