import { Fragment } from 'react';

/** The answer with each [n] turned into a chip that opens evidence n. */
export function AnswerText({ text, onCite }: { text: string; onCite(n: number): void }) {
  const parts = text.split(/(\[\d{1,3}\])/g);
  return (
    <div className="answer" data-testid="answer">
      {parts.map((p, i) => {
        const m = /^\[(\d{1,3})\]$/.exec(p);
        return m ? (
          <button key={i} className="chip" data-testid="citation-chip" onClick={() => onCite(Number(m[1]))}>
            {m[1]}
          </button>
        ) : (
          <Fragment key={i}>{p}</Fragment>
        );
      })}
    </div>
  );
}
