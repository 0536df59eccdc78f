/**
 * A citation without a version read in the version in force, when the version before gave its number to another
 * provision (公司法第二十条第三款: 2023's 第二十条 has two 款; 2018's had the third, piercing the corporate veil). What
 * `saved add` tells the user to save instead must be the 款 meant, where it stands now (第二十三条第一款), not the whole
 * article holding it.
 */
import type { Db } from '../../db/open.js';
import { articleById, type StatuteArticle } from '../articles.js';
import type { CitedPart } from '../citation/parseCitation.js';
import { partText, provisionNow, type EarlierNumbering } from '../citation/earlierNumbering.js';
import { counterpartOfText } from '../versions/counterparts.js';
import { partLabel, unitHolding, unitOf, unitsOf } from './savedPart.js';

/**
 * Where the earlier article's provision, or each 款 or 项 of it cited, stands in `article`'s version: 「第二十三条第一款」
 * (「第二十一条第二款、第二十三条第一款」 for two 款 gone apart); null when that version holds it nowhere else, or the earlier
 * article lacks the parts cited.
 */
export function earlierPartsNow(db: Db, earlier: EarlierNumbering, article: StatuteArticle, parts: readonly CitedPart[]): string | null {
  if (!parts.length) return provisionNow(db, earlier, article)?.label ?? null;
  const before = articleById(db, earlier.articleId);
  if (!before || partText(before, parts) === null) return null;
  const labels: string[] = [];
  for (const unit of unitsOf(parts)) {
    const text = partText(before, [unit]);
    const found = text === null ? null : counterpartOfText(db, { lawId: before.lawId, kind: before.kind, text }, article.publishDate ?? '');
    const there = found?.articleId ? articleById(db, found.articleId) : undefined;
    if (!there || text === null) return null;
    const held = unitHolding(there, text, unitOf([unit])!);
    const label = `${there.label}${held ? partLabel(held.parts) ?? '' : ''}`;
    if (!labels.includes(label)) labels.push(label);
  }
  return labels.join('、');
}
