import type { Db } from '../../db/open.js';

/**
 * Revisions of national laws published after the LawRefBook collection's newest text, which the library therefore
 * lacks while it shows the text they replaced as 现行有效. The collection ends on 2025-06-23 (coverage.ts); the
 * general note says only that something may be missing, and a lawyer citing 反不正当竞争法 第九条 in a brief of 2026
 * was told ✓ against the 2019 text, superseded since 2025-10-15 by a revision that added articles and renumbered.
 *
 * Each entry is a revision known from its promulgation (a 主席令); it applies only while the library's text of the
 * law is older than the revision's adoption, so it falls silent once an import brings the new text in.
 */
export interface LaterRevision {
  /** The law's full title, as the library holds it. */
  title: string;
  /** 修订 or 修正. */
  kind: '修订' | '修正';
  /** The day the NPC Standing Committee adopted it. */
  adopted: string;
  /** The day it took effect. */
  inForce: string;
  /** Why it matters to a citation of the older text. */
  why: string;
}

export const LATER_REVISIONS: readonly LaterRevision[] = [
  {
    title: '中华人民共和国反不正当竞争法', kind: '修订', adopted: '2025-06-27', inForce: '2025-10-15',
    why: '修订后条文增加，多数条文的条号和内容已变化（如商业秘密、赔偿数额和举证责任的条文）',
  },
  {
    title: '中华人民共和国治安管理处罚法', kind: '修订', adopted: '2025-06-27', inForce: '2026-01-01',
    why: '修订后条文增加，条号和处罚幅度已变化',
  },
  {
    title: '中华人民共和国网络安全法', kind: '修正', adopted: '2025-10-28', inForce: '2026-01-01',
    why: '修正了法律责任等条文，部分条号和罚款数额已变化',
  },
];

export interface LaterRevisionNote {
  revision: LaterRevision;
  /** The version the library read. */
  read: string;
  en: string;
  zh: string;
}

/**
 * The note for an article of `lawTitle` read in the version published `read`, as of `asOf`, when a revision the
 * library lacks was adopted after that version and by that day: in force then (「已于…修订，…起施行」) or adopted and
 * not yet in force (「将于…施行」). Null when no such revision is known, or the library's text is the revised one.
 */
export function laterRevisionNote(lawTitle: string | null, read: string | null, asOf: string): LaterRevisionNote | null {
  if (!lawTitle || !read) return null;
  const revision = LATER_REVISIONS.find((r) => r.title === lawTitle);
  if (!revision || read >= revision.adopted || asOf < revision.adopted) return null;
  const inForce = asOf >= revision.inForce;
  const zh = inForce
    ? `该法已于 ${revision.adopted} ${revision.kind}，${revision.inForce} 起施行，法规库未收录修改后的文本（库中的是 ${read} 版，在 ${asOf} 已不是现行文本）；${revision.why}，请按现行文本核对条号和内容`
    : `该法已于 ${revision.adopted} ${revision.kind}，将于 ${revision.inForce} 起施行，法规库未收录修改后的文本（库中的是 ${read} 版）；${revision.why}`;
  const en = inForce
    ? `this law was revised on ${revision.adopted} (in force ${revision.inForce}); the library lacks the revised text, so the ${read} version checked is no longer the one in force on ${asOf}: check the number and wording against the current text`
    : `this law was revised on ${revision.adopted}, in force from ${revision.inForce}; the library lacks the revised text (the ${read} version was checked)`;
  return { revision, read, en, zh };
}

/**
 * The revisions the library lacks of the laws among `articles` (evidence, citations, a report's statutes), as of `asOf`:
 * one per law, in the order met, each with its note (「该法已于 2025-06-27 修订…」 headed by the law's title).
 */
export function laterRevisionsAmong(articles: ReadonlyArray<{ lawTitle: string | null; publishDate: string | null }>, asOf: string): Array<{ title: string; adopted: string; inForce: string; read: string; zh: string; en: string }> {
  const out: Array<{ title: string; adopted: string; inForce: string; read: string; zh: string; en: string }> = [];
  for (const a of articles) {
    if (!a.lawTitle || out.some((o) => o.title === a.lawTitle)) continue;
    const note = laterRevisionNote(a.lawTitle, a.publishDate, asOf);
    if (!note) continue;
    out.push({ title: a.lawTitle, adopted: note.revision.adopted, inForce: note.revision.inForce, read: note.read, zh: `《${a.lawTitle}》：${note.zh.replace(/^该法/, '')}`, en: `${a.lawTitle}: ${note.en.replace(/^this law /, '')}` });
  }
  return out;
}

/**
 * The known revisions the library lacks as of `asOf`, for `lexdesk info`: each law it holds only in a text older than the
 * revision, adopted by that day, with the text it holds (「反不正当竞争法：2025-06-27 修订，2025-10-15 起施行；库中为 2019-04-23 版」).
 */
export function laterRevisionsLacking(db: Db, asOf: string): Array<{ title: string; adopted: string; inForce: string; read: string }> {
  const newest = db.prepare(`SELECT MAX(d.publish_date) FROM documents d JOIN laws l ON l.id = d.law_id WHERE l.title = ? AND d.province = ''`).pluck();
  return LATER_REVISIONS.flatMap((r) => {
    const read = newest.get(r.title) as string | null;
    return read && read < r.adopted && asOf >= r.adopted ? [{ title: r.title, adopted: r.adopted, inForce: r.inForce, read }] : [];
  });
}
