/**
 * A 款 cited without a version that the version in force lacks while the version before had it under that number
 * (公司法第二十条第三款: 2023's 第二十条 has two 款; 2018's third pierced the corporate veil). Neither the CLI nor the app
 * saves the 2023 article for it: both offer that earlier 款 (followed into the version in force), or the 款 holding its
 * words now (第二十三条第一款), and the user chooses.
 */
import type { Db } from '../../db/open.js';
import { articleById, type StatuteArticle } from '../articles.js';
import type { CitedPart } from '../citation/parseCitation.js';
import type { CitationResolver, ResolveResult } from '../citation/resolver.js';
import { partText, type EarlierNumbering } from '../citation/earlierNumbering.js';
import { earlierPartsNow } from './earlierPart.js';
import { partLabel } from './savedPart.js';

/** One of the two to save: the article, the 款 and 项 of it, and their name (「第三款」; null: the whole article). */
export interface PartToSave {
  article: StatuteArticle;
  parts: Array<{ paragraph: number; items: number[] }>;
  part: string | null;
  /** The words of that part (of the article, for the whole). */
  text: string;
}

export interface OlderPartChoice {
  /** The earlier version's article with the 款 cited (2018 第二十条第三款). */
  earlier: PartToSave;
  /** Where that 款's words stand in the version looked up (2023 第二十三条第一款); null when nowhere, or in several articles. */
  now: PartToSave | null;
}

/** A citation resolved in a version with an earlier one that numbered another provision so. */
type WithEarlier = Extract<ResolveResult, { ok: true }> & { earlier: EarlierNumbering };

/** Is `r` a citation of a 款 its version lacks and the version before had (the CLI's and the app's test alike)? */
export function meansOlderPart(resolver: CitationResolver, r: ResolveResult): r is WithEarlier {
  return r.ok && Boolean(r.warning) && Boolean(r.earlier) && r.parts.length > 0 && resolver.earlierHasParts(r.earlier!, r.parts);
}

/** The two choices for such a citation; null for any other. */
export function olderPartChoice(db: Db, resolver: CitationResolver, r: ResolveResult): OlderPartChoice | null {
  if (!meansOlderPart(resolver, r)) return null;
  const before = articleById(db, r.earlier.articleId);
  const parts = located(r.parts);
  if (!before || !parts) return null;
  return { earlier: toSave(before, parts), now: nowOf(db, resolver, r) };
}

/** 第二十三条第一款 of the version looked up, resolved to its article and 款; null when it is not one article's. */
function nowOf(db: Db, resolver: CitationResolver, r: WithEarlier): PartToSave | null {
  const label = earlierPartsNow(db, r.earlier, r.article, r.parts);
  if (!label) return null;
  const found = resolver.lookupAll(`${r.article.lawTitle}${label}`, { version: r.article.publishDate ?? undefined });
  const only = found.length === 1 ? found[0]! : null;
  if (!only?.ok || only.warning) return null;
  return toSave(only.article, located(only.parts) ?? []);
}

/** The article and parts to save, named, with their words. */
function toSave(article: StatuteArticle, parts: PartToSave['parts']): PartToSave {
  return { article, parts, part: partLabel(parts), text: (parts.length ? partText(article, parts) : null) ?? article.text };
}

/** The parts with each 款 named (a 项 cited without its 款 cannot be saved as a part); null when one lacks it. */
function located(parts: readonly CitedPart[]): PartToSave['parts'] | null {
  const out = parts.flatMap((p) => (p.paragraph === null ? [] : [{ paragraph: p.paragraph, items: [...p.items] }]));
  return out.length === parts.length ? out : null;
}
