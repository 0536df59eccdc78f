/**
 * The official crime names (罪名) and the 刑法 articles they belong to, read from the texts that fix
 * them: 最高人民检察院关于适用刑法分则规定的犯罪的罪名的意见 (1997, a numbered list:
 * 「188．诈骗罪（第266条）」) and the 补充规定 of 最高人民法院 and 最高人民检察院 (2002–2024, tables:
 * 「| 第二百七十六条之一 （《刑法修正案（八）》第四十一条） |拒不支付劳动报酬罪 |」, with the names
 * they abolish: 「逃税罪 （取消偷税罪罪名）」; and, in （八）, a sentence: 「将…第一百六十九条…的罪名由
 * “…”修改为“…”」). Pure text parsing; crimeNames.ts reads the texts from the library.
 */
import { chineseToInt } from '../../../preload/contract/numerals.js';

export interface CrimeArticle {
  number: number;
  subNumber: number;
}

/** One line of a crime-name text: the names it gives the articles, and the names it abolishes there. */
export interface CrimeNameRow {
  names: string[];
  /** Names this row abolishes: renamed or merged into `names` (or dropped, when `names` is empty). */
  abolished: string[];
  articles: CrimeArticle[];
}

/** 刑法 分则 runs from 第一百零二条 to 第四百五十一条; a number outside is a slip (「第371条第2条」). */
const SPECIAL_PART = { first: 102, last: 451 };

const ARTICLE_REF = /第([0-9]+|[零〇一二两三四五六七八九十百千]+)条(?:之([一二三四五六七八九十]+))?/g;

/** The 刑法 articles a reference names (「第114条、第115条第1款」 → 114, 115), each once, in order. */
export function articlesIn(ref: string): CrimeArticle[] {
  const out: CrimeArticle[] = [];
  for (const m of ref.matchAll(ARTICLE_REF)) {
    const number = chineseToInt(m[1] as string);
    const subNumber = m[2] ? chineseToInt(m[2]) ?? 0 : 0;
    if (number === null || number < SPECIAL_PART.first || number > SPECIAL_PART.last) continue;
    if (!out.some((a) => a.number === number && a.subNumber === subNumber)) out.push({ number, subNumber });
  }
  return out;
}

/** A name as people write it: no spaces (「非法提供 商业秘密罪」 in the table). */
function cleanName(name: string): string {
  return name.replace(/\s+/g, '');
}

/** Names listed one after another, each ending in 罪: 「滥用职权罪、玩忽职守罪」, 「…罪；…罪」, 「…罪 …罪」, 「…罪和…罪」. */
export function splitNames(text: string): string[] {
  return text.split(/(?<=罪)(?:[\s、；;，,]|和|及)+/).map(cleanName).filter((n) => n.length > 1 && n.endsWith('罪'));
}

/** The names an abolition note lists: 「取消刑法原第155条第3项走私固体废物罪罪名」 → 走私固体废物罪. */
function abolishedIn(note: string): string[] {
  const body = note.replace(/^取消/, '').replace(/罪名$/, '').replace(/^刑法原第.+?[条款项](?=[^第条款项])/, '');
  return splitNames(body);
}

/** Rows of the 补充规定 tables; a row with no article (the line after 第291条之一 in 2002) is of the row above. */
export function tableRows(text: string): CrimeNameRow[] {
  const rows: CrimeNameRow[] = [];
  let above: CrimeArticle[] = [];
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || !cells[2] || /^-+$/.test(cells[1] as string) || cells[2] === '罪名') continue;
    const refCell = (cells[1] as string).replace(/[（(][^（）()]*(?:[（(][^（）()]*[）)][^（）()]*)*[）)]/g, '');
    // 《决定》第1条 (骗购外汇罪) is a decision's article, not 刑法's.
    if (refCell.includes('《')) continue;
    const articles = refCell ? articlesIn(refCell) : above;
    if (!articles.length) continue;
    above = articles;
    rows.push({ ...namesCell(cells[2] as string), articles });
  }
  return rows;
}

/** 「逃税罪 （取消偷税罪罪名）」 → names 逃税罪, abolished 偷税罪; 「取消嫖宿幼女罪罪名」 → abolished only. */
function namesCell(cell: string): Pick<CrimeNameRow, 'names' | 'abolished'> {
  const abolished: string[] = [];
  const rest = cell.replace(/[（(](取消[^（）()]*)[）)]/g, (_, note: string) => {
    abolished.push(...abolishedIn(note));
    return ' ';
  }).trim();
  if (rest.startsWith('取消')) return { names: [], abolished: [...abolished, ...abolishedIn(rest)] };
  return { names: splitNames(rest), abolished };
}

/**
 * Items of the 1997 list: 「背叛国家罪（第102条） 2．分裂国家罪（第103条第1款）」; a name may hold a bracket of
 * its own (「偷越国（边）境罪」), and a chapter heading may stand before an item (「第二章 危害公共安全罪\n放火罪…」).
 */
export function listedRows(text: string): CrimeNameRow[] {
  const rows: CrimeNameRow[] = [];
  const item = /([^\s\d．.（）()]+(?:（[^（）第]*）[^\s\d．.（）()]*)*罪)（(第[^（）]*)）/g;
  for (const m of text.matchAll(item)) {
    const articles = articlesIn(m[2] as string);
    if (articles.length) rows.push({ names: [cleanName(m[1] as string)], abolished: [], articles });
  }
  return rows;
}

/** （八）: 「将《中华人民共和国刑法》第一百六十九条（…）的罪名由“A罪”修改为“B罪”」. */
export function renameRows(text: string): CrimeNameRow[] {
  const rows: CrimeNameRow[] = [];
  const rename = /将[^第]*(第[^（“”]+?条(?:之[一二三四五六七八九十]+)?)[^“”]*?罪名由[“"]([^”"]+)[”"]修改为[“"]([^”"]+)[”"]/g;
  for (const m of text.matchAll(rename)) {
    const articles = articlesIn(m[1] as string);
    if (articles.length) rows.push({ names: [cleanName(m[3] as string)], abolished: [cleanName(m[2] as string)], articles });
  }
  return rows;
}

/** Every row a crime-name text holds, whichever of the three shapes it is written in. */
export function crimeNameRows(text: string): CrimeNameRow[] {
  return [...listedRows(text.replace(/^.*\|.*$/gm, '')), ...tableRows(text), ...renameRows(text)];
}

/**
 * Names → articles, the texts read oldest first so that a later one decides: a name it gives an article
 * replaces what an earlier said, and a name it abolishes leads to the article of the name that replaced it
 * (偷税罪 → 第二百零一条, now 逃税罪) or, abolished with no successor (嫖宿幼女罪), to nothing.
 */
export function crimeNameMap(textsOldestFirst: readonly string[]): Map<string, CrimeArticle[]> {
  const map = new Map<string, CrimeArticle[]>();
  for (const text of textsOldestFirst) {
    for (const row of crimeNameRows(text)) {
      for (const name of row.abolished) {
        if (row.names.length) map.set(name, row.articles);
        else map.delete(name);
      }
      for (const name of row.names) map.set(name, row.articles);
    }
  }
  return map;
}
