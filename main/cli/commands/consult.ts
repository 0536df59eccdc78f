import readline from 'node:readline';
import { Consultations } from '../../consult/index.js';
import type { Engine } from '../../engine/index.js';
import type { ModelOptions } from '../../engine/retrieval.js';
import { packOfPlace, placeNote } from '../../library/placePack.js';
import { LexError } from '../../util/errors.js';
import { dateOption, intOption, parseCommand } from '../args.js';
import { printTurnSummary, terminalEvents, turnJson } from '../consultView.js';
import { cliSettings } from '../llmConfig.js';
import type { Output } from '../output.js';
import { MODEL_DIR_OPTIONS, modelOptionsOf } from './modelOptions.js';
import { localStamp } from '../../../preload/contract/localTime.js';

const USAGE =
  'lexdesk consult [--ask TEXT] [--consultation ID] [--retry TURN_ID] [--list [SEARCH]] [--show ID] [--rename ID TITLE] [--as-of DATE] [--place 北京] [--title T] [--redact-name NAME]… [--offline] [--model DIR | --http-base URL --http-model NAME] [--cross-encoder DIR] [--providers cuda,cpu] [--json]';

export async function consultCommand(args: string[], open: (db?: string, models?: ModelOptions) => Engine, out: Output): Promise<number> {
  const { values, positionals } = parseCommand(
    args,
    {
      ask: { type: 'string' }, consultation: { type: 'string' }, retry: { type: 'string' }, list: { type: 'boolean', default: false },
      show: { type: 'string' }, rename: { type: 'string' }, 'as-of': { type: 'string' }, place: { type: 'string' }, title: { type: 'string' },
      'redact-name': { type: 'string', multiple: true }, offline: { type: 'boolean', default: false }, ...MODEL_DIR_OPTIONS,
    },
    USAGE,
  );
  const engine = open(values.db as string | undefined, modelOptionsOf(values));
  try {
    // Stored consultations are read without the LLM settings: a broken endpoint setting must not hide them.
    if (values.list) return listConsultations(new Consultations({ engine, llm: null }), out);
    if (values.show) return showConsultation(new Consultations({ engine, llm: null }), intOption(values.show, 'show', 0), out);
    if (values.rename !== undefined) return renameConsultation(new Consultations({ engine, llm: null }), intOption(values.rename, 'rename', 0), (values.title as string | undefined) ?? positionals.join(' '), out);
    const config = cliSettings();
    const consultations = new Consultations({ engine, llm: values.offline ? null : config.llm(), settings: config.read().consult });
    const turn = turnSwitch();
    // Ctrl+C outside a terminal session (or before it starts) arrives as a signal: it stops the turn being answered, and quits when idle.
    const onSigint = () => turn.stop() || process.exit(130);
    process.on('SIGINT', onSigint);
    try {
      const consultationId = values.consultation === undefined ? undefined : intOption(values.consultation, 'consultation', 0);
      const onEvent = out.json ? undefined : terminalEvents(out);
      const guarded = turn.run;
      if (values.retry) return report(await guarded((signal) => consultations.retry(intOption(values.retry, 'retry', 0), { signal, onEvent })), out);
      const asOf = dateOption(values['as-of'], 'as-of');
      const place = placeOption(engine, values.place as string | undefined);
      const ask = (text: string, id?: number) =>
        guarded((signal) =>
          consultations.ask({ signal, onEvent, consultationId: id, text, title: values.title as string | undefined, asOf, place, markNames: values['redact-name'] as string[] | undefined }),
        );
      if (values.ask !== undefined) return report(await ask(String(values.ask), consultationId), out);
      if (out.json) throw new LexError('usage', `--json needs --ask TEXT (one turn).\nUsage: ${USAGE}`);
      // A session of several turns: the index, model and vectors load in the background while the user types.
      engine.holdInMemory();
      return await interactive(ask, turn.stop, consultationId, out);
    } finally {
      process.off('SIGINT', onSigint);
    }
  } finally {
    engine.close();
  }
}

/**
 * --place as stored: trimmed, at most 50 characters (as the app's route allows). When it searches no province pack —
 * none installed, none holding the place, or two fitting it — the user is told so on stderr before the turn, since
 * the answer then rests on national law alone.
 */
function placeOption(engine: Engine, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const place = raw.trim().replace(/\s+/gu, ' ');
  if (!place) throw new LexError('usage', `--place needs a place, e.g. --place 北京 or --place 深圳.\nUsage: ${USAGE}`);
  if (place.length > 50) throw new LexError('usage', `--place may be at most 50 characters (got ${place.length}); give the province or city, e.g. --place 广东省深圳市.`);
  const note = placeNote(place, packOfPlace(engine.db, place));
  if (note) process.stderr.write(`lexdesk: ${note}\n`);
  return place;
}

/** The running turn's abort switch, shared by the SIGINT handler and the terminal session's Ctrl+C. */
function turnSwitch() {
  let running: AbortController | null = null;
  return {
    run: async <T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> => {
      const controller = new AbortController();
      running = controller;
      try {
        return await work(controller.signal);
      } finally {
        running = null;
      }
    },
    /** Aborts the turn being answered; false when none is. */
    stop: (): boolean => {
      if (!running) return false;
      running.abort();
      return true;
    },
  };
}

/** A finished turn's summary; exit 0 when answered, 130 when Ctrl+C cancelled it (the code of an interrupted command), else 1. */
function report(r: Awaited<ReturnType<Consultations['ask']>>, out: Output): number {
  if (out.json) out.printJson(turnJson(r));
  else printTurnSummary(r, out);
  if (r.status === 'done') return 0;
  return r.status === 'cancelled' ? 130 : 1;
}

async function interactive(
  ask: (text: string, id?: number) => ReturnType<Consultations['ask']>,
  stopTurn: () => boolean,
  startId: number | undefined,
  out: Output,
): Promise<number> {
  let id = startId;
  let exitCode = 0;
  out.print('LexDesk 咨询。描述案情或提问，回车发送；/new 开始新咨询，/quit 退出。Ctrl+C 中止当前回答。');
  const rl = readline.createInterface({ input: process.stdin, terminal: Boolean(process.stdin.isTTY) });
  // In a terminal readline puts stdin in raw mode, so Ctrl+C is a keypress, not a signal: without this listener readline
  // would close itself and the turn would run on to its end. It stops the turn being answered (stored as cancelled,
  // retryable); when idle it ends the session.
  rl.on('SIGINT', () => {
    if (stopTurn()) return;
    exitCode = 130;
    rl.close();
  });
  const prompt = () => process.stdout.isTTY && process.stdout.write('\n> ');
  prompt();
  for await (const line of rl) {
    const text = line.trim();
    if (text === '/quit' || text === '/exit') break;
    if (text === '/new') {
      id = undefined;
      out.print('（新咨询）');
    } else if (text) {
      const r = await ask(text, id);
      id = r.consultationId;
      printTurnSummary(r, out);
      out.print(`（咨询 ${r.consultationId}，第 ${r.seq} 轮）`);
    }
    prompt();
  }
  rl.close();
  return exitCode;
}

function listConsultations(c: Consultations, out: Output): number {
  const rows = c.list();
  if (out.json) out.printJson(rows);
  else if (!rows.length) out.print('No consultations yet: lexdesk consult --ask "…"');
  // The date and place a consultation was started with, as the app's history says them: two matters alike in title are told apart.
  else for (const r of rows) out.print(`${r.id}\t${localStamp(r.updated_at)}\t${r.turns} turns\t${r.title}${r.as_of || r.place ? `\t(${[r.as_of && `as of ${r.as_of}`, r.place].filter(Boolean).join(', ')})` : ''}`);
  return 0;
}

/**
 * `--rename ID 标题` (or `--rename ID --title 标题`): a consultation's title is the opening of its first message until
 * renamed, and keeps the facts as first told when a later turn corrects them; the app renames one from its history.
 */
function renameConsultation(c: Consultations, id: number, title: string, out: Output): number {
  if (!title.trim()) throw new LexError('usage', `--rename needs the new title: lexdesk consult --rename ${id} "新标题"\nUsage: ${USAGE}`);
  c.rename(id, title);
  const consultation = c.store.consultation(id);
  if (out.json) out.printJson({ id: consultation.id, title: consultation.title });
  else out.print(`咨询 ${consultation.id} 已重命名：${consultation.title}`);
  return 0;
}

function showConsultation(c: Consultations, id: number, out: Output): number {
  const { consultation, turns } = c.get(id);
  if (out.json) {
    out.printJson({ consultation, turns: turns.map(turnJson) });
    return 0;
  }
  out.print(`# ${consultation.title}（${consultation.id}）`);
  for (const t of turns) {
    out.print(`\n> ${t.userText}`);
    if (t.answer) out.print(t.answer);
    printTurnSummary(t, out);
  }
  return 0;
}
