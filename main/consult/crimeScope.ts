import type { Db } from '../db/open.js';
import type { StatuteArticle } from '../library/articles.js';
import { crimeNameIndex, crimeNamesIn } from '../library/citation/crimeNames.js';
import type { LegalState } from './schemas.js';

/**
 * What a criminal consultation is about: the crimes its messages and legal state name (帮信罪, 诈骗罪), as the 刑法
 * articles defining them (number and 之 number, so any version of 刑法 matches). A bail question for a 帮信罪 client
 * searched with 「可能判处管制、拘役或者有期徒刑」 and 「保证人」 brought the penalty clauses of every crime that reads so
 * (保险诈骗, 传授犯罪方法, 招摇撞骗 …) and other crimes' interpretations into its evidence, 70 to 100 articles of which
 * a lawyer needs the procedure's and the client's crime's.
 */
export interface CrimeScope {
  /** The names as written (帮信罪), for the reason an article was left out. */
  names: string[];
  /** The defining 刑法 articles, as `number-subNumber` (287-2 for 第二百八十七条之二). */
  articles: Set<string>;
  /**
   * Whether the messages or the state raise a civil matter too (赔偿, 附带民事, 合同, 离婚 …). Without one, 民法典 and its
   * interpretations are no part of the matter: 「取保候审 保证人」 found 民法典's 保证合同 articles.
   */
  civil: boolean;
}

/**
 * A question of which crime it is (「是否属于诈骗罪的预备」, 「诈骗罪共犯，还是掩饰、隐瞒犯罪所得罪」, 「是否另行成立妨害信用卡管理罪」,
 * 「会不会构成帮信罪」): the answer may well be another crime's article, so nothing is left out. A crime stated as
 * charged (「说是涉嫌帮信罪」) is no such question.
 */
const WHICH_CRIME = /(?:是否|算不算|属不属于|构不构成|会不会|能否|可否|可能)(?:属于|构成|成立|另行成立|认定|定为|涉嫌|犯)|构成什么|什么罪|何罪|哪个罪|哪种罪|还是.{0,15}罪|罪.{0,8}还是|区别|区分|界限|此罪|彼罪|定性/u;

/** Words of a civil claim or relation beside the crime. */
const CIVIL_WORDS = /民事|民法|赔偿|侵权|合同|借款|欠款|债务|债权|婚|继承|抚养|房屋|租赁|退赔|损失/u;
/** The civil code, the interpretations of it (「关于适用《中华人民共和国民法典》…的解释」) and of civil disputes (「…民事纠纷案件…」), 民事诉讼法. */
const CIVIL_CODE = /民法典|民事/u;

const CRIMINAL_CODE = '中华人民共和国刑法';
/** An interpretation about particular crimes: 「关于办理诈骗刑事案件…」, 「关于审理…等刑事案件…」 (not 刑事诉讼法's own). */
const CRIME_INTERPRETATION = /关于(?:办理|审理)(.+?)刑事案件/u;

/**
 * The consultation's crimes, from the user's messages and the state; null when none is named, or when the messages (or
 * the state's dispute focus and question) ask which crime it is (nothing is then left out).
 */
export function crimeScopeOf(db: Db, userTexts: readonly string[], state: LegalState | null): CrimeScope | null {
  if ([...userTexts, ...(state?.disputeFocus ?? []), state?.subQuestion ?? ''].some((t) => WHICH_CRIME.test(t))) return null;
  const stateText = state ? [...state.keyFacts, ...state.disputeFocus, ...state.relations, state.subQuestion, state.posture].join('\n') : '';
  const index = crimeNameIndex(db);
  const names: string[] = [];
  const articles = new Set<string>();
  const texts = [...userTexts, stateText, ...(state?.domains ?? [])];
  for (const text of texts) {
    for (const found of crimeNamesIn(text, index)) {
      if (!names.includes(found.name)) names.push(found.name);
      for (const a of found.articles) articles.add(`${a.number}-${a.subNumber}`);
    }
  }
  return articles.size ? { names, articles, civil: texts.some((t) => CIVIL_WORDS.test(t)) } : null;
}

/**
 * Why `article` is another crime's and has no place in the consultation's evidence, or null when it may stay: a 刑法
 * article of 分则 defining a crime the consultation does not name; an interpretation's article whose own citations of
 * 刑法 分则 name only other crimes; an article citing none in an interpretation about particular crimes
 * (「关于办理…刑事案件」) none of which is the consultation's. 总则 (自首, 缓刑, 数罪并罚), the procedure and every
 * other law stay. `keep` lists articles the user cited, which always stay.
 */
export function scopeFilter(db: Db, scope: CrimeScope, keep: ReadonlySet<number> = new Set()): (a: StatuteArticle) => string | null {
  const reason = `与本案罪名（${scope.names.join('、')}）无关的其他罪名的条文`;
  const civilReason = `刑事案件（${scope.names.join('、')}）未涉及民事问题，民事法律的条文与本案无关`;
  const linksOfArticle = db.prepare(
    `SELECT t.number, t.sub_number AS subNumber, t.path FROM article_links k JOIN articles t ON t.id = k.to_article
       JOIN documents d ON d.id = t.document_id JOIN laws l ON l.id = d.law_id
      WHERE k.from_article = ? AND l.title = ?`,
  );
  const linksOfDocument = db.prepare(
    `SELECT DISTINCT t.number, t.sub_number AS subNumber, t.path FROM articles f JOIN article_links k ON k.from_article = f.id
       JOIN articles t ON t.id = k.to_article JOIN documents d ON d.id = t.document_id JOIN laws l ON l.id = d.law_id
      WHERE f.document_id = ? AND l.title = ?`,
  );
  const byDocument = new Map<number, boolean>();
  /** Whether links to 刑法 name crimes (分则 articles), and none of them the consultation's: true; no crime named: null. */
  const otherCrimes = (rows: Array<{ number: number; subNumber: number; path: string }>): boolean | null => {
    const crimes = rows.filter((r) => r.path.includes('分则'));
    if (!crimes.length) return null;
    return !crimes.some((r) => scope.articles.has(`${r.number}-${r.subNumber}`));
  };
  return (a) => {
    if (keep.has(a.id)) return null;
    if (!scope.civil && CIVIL_CODE.test(a.lawTitle)) return civilReason;
    if (a.lawTitle === CRIMINAL_CODE) {
      return a.path.some((p) => p.includes('分则')) && !scope.articles.has(`${a.number}-${a.subNumber}`) ? reason : null;
    }
    const own = otherCrimes(linksOfArticle.all(a.id, CRIMINAL_CODE) as Array<{ number: number; subNumber: number; path: string }>);
    if (own !== null) return own ? reason : null;
    if (!CRIME_INTERPRETATION.test(a.lawTitle)) return null;
    let other = byDocument.get(a.documentId);
    if (other === undefined) {
      other = otherCrimes(linksOfDocument.all(a.documentId, CRIMINAL_CODE) as Array<{ number: number; subNumber: number; path: string }>) ?? false;
      byDocument.set(a.documentId, other);
    }
    return other ? reason : null;
  };
}
