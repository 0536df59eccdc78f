/**
 * What the notes say of an article dated by its law's amendments (amendmentTrail.ts): changed since the date asked,
 * unchanged since, not yet added, deleted, or shown in the text an amendment later than its document's date gave it.
 */
import type { GapNote } from './versionGap.js';
import type { ArticleThen, TrailChange } from './amendmentTrail.js';

const dated = (c: TrailChange) => `${c.source}（${c.effective} 起施行）`;
const datedEn = (c: TrailChange) => `${c.source} (in force ${c.effective})`;

/**
 * What a list of hits says once for a law whose articles are dated one by one: when the library accounts for every
 * change since the date, the unmarked ones read as they did then; else it cannot vouch for them (刑法 before 2010-08-27).
 */
function listNote(asOf: string, vouches = true): { en: string; zh: string } {
  return vouches
    ? {
        en: `its articles were dated by the amendments of it the library holds: those amended after ${asOf} are marked, the others read as they did then`,
        zh: `各条已按法规库所收该法的修正案核对：${asOf} 之后修改过的条文另有注明，其余条文即当时施行的文本`,
      }
    : {
        en: `those of its articles that amendments the library holds changed after ${asOf} are marked; for the others the library cannot vouch for the text of that date, as the law was also changed by acts it lacks`,
        zh: `其中在 ${asOf} 之后经法规库所收修正案修改的条文另有注明；该法还经法规库未收的文件修改，其余条文在当时的文本无法逐条核实`,
      };
}

/** The changes after a date, each with what it did: 「经《刑法修正案（九）》第十二条（2015-11-01 起施行）删去」. */
function changesZh(later: TrailChange[]): string {
  return later.map((c) => `经${dated(c)}${c.kind === 'deleted' ? '删去' : '修改'}`).join('，又');
}

function changesEn(later: TrailChange[]): string {
  return later.map((c) => `${c.kind === 'deleted' ? 'deleted' : 'amended'} by ${datedEn(c)}`).join(', then ');
}

/** What a list says once for a law whose amendments date some of its articles but cannot vouch for the rest on `asOf`. */
export function unvouchedList(asOf: string): { en: string; zh: string } {
  return listNote(asOf, false);
}

/** An article changed (or deleted) by amendments in force after `asOf`: the text shown is not the text of the date. */
export function amendedSinceNote(then: Extract<ArticleThen, { kind: 'amended-since' }>, asOf: string, use: 'checked' | 'shown'): GapNote {
  const before = then.then;
  // Deleted since (第一百九十九条 as of 2013): what is shown now is 「（删去）」, no text.
  const gone = then.later[then.later.length - 1]!.kind === 'deleted';
  const shownEn = gone ? 'it is now deleted' : `${use === 'checked' ? 'checked against' : 'shown here is'} the later text`;
  const shownZh = gone ? '本条现已删去' : use === 'checked' ? '按其后的文本核对' : '此为其后的文本';
  return {
    en: `after ${asOf} this article was ${changesEn(then.later)}; the text in force on ${asOf} ${before ? `is the one ${before.source} gave it (in force ${before.effective})` : 'is not in the library'}; ${shownEn}`,
    zh: `本条此后${changesZh(then.later)}；${asOf} 施行的是此前的条文${before ? `，即${before.source}（${before.effective} 起施行）所定的文本` : '，法规库中没有其全文'}；${shownZh}`,
    short: `此后${changesZh(then.later)}，${asOf} 施行的是此前的条文${before ? `（见${before.source}）` : ''}`,
    list: listNote(asOf, then.vouches),
    amendedSince: gone ? 'deleted' : 'amended',
    ...(before?.text ? { then: { text: before.text, source: before.source, effective: before.effective } } : {}),
  };
}

/** An article no amendment changed after `asOf`, every change since accounted for: the text shown is the text of the date. */
export function unchangedNote(then: Extract<ArticleThen, { kind: 'unchanged' }>, asOf: string): GapNote {
  const last = then.last && then.since ? ` (${then.last.source})` : '';
  const lastZh = then.last && then.since ? `（${then.last.source}）` : '';
  const en = then.since ? `has not changed since ${then.since}${last}` : `has not changed after ${asOf}`;
  const zh = then.since ? `本条自 ${then.since} 起未经修改${lastZh}` : `本条在 ${asOf} 之后未经修改`;
  return {
    en: `this article ${en} (the library holds every amendment of the law since then): this is the text in force on ${asOf}`,
    zh: `${zh}（法规库收有该法此后的各次修正案），此即 ${asOf} 施行的条文`,
    short: `${then.since ? `自 ${then.since} 起` : `${asOf} 之后`}未经修改，即 ${asOf} 施行的条文`,
    list: listNote(asOf),
    confirmed: true,
  };
}

/** An article added by an amendment not yet in force on `asOf`. */
export function notYetNote(added: TrailChange, asOf: string): { en: string; zh: string } {
  return {
    en: `this article was added by ${datedEn(added)}: it did not exist on ${asOf}`,
    zh: `本条由${dated(added)}增加，在 ${asOf} 尚无此条`,
  };
}

/** An article the consolidated text no longer holds because an amendment deleted it, with where its last text is. */
export function deletedNote(deleted: TrailChange, before: TrailChange | null): { en: string; zh: string } {
  return {
    en: `it was deleted by ${datedEn(deleted)}${before ? `; its text before that is in ${before.source}` : ''}`,
    zh: `该条已由${dated(deleted)}删去${before ? `；删去前的条文见${before.source}` : ''}`,
  };
}

/** The amendment whose text an article shows, when later than the date its document gives (刑法 第三百九十条: 2024-03-01, not 2021-03-01). */
export function amendedTextNote(change: TrailChange): { en: string; zh: string } {
  return change.kind === 'added'
    ? { en: `this article was added by ${datedEn(change)}`, zh: `本条由${dated(change)}增加` }
    : { en: `this is the text as amended by ${datedEn(change)}`, zh: `本条为${dated(change)}修改后的条文` };
}

/** The note a verdict gives an article found in the library; null where the trail says nothing the reader needs. */
export function trailGap(then: ArticleThen | null, asOf: string, documentInForce: boolean, use: 'checked' | 'shown'): GapNote | null {
  if (then?.kind === 'amended-since') return amendedSinceNote(then, asOf, use);
  // 刑法 第一百九十九条 as of 2016, kept in the text as 「（删去）」; 第一百三十三条之二 as of 2019, not yet added: no law of the date.
  if (then?.kind === 'deleted') return { ...deletedNote(then.deleted, then.before), short: `已由${dated(then.deleted)}删去`, list: listNote(asOf), notLaw: 'deleted' };
  if (then?.kind === 'not-yet') return { ...notYetNote(then.added, asOf), short: `由${dated(then.added)}增加，在 ${asOf} 尚无此条`, list: listNote(asOf, then.vouches), notLaw: 'not-yet' };
  // Unchanged and in a document in force then: nothing to say. Unchanged in a later document: it is the text of the date.
  if (then?.kind === 'unchanged' && !documentInForce) return unchangedNote(then, asOf);
  return null;
}
