/**
 * 「解释（二）第二十一条」 after 《建设工程施工合同解释（一）》第四十条: a practitioner's short name of one of a numbered
 * series of interpretations (（一）, （二）…). The parser sees no law in 「解释（二）」 and leaves 第二十一条 bare, and the
 * law named last is 解释（一）— another document. Which one is meant: the series member the text named in full
 * before (《建设工程施工合同解释（二）》), else the last law's name with its number changed, where the library knows that name.
 */
import { parseCitations, type CitationRef } from '../library/citation/parseCitation.js';
import type { LawNameIndex } from '../library/citation/aliases.js';

/** 解释（二）, 司法解释(一), 解释（二）的 right before a bare 第N条. */
const SHORT_ORDINAL = /(?:司法)?解释\s*[（(]\s*([一二三四五六七八九十])\s*[)）]\s*(?:的|之)?\s*$/;
/** A law name that is a member of such a series: 「…解释（一）」, 「…解释(二)」. */
const NAME_ORDINAL = /[（(]\s*([一二三四五六七八九十])\s*[)）]\s*$/;

export interface OrdinalShort {
  /** The words the text used: 解释（二）. */
  said: string;
  /** The citation read as that series member's article, or null when the text named none the library knows. */
  ref: CitationRef | null;
}

/**
 * For a bare citation right after 「解释（X）」: the law it names, from `named` (the citations naming a law before it,
 * in order) — the last whose name ends in （X）, else the last series member's name with （X） in place of its number.
 * Null when no short name stands before it, or when no law named before is a numbered series member.
 */
export function ordinalShort(text: string, ref: CitationRef, named: CitationRef[], names: LawNameIndex): OrdinalShort | null {
  const m = SHORT_ORDINAL.exec(text.slice(Math.max(0, ref.start - 12), ref.start));
  if (!m) return null;
  const ordinal = m[1]!;
  const said = m[0].replace(/(?:的|之)?\s*$/, '').trim();
  const members = named.filter((r) => r.lawName && NAME_ORDINAL.test(r.lawName));
  if (!members.length) return null;
  const same = [...members].reverse().find((r) => NAME_ORDINAL.exec(r.lawName!)![1] === ordinal);
  if (same) return { said, ref: { ...ref, lawName: same.lawName, lawKeys: same.lawKeys, versionYear: null } };
  const last = members[members.length - 1]!;
  const sibling = last.lawName!.replace(NAME_ORDINAL, `（${ordinal}）`);
  const parsed = parseCitations(`《${sibling}》${ref.raw}`, names)[0];
  if (parsed?.lawKeys.length && parsed.lawName !== last.lawName) return { said, ref: { ...ref, lawName: parsed.lawName, lawKeys: parsed.lawKeys, versionYear: null } };
  return { said, ref: null };
}
