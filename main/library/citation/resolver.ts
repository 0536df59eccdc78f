import { cachedStatement, type Db } from '../../db/open.js';
import { ARTICLE_SELECT, articleById, toStatuteArticle, type ArticleRow, type StatuteArticle } from '../articles.js';
import { MATCH_WORDS, STATUS_ZH, statusSql, TODAY_SQL } from '../status.js';
import { lawAliases, LawNameIndex, normalizeLawName } from './aliases.js';
import { parseCitations, parseSingleCitation, type CitationRef, type CitedPart } from './parseCitation.js';
import { readRepeals, repealingShortTitle, repealMessages, type Repeal } from './repealedLaws.js';
import { earlierHasParts, earlierNumbering, partText, provisionNow, type EarlierNumbering, type ProvisionNow } from './earlierNumbering.js';
import { quoteInLaw, quoteSource, type QuoteSource } from './quoteSource.js';
import { rangeInside, type RangeInside } from './rangeInside.js';
import { amendmentMismatch, topicMismatch, type TopicMismatch } from './topicFit.js';
import { evidenceCloser, implementingArticles, type EvidenceArticle, type EvidenceCloser } from './evidenceFit.js';
import { numberingReading, type NumberingReading } from './numberingFit.js';
import { counterpartInVersion, counterpartOfText, type VersionMatch } from '../versions/counterparts.js';
import { replacementOf, type Replacement } from '../versions/replacedBy.js';
import { repealedBy } from '../versions/repealTable.js';
import { lawKnownSince } from '../versions/lawOrigins.js';
import { unheldArticle } from '../versions/unheldNumbering.js';
import { gapSentence, standsIn, versionGap, type FirstVersion, type GapNote } from '../versions/versionGap.js';
import { civilCodeCounterpart, CIVIL_CODE_TITLE } from './civilCodeConcordance.js';
import { civilCodeGap, standsInFor } from './civilCodeStandIn.js';
import { TrailBook } from '../versions/trailBook.js';
import { deletedNote, notYetNote, trailGap, unvouchedList } from '../versions/amendmentNotes.js';
import { articleLabelOf, repealedCitationsIn, shortTitle, type Successor } from './repealedSuccessor.js';
import { todayOf } from '../../db/today.js';
import { staleNote, staleTextOf } from '../versions/staleTexts.js';
import { retroactiveNote } from './civilCodeRetroactive.js';
import { citedPartTexts, itemHolding, type ItemHolding } from './itemFit.js';
import { amendedTextApartOf, amendedTextNote, type AmendedTextApart } from './amendedTextApart.js';
import { intToChinese } from '../../../preload/contract/numerals.js';
import { clip } from '../../util/clip.js';
import { bookTitle } from '../../../preload/contract/citationLine.js';

export interface VersionChoice {
  /** ISO date: the version in force on that date. */
  asOf?: string;
  /** ISO date: the version published on that date. */
  version?: string;
  /**
   * ISO date of an amendment (刑法修正案): the earliest version that contains it,
   * i.e. whose history lines record that date or that was published after it.
   */
  amendedOn?: string;
}

/** Which text a citation was read in, when it is the amended text filed apart, and the article of the text before that held the 款 cited. */
export interface FiledApartNote {
  en: string;
  zh: string;
  baseArticleId?: number;
}

export interface LawCandidate {
  lawId: number;
  title: string;
  province: string;
}

/** Why a citation did not resolve: `message` in English (the CLI), `messageZh` in Chinese (the app in Chinese). */
export type ResolveFailure = { message: string; messageZh: string; candidates: string[] } & (
  | {
      code: 'unknown-law';
      /** Set when the library says the law was repealed (合同法 by 民法典). */
      repeal?: Repeal;
      /** Set when 民法典 holds the cited article's rule now (合同法第一百零七条 → 第五百七十七条). */
      successor?: Successor;
    }
  | { code: 'ambiguous-law' }
  | { code: 'no-article-number' }
  | { code: 'bad-article-number' }
  | {
      code: 'article-not-found';
      /** Set when the version searched stood in for the text of the date asked (刑法 as of 2019; versionGap.ts). */
      gap?: GapNote;
      /**
       * Set when the article is in the library but was no law on the date asked: added by an amendment in force only
       * later (刑法 第一百三十三条之二 in 2019), or deleted by then (第一百九十九条 in 2016).
       */
      notLaw?: true;
    }
  | { code: 'version-not-found' }
);

export type ResolveResult =
  | {
      ok: true;
      article: StatuteArticle;
      ref: CitationRef;
      /** The first 款 cited; for a 项 cited without its 款, the 款 it was found in. */
      paragraph: number | null;
      /** The first 项 cited in that 款. */
      item: number | null;
      /** Every 款 cited with its 项 (`ref.parts`), the 款 filled in where a 项 was found without one. */
      parts: CitedPart[];
      /** Set when the cited 款 or 项 does not exist in the article ("第三十八条只有2款"); the article itself resolved. */
      warning: string | null;
      /** The same in Chinese, for the app in Chinese and the citation audit. */
      warningZh: string | null;
      /** Set when the citation itself named the version (2018年公司法): which version that was taken to mean. */
      note?: string;
      /**
       * Set by lookup when the citation named no version and the version before the one found holds another
       * provision under this number (公司法第七十一条: 2018's is on share transfers), as older texts cite it.
       */
      earlier?: EarlierNumbering;
      /**
       * Set when asked as of a date the library holds no text of the law for, while the law was already law then
       * (刑法 as of 2019): its first version was read in place of the text of the time (versionGap.ts).
       */
      gap?: GapNote;
      /**
       * Set when the article's text is that of an amendment in force after its document's own date (刑法 第三百九十条 as
       * amended by 刑法修正案（十二）, in force 2024-03-01, in the text dated 2020-12-26; amendmentTrail.ts).
       */
      amended?: { en: string; zh: string };
      /** Set when a decision the library holds amended the article's interpretation after its newest text here (staleTexts.ts). */
      stale?: { en: string; zh: string };
      /**
       * Set when the article was read in the amended text the collection files as a document of its own (婚姻法解释（二）
       * as of 2019, amended by its 补充规定; amendedTextApart.ts): which text, and why.
       */
      filedApart?: FiledApartNote;
    }
  | ({ ok: false } & ResolveFailure);

interface LawRow {
  id: number;
  title: string;
  short_name: string;
  province: string;
}

/** Resolves citations ("民法典第1165条", "刑法264") to exact articles of the library. */
/** A cited number the version before gave to another provision: that version's date and opening words, and the number that provision has now. */
export interface RenumberedCitation {
  cited: string;
  publishDate: string;
  excerpt: string;
  now: string;
}

export class CitationResolver {
  readonly names: LawNameIndex;
  private readonly laws = new Map<string, LawRow>();
  private readonly versionsStmt;
  private readonly versionListStmt;
  private readonly amendedStmt;
  private readonly articleStmt;
  private readonly inForceStmt;
  private readonly preambleStmt;
  /** Read on the first citation of an unknown law. */
  private repeals: Map<string, Repeal> | undefined;
  /** The laws amended by amendments the library holds, article by article (刑法). */
  readonly trails: TrailBook;

  constructor(private readonly db: Db) {
    const rows = db.prepare('SELECT id, title, short_name, province FROM laws').all() as LawRow[];
    const paths = db.prepare('SELECT law_id, path FROM documents').all() as Array<{ law_id: number; path: string }>;
    const fileNames = new Map<number, Set<string>>();
    // A title and file the import kept as another name of a law (the same document filed twice, sameDocument.ts).
    const aliases = db.prepare('SELECT law_id, title, path FROM law_aliases').all() as Array<{ law_id: number; title: string; path: string }>;
    for (const a of aliases) paths.push({ law_id: a.law_id, path: a.title }, { law_id: a.law_id, path: a.path });
    for (const p of paths) {
      const base = p.path.split('/').pop() ?? p.path;
      const set = fileNames.get(p.law_id) ?? new Set<string>();
      set.add(base);
      fileNames.set(p.law_id, set);
    }
    for (const row of rows) this.laws.set(String(row.id), row);
    this.trails = new TrailBook(db);
    this.names = new LawNameIndex(rows.map((row) => ({ key: String(row.id), names: namesOf(row, fileNames.get(row.id)) })));
    // Resolving a citation needs only whether a version is in force yet (the first arm of statusSql); the
    // whole status, with its per-version subquery, is read for the list of versions on a failure only.
    this.versionsStmt = db.prepare(
      `SELECT DISTINCT COALESCE(d.publish_date, '') AS publish, d.effective_date AS effective, d.effective_date > ${TODAY_SQL} AS pending
         FROM documents d WHERE d.law_id = ? ORDER BY publish DESC`,
    );
    this.versionListStmt = db.prepare(
      `SELECT DISTINCT COALESCE(d.publish_date, '') AS publish, ${statusSql('d')} AS status FROM documents d WHERE d.law_id = ? ORDER BY publish DESC`,
    );
    this.inForceStmt = db.prepare("SELECT 1 FROM documents WHERE law_id = ? AND status != 'repealed' LIMIT 1");
    this.amendedStmt = db.prepare(
      `SELECT COALESCE(publish_date, '') FROM documents
        WHERE law_id = @law AND (publish_date >= @date OR EXISTS (SELECT 1 FROM json_each(history) WHERE json_extract(value, '$.date') = @date))
        ORDER BY publish_date LIMIT 1`,
    ).pluck();
    this.articleStmt = db.prepare(
      `${ARTICLE_SELECT} WHERE d.law_id = ? AND COALESCE(d.publish_date, '') = ? AND a.number = ? AND a.sub_number = ?
          AND a.kind != 'preamble'
        ORDER BY a.kind = 'article' DESC LIMIT 1`,
    );
    this.preambleStmt = db.prepare(`${ARTICLE_SELECT} WHERE d.law_id = ? AND COALESCE(d.publish_date, '') = ? AND a.kind = 'preamble' LIMIT 1`);
  }

  /** Every citation in free text that resolves, in order, with the articles inside a range (unresolvable ones are dropped). */
  findInText(text: string, choice: VersionChoice = {}): Array<Extract<ResolveResult, { ok: true }>> {
    const out: Array<Extract<ResolveResult, { ok: true }>> = [];
    for (const ref of parseCitations(text, this.names, { ranges: 'expand' })) {
      if (!ref.lawKeys.length) continue;
      const result = this.resolveRef(ref, choice);
      if (result.ok) out.push(result, ...this.insertedAfter(ref, choice));
    }
    return out;
  }

  /** Inside a range, the articles inserted after the cited number (第一百三十三条之一, 之二), in order; none outside one. */
  private insertedAfter(ref: CitationRef, choice: VersionChoice): Array<Extract<ResolveResult, { ok: true }>> {
    const out: Array<Extract<ResolveResult, { ok: true }>> = [];
    if (!ref.withInserted) return out;
    for (let sub = ref.subNumber + 1; ; sub++) {
      const next = this.resolveRef({ ...ref, subNumber: sub, paragraph: null, item: null, parts: [] }, choice);
      if (!next.ok) return out;
      out.push(next);
    }
  }

  /** Resolves input meant to be one citation; failures say why and list candidates. */
  lookup(text: string, choice: VersionChoice = {}): ResolveResult {
    const parsed = parseSingleCitation(text, this.names);
    if (!parsed.ok) {
      const repeal = parsed.lawName ? this.repealOf(parsed.lawName) : undefined;
      if (repeal) return repealFailure(text.trim(), repeal, parsed.ref ? this.successorOf(repeal, parsed.ref, choice) : null, choice.asOf);
      return failureFor(parsed.reason, text, parsed.candidates ?? []);
    }
    return this.withEarlierNumbering(this.resolveRef(parsed.ref, choice), choice);
  }

  /** The result with the earlier version's provision under its number when that is another one (see EarlierNumbering). */
  private withEarlierNumbering(result: ResolveResult, choice: VersionChoice): ResolveResult {
    if (!result.ok || result.ref.versionYear !== null || choice.version || choice.asOf || choice.amendedOn) return result;
    const earlier = this.earlierNumbering(result.article);
    return earlier ? { ...result, earlier } : result;
  }

  /** What the version before the article's held under its number, when it reads otherwise (公司法第七十一条 of 2018). */
  earlierNumbering(article: StatuteArticle): EarlierNumbering | null {
    return earlierNumbering(this.db, article);
  }

  /** Where that earlier provision stands in `article`'s version (公司法 2018 第七十一条 → 2023 第八十四条); for what shows the note, not every lookup. */
  provisionNow(earlier: EarlierNumbering, article: StatuteArticle, parts: readonly CitedPart[] = []): ProvisionNow | null {
    return provisionNow(this.db, earlier, article, parts);
  }

  /** Whether that earlier article has the 款 and 项 a citation names (公司法 2018 第二十条第三款; 2023's 第二十条 has two 款). */
  earlierHasParts(earlier: EarlierNumbering, parts: readonly CitedPart[]): boolean {
    return earlierHasParts(this.db, earlier, parts);
  }

  /** The ids of the documents repealed on or before `asOf`, where the library can date the repeal (replacedBy.ts): no law of that date. */
  repealedBy(asOf: string): number[] {
    return repealedBy(this.db, asOf);
  }

  /** What replaced the article's repealed document and where it holds the article (replacedBy.ts); null when that does not apply. */
  replacementOf(articleId: number, asOf?: string): Replacement | null {
    const article = articleById(this.db, articleId);
    return article ? replacementOf(this.db, article, asOf) : null;
  }

  /**
   * Where the version of the article's law in force on `asOf` holds its provision (found by text, as a revision
   * renumbers: 公司法 2018 第七十一条 → 2023 第八十四条, amended); null when that version is the article's own or
   * none was in force then.
   */
  provisionAsOf(articleId: number, asOf: string, parts: readonly CitedPart[] = []): { publishDate: string; label: string | null; match: VersionMatch } | null {
    const article = articleById(this.db, articleId);
    if (!article) return null;
    const version = this.versionOn(article.lawId, asOf);
    if (version === null || version === (article.publishDate ?? '')) return null;
    // The 款 cited where the citation names one (2018 第二十条第三款 is 2023's 第二十三条, its first 款 第二十一条).
    const part = partText(article, parts);
    const there = part ? counterpartOfText(this.db, { lawId: article.lawId, kind: article.kind, text: part }, version) : counterpartInVersion(this.db, article, version);
    return { publishDate: version, label: there.label, match: there.match };
  }

  /** The library's today (fixed in training, the clock's otherwise; db/today.ts). */
  today(): string {
    return todayOf(this.db);
  }

  /** Whether the article's own version is the one applied on `asOf` (公司法 of 2018 on 2020-06-01), though a later one has replaced it. */
  appliedOn(articleId: number, asOf: string): boolean {
    const article = articleById(this.db, articleId);
    return !!article?.publishDate && this.versionOn(article.lawId, asOf) === article.publishDate;
  }

  /** The one law a citation names (the national one when a province has a law of that name too), or null when none or several. */
  lawOf(ref: CitationRef): { id: number; title: string } | null {
    const laws = this.preferred(ref.lawName, ref.lawKeys.map((k) => this.laws.get(k)).filter((l): l is LawRow => l !== undefined));
    return laws.length === 1 ? { id: laws[0]!.id, title: laws[0]!.title } : null;
  }

  /** The national law of exactly this title (民法典's, which repealed 合同法), or null. */
  lawTitled(title: string): { id: number; title: string } | null {
    const row = [...this.laws.values()].find((l) => l.title === title && l.province === '');
    return row ? { id: row.id, title: row.title } : null;
  }

  /**
   * Where a quotation stands in a law a citation names no article of (a repealed law's successor, a number the
   * law lacks; see quoteSource.ts), the version in force on `asOf` first.
   */
  quoteInLaw(law: { id: number; title: string }, asOf: string, quote: string): QuoteSource | null {
    return quoteInLaw(this.db, law, this.versionOn(law.id, asOf), quote);
  }

  /**
   * For a number the version read lacks: the latest earlier version that had it, and where that provision stands in the
   * version read (民诉法解释 2020 第五百五十一条, 2022's 第五百四十九条?), found by text; null when no earlier version had it.
   */
  private earlierHolder(lawId: number, publish: string, ref: Pick<CitationRef, 'article' | 'subNumber'>): { en: string; zh: string } | null {
    const row = cachedStatement(this.db, `${ARTICLE_SELECT} WHERE d.law_id = ? AND COALESCE(d.publish_date, '') < ? AND a.number = ? AND a.sub_number = ? AND a.kind = 'article'
      ORDER BY d.publish_date DESC LIMIT 1`).get(lawId, publish, ref.article, ref.subNumber) as ArticleRow | undefined;
    if (!row) return null;
    const before = toStatuteArticle(row);
    const there = counterpartInVersion(this.db, before, publish);
    const opening = clip(before.text.replace(/\s+/g, ''), 30);
    const held = there.articleId && there.label && there.match !== 'none' && there.match !== 'self'
      ? { en: `, which this version holds as ${there.label}${there.match in MATCH_WORDS ? ` (${MATCH_WORDS[there.match as keyof typeof MATCH_WORDS].en})` : ''}`, zh: `，本版中为${there.label}${there.match in MATCH_WORDS ? `（${MATCH_WORDS[there.match as keyof typeof MATCH_WORDS].zh}）` : ''}` }
      : { en: ', which this version no longer holds', zh: '，本版中没有相应条文' };
    return { en: `The ${before.publishDate} version had ${before.label} (「${opening}」)${held.en}.`, zh: `${before.publishDate} 版有${before.label}（「${opening}」）${held.zh}。` };
  }

  /**
   * The version of a law to read as of `asOf`, and, when it is the library's first standing in for a text of that date the
   * library lacks (劳动合同法 of 2012 as of 2010), why (versionGap.ts); no version when the law was no law yet (民法典 as of 2019).
   */
  readingOn(lawId: number, asOf: string): { publishDate: string | null; gap: GapNote | null } {
    const version = this.pickVersion(lawId, { asOf });
    if (version !== null) return { publishDate: version, gap: null };
    const first = this.firstVersion(lawId);
    if (!first) return { publishDate: null, gap: null };
    return { publishDate: standsIn(first, asOf) ? first.publishDate : null, gap: versionGap(first, first.publishDate, asOf, 'shown') };
  }

  /** The version of a law applied on `asOf`: the one in force, or the first standing in for a text the library lacks (versionGap.ts). */
  versionOn(lawId: number, asOf: string): string | null {
    const version = this.pickVersion(lawId, { asOf });
    if (version !== null) return version;
    const first = this.firstVersion(lawId);
    return first && standsIn(first, asOf) ? first.publishDate : null;
  }

  /** Whether the words a text says beside a citation fit another article of the cited version instead (see topicFit.ts). */
  topicMismatch(articleId: number, words: string, beside: ReadonlyArray<{ articleId: number; number: number | null }>, parts: ReadonlyArray<{ paragraph: number | null; items: number[] }> = []): TopicMismatch | null {
    return topicMismatch(this.db, articleId, words, beside, this.partTexts(articleId, parts)) ?? amendmentMismatch(this.db, articleId, words);
  }

  /** The texts of the 款 and 项 a citation of `articleId` names (itemFit.ts citedPartTexts). */
  private partTexts(articleId: number, parts: ReadonlyArray<{ paragraph: number | null; items: number[] }>): string[] {
    const article = parts.length ? articleById(this.db, articleId) : null;
    return article ? citedPartTexts(article, parts) : [];
  }

  /** The evidence article of another document the words beside a citation fit clearly better than its own law (see evidenceFit.ts). */
  evidenceCloser(articleId: number, words: string, evidence: readonly EvidenceArticle[], besideIds: readonly number[]): EvidenceCloser | null {
    return evidenceCloser(this.db, articleId, words, evidence, besideIds);
  }

  /** The articles of the documents in force that implement or interpret the law of an article (see evidenceFit.ts). */
  /** The 项 of an article whose words a citation of a 项 it lacks is given for (itemFit.ts), or null. */
  itemHolding(articleId: number, words: string): ItemHolding | null {
    const article = articleById(this.db, articleId);
    return article ? itemHolding(article, words) : null;
  }

  implementingArticles(articleId: number): EvidenceArticle[] {
    return implementingArticles(this.db, articleId);
  }

  /** Which provision the words beside a citation of a renumbered article mean (see numberingFit.ts). */
  numberingReading(articleId: number, words: string, earlier: { earlierId: number; nowId: number | null }, beside: ReadonlyArray<{ articleId: number; number: number | null }>, parts: ReadonlyArray<{ paragraph: number | null; items: number[] }> = []): NumberingReading {
    return numberingReading(this.db, articleId, words, earlier, beside, this.partTexts(articleId, parts));
  }

  /** What the version holding both ends of a range has between them (see rangeInside.ts); null for ends of two versions. */
  rangeInside(fromId: number, toId: number, lo: number, hi: number): RangeInside | null {
    return rangeInside(this.db, fromId, toId, lo, hi);
  }

  /** Where in the cited article's law a quotation it does not hold stands (see quoteSource.ts). */
  quoteSource(citedArticleId: number, quote: string): QuoteSource | null {
    return quoteSource(this.db, citedArticleId, quote);
  }

  /**
   * For a citation that names no version: the article of the cited version that holds what the version
   * before gave this number, when that is another provision (《公司法》第七十一条 written from the 2018
   * text means 2023's 第八十四条); null otherwise.
   */
  /** Every citation in the text with such an earlier meaning (see formerMeaning), for a search to say why it lists both. */
  renumberedIn(text: string): RenumberedCitation[] {
    return this.findInText(text).flatMap((c) => {
      const former = this.formerMeaning(c);
      return former ? [{ cited: c.article.label, publishDate: former.earlier.publishDate, excerpt: former.earlier.excerpt, now: former.now.label }] : [];
    });
  }

  formerMeaning(cited: Extract<ResolveResult, { ok: true }>): { earlier: EarlierNumbering; now: ProvisionNow } | null {
    if (cited.ref.versionYear !== null) return null;
    const earlier = this.earlierNumbering(cited.article);
    const now = earlier ? this.provisionNow(earlier, cited.article) : null;
    return earlier && now ? { earlier, now } : null;
  }

  /**
   * Input meant as one or more citations (民法典第1165、1166条, 刑法第二百六十三条至第二百六十九条):
   * each article once, in order, the inside of a range included; a failure for a citation
   * that does not resolve. Input with fewer than two citations is `lookup`'s one answer.
   */
  lookupAll(text: string, choice: VersionChoice = {}): ResolveResult[] {
    const refs = parseCitations(text, this.names, { ranges: 'expand' });
    // 合同法第107条、第113条: articles of a repealed law, each with where 民法典 holds its rule now.
    const repealed = repealedCitationsIn(text, refs, (name) => this.repealOf(name));
    if (refs.length < 2 || (refs[0]?.lawKeys.length === 0 && repealed.size === 0)) return [this.lookup(text, choice)];
    const seen = new Set<number>();
    const out: ResolveResult[] = [];
    let previousEnd = 0;
    for (const ref of refs) {
      // A citation of a law the library does not know reads its name from the text since the citation before it (、合同法第52条).
      const own = text.slice(Math.min(previousEnd, ref.start), ref.end).replace(/^[\s、，,;；和及与或]+/, '');
      previousEnd = ref.end;
      const repeal = repealed.get(ref);
      const first = ref.lawKeys.length > 0 ? this.withEarlierNumbering(this.resolveRef(ref, choice), choice)
        : repeal ? repealFailure(`${shortTitle(repeal.title)}${articleLabelOf(ref.article, ref.subNumber)}`, repeal, this.successorOf(repeal, ref, choice), choice.asOf)
        : this.lookup(own, choice);
      const inserted = first.ok ? this.insertedAfter(ref, choice).map((r) => this.withEarlierNumbering(r, choice)) : [];
      for (const result of [first, ...inserted]) {
        if (result.ok && seen.has(result.article.id)) continue;
        if (result.ok) seen.add(result.article.id);
        out.push(result);
      }
    }
    return out;
  }

  /**
   * The article a citation means. A version the citation names (2018年公司法)
   * wins over `choice.asOf`; an explicit `choice.version` wins over both.
   */
  resolveRef(ref: CitationRef, choice: VersionChoice = {}): ResolveResult {
    const laws = this.preferred(ref.lawName, ref.lawKeys.map((k) => this.laws.get(k)).filter((l): l is LawRow => l !== undefined));
    if (laws.length === 0) return failureFor('unknown-law', ref.raw, []);
    if (laws.length > 1) {
      return {
        ok: false, code: 'ambiguous-law',
        message: `"${ref.lawName ?? ref.raw}" matches several laws; name the one you mean.`,
        messageZh: `“${ref.lawName ?? ref.raw}”可指多部法律，请写明是哪一部。`,
        candidates: laws.map((l) => l.title + (l.province ? `（${l.province}）` : '')),
      };
    }
    const named = laws[0] as LawRow;
    const yearPin = ref.versionYear !== null && !choice.version ? ref.versionYear : null;
    // 婚姻法解释（二） as of 2019: the text then in force is filed under its 补充规定 (amendedTextApart.ts).
    const apart = yearPin === null && !choice.version && !ref.preamble ? this.amendedApart(named, ref, choice) : null;
    const law = apart ? (this.laws.get(String(apart.text.lawId)) ?? named) : named;
    // 《刑法》（2023年修正）: no version of 2023 in the library, but its consolidated text holds that year's amendment.
    const ofYear = yearPin !== null ? this.versionOfYear(law.id, yearPin) : null;
    const amendedIn = yearPin !== null && ofYear === null ? this.trails.amendedIn(law.id, yearPin) : null;
    let publish = yearPin !== null ? ofYear ?? amendedIn?.publish ?? null : this.pickVersion(law.id, choice);
    // 刑法 as of 2019: the library's first text is of 2020; it stands in for the text of the time, and says so.
    const first = publish === null && yearPin === null && !choice.version && choice.asOf ? this.firstVersion(law.id) : null;
    const gap = first && choice.asOf ? versionGap(first, first.publishDate, choice.asOf, 'shown') : null;
    // 民法典第五百七十七条 as of 2019: no law yet, it stands in for 合同法第一百零七条, which the library lacks (civilCodeStandIn.ts).
    const former = first && choice.asOf && !ref.preamble ? standsInFor({ lawTitle: law.title, province: law.province, number: ref.article, subNumber: ref.subNumber }, choice.asOf) : [];
    const inPlace: GapNote | null = former.length && choice.asOf ? civilCodeGap(former, choice.asOf)
      : first && choice.asOf && standsIn(first, choice.asOf) ? gap : null;
    if (first && inPlace) publish = first.publishDate;
    if (publish === null) {
      const asked = yearPin !== null ? `the year the citation names (${yearPin})` : (choice.version ?? choice.asOf ?? 'today');
      const askedZh = yearPin !== null ? `引用所写的年份（${yearPin}年）` : (choice.version ?? choice.asOf ?? '今天');
      // 2012年刑事诉讼法第一百七十三条: where a version held has the provision, when unheldNumbering.ts knows.
      const moved = yearPin !== null && !ref.subNumber ? unheldArticle(law.title, `第${intToChinese(ref.article)}条`, { year: yearPin }) : null;
      const there = moved ? { en: ` its ${moved.label} (${moved.subject}) is ${moved.now.label} of the ${moved.now.version} version;`, zh: `该年文本的${moved.label}（${moved.subject}）在 ${moved.now.version} 版中为${moved.now.label}；` } : { en: '', zh: '' };
      // 民法典 as of 2019, an article the old laws had none of: not yet law, which is what the reader needs to hear.
      return {
        ok: false, code: 'version-not-found',
        message: gap ? `${law.title}: ${gap.en}; its versions are listed below.` : `No version of ${law.title} matches ${asked};${there.en} its versions are listed below.`,
        messageZh: gap ? `${bookTitle(law.title)}：${gap.zh}；现有版本见下。` : `${law.title}没有与${askedZh}对应的版本；${there.zh}现有版本见下。`,
        candidates: this.versionList(law.id),
      };
    }
    const row = (ref.preamble ? this.preambleStmt.get(law.id, publish) : this.articleStmt.get(law.id, publish, ref.article, ref.subNumber)) as ArticleRow | undefined;
    const label = ref.preamble ? '序言' : `第${ref.article}条${ref.subNumber ? `之${intToChinese(ref.subNumber)}` : ''}`;
    if (!row) {
      // 刑法第一百九十九条: deleted by 刑法修正案（九）; the amendments say so, and where its last text is.
      const deleted = ref.preamble || yearPin !== null || choice.version ? null : this.trails.missing(law.id, publish, { number: ref.article, subNumber: ref.subNumber }, choice.asOf);
      // 民诉法解释第五百五十一条 today: an earlier version had that number; where its provision went is what the reader needs.
      const earlier = deleted || inPlace || yearPin !== null || choice.version || ref.preamble ? null : this.earlierHolder(law.id, publish, ref);
      const said = deleted ? gapSentence(deleted) : inPlace ? gapSentence(inPlace) : earlier;
      const why = said ? { message: ` ${said.en}`, messageZh: said.zh } : { message: '', messageZh: '' };
      return {
        ok: false, code: 'article-not-found',
        message: `${law.title} (${publish || 'undated'} version) has no ${label}.${why.message}`,
        messageZh: `${law.title}（${publish || '未注明日期的'}版本）没有${label}。${why.messageZh}`,
        candidates: [],
        ...(inPlace ? { gap: inPlace } : {}),
      };
    }
    const article = toStatuteArticle(row);
    const note = yearPin !== null
      ? amendedIn ? `The citation names ${yearPin}: this is the text as amended by ${amendedIn.source} of that year (the version published ${publish}, ${article.status}).`
        : `The citation names ${yearPin}: this is the version published ${publish}, ${article.status}.`
      : undefined;
    // 刑法 dated article by article by its amendments (a version or year named included, when it is the consolidated
    // text): as of 2019 第二百六十四条 is the text of the time, 第一百三十三条之二 no article yet, as of 2016 第一百九十九条 none any more.
    const then = choice.asOf && !choice.amendedOn && !ref.preamble ? this.trails.verdict(article, choice.asOf) : null;
    if ((then?.kind === 'not-yet' || then?.kind === 'deleted') && choice.asOf) {
      const why = gapSentence(then.kind === 'not-yet' ? notYetNote(then.added, choice.asOf) : deletedNote(then.deleted, then.before));
      return { ok: false, code: 'article-not-found', message: `${law.title} had no ${article.label} on ${choice.asOf}. ${why.en}`, messageZh: `${law.title}在 ${choice.asOf} 没有${article.label}。${why.zh}`, candidates: [], notLaw: true };
    }
    const dated = then && choice.asOf ? trailGap(then, choice.asOf, (article.effectiveDate ?? article.publishDate ?? '') <= choice.asOf, 'shown')
      : inPlace;
    // Without a date (a version or year named included: 2020年刑法第三百九十条 is the 2024 text too), the amendment a text is of.
    const amended = !ref.preamble && !choice.asOf && !choice.amendedOn ? this.trails.amendedText(article) : null;
    // 公司法解释（三） here only in its 2011 text, which a decision of 2020 amended: said, unless asked as of a date before it.
    const staleText = staleTextOf(this.db, article, choice.asOf);
    const stale = staleText ? staleNote(staleText) : null;
    return { ok: true, article, ref, ...locateInArticle(article, ref), ...(note ? { note } : {}), ...(dated ? { gap: dated } : {}), ...(amended ? { amended } : {}), ...(stale ? { stale } : {}), ...(apart ? { filedApart: apart.note } : {}) };
  }

  /**
   * The amended text filed apart to check a citation against, with what to say of it: on a date it was in force
   * (vouched for), or on another date when only it has the 款 cited (婚姻法解释（二）第二十四条第三款 today); else null.
   */
  private amendedApart(law: LawRow, ref: CitationRef, choice: VersionChoice): { text: AmendedTextApart; note: FiledApartNote } | null {
    const text = amendedTextApartOf(this.db, law.id);
    if (!text) return null;
    const on = choice.asOf ?? this.today();
    if (on < text.effective) return null;
    const articleOf = (lawId: number) => {
      const publish = this.pickVersion(lawId, choice);
      const row = publish === null ? undefined : this.articleStmt.get(lawId, publish, ref.article, ref.subNumber) as ArticleRow | undefined;
      return row ? toStatuteArticle(row) : null;
    };
    const base = articleOf(law.id);
    // The 款 the text before already had (第二十四条, its first 款): what replaced them is read from that text (民法典
    // 第一千零六十四条), not from the amended one's, whose added 款 went elsewhere (婚姻家庭编解释（一）第三十四条).
    const part = Math.max(0, ...ref.parts.map((p) => p.paragraph ?? 0));
    const ofBase = base && part <= base.paragraphs.length ? { baseArticleId: base.id } : {};
    if (choice.asOf && (text.repealed === null || choice.asOf < text.repealed)) return { text, note: { ...amendedTextNote(text, choice.asOf, null), ...ofBase } };
    if (part === 0) return null;
    const amended = articleOf(text.lawId);
    return (base?.paragraphs.length ?? 0) < part && (amended?.paragraphs.length ?? 0) >= part ? { text, note: amendedTextNote(text, null, part) } : null;
  }

  /** For a 民法典 article cited as of a date before it: the time-effect interpretation's article applying it then, quoted (civilCodeRetroactive.ts). */
  retroactiveNote(number: number, asOf: string): { en: string; zh: string; short: string } | null {
    return retroactiveNote(this.db, number, asOf);
  }

  /** The latest version published in `year`, or null. */
  private versionOfYear(lawId: number, year: number): string | null {
    const versions = this.versionsStmt.all(lawId) as Array<{ publish: string }>;
    return versions.find((v) => v.publish.startsWith(`${year}-`))?.publish ?? null;
  }

  /**
   * Of the laws a name may mean: national ones over province ones, then the
   * one whose title is the name itself (人民检察院刑事诉讼规则, not its
   * （试行） forerunner), then those not repealed.
   */
  private preferred(name: string | null, laws: LawRow[]): LawRow[] {
    let chosen = preferNational(laws);
    if (chosen.length < 2) return chosen;
    const exact = chosen.filter((l) => name !== null && titleNames(l.title).includes(name));
    if (exact.length > 0) chosen = exact;
    const inForce = chosen.filter((l) => this.inForceStmt.get(l.id) !== undefined);
    return inForce.length > 0 ? inForce : chosen;
  }

  /**
   * The publish date of the version to use: the given version; the one in force on asOf
   * (a version without an effective date counts from publication); the one containing an
   * amendment of that date; else the one in force today, or the latest when none is (a new
   * law not yet in force).
   */
  pickVersion(lawId: number, choice: VersionChoice): string | null {
    if (choice.amendedOn && !choice.version) return (this.amendedStmt.get({ law: lawId, date: choice.amendedOn }) as string | undefined) ?? null;
    const versions = this.versionsStmt.all(lawId) as Array<{ publish: string; effective: string | null; pending: number | null }>;
    if (choice.version) return versions.find((v) => v.publish === choice.version)?.publish ?? null;
    if (choice.asOf) {
      const asOf = choice.asOf;
      return versions.find((v) => (v.effective ?? v.publish) <= asOf)?.publish ?? null;
    }
    return (versions.find((v) => v.pending !== 1) ?? versions[0])?.publish ?? null;
  }

  /** The law's earliest version in the library: its publication and effective dates and its history (通过, 修正…); null for a law with none. */
  firstVersion(lawId: number): FirstVersion | null {
    const versions = this.versionsStmt.all(lawId) as Array<{ publish: string; effective: string | null }>;
    const first = versions[versions.length - 1];
    if (!first) return null;
    const row = cachedStatement(this.db, `SELECT history, level FROM documents WHERE law_id = ? AND COALESCE(publish_date, '') = ? LIMIT 1`).get(lawId, first.publish) as { history: string; level: string } | undefined;
    const holds = this.trails.heldAfter(lawId, first.publish);
    const known = lawKnownSince(this.db, lawId);
    const dated = known ? (known.kind === 'own' ? { tookEffect: known.since } : { namesakeSince: known.since }) : {};
    return { publishDate: first.publish, effectiveDate: first.effective, history: row ? (JSON.parse(row.history) as Array<{ date: string; event: string }>) : [], ...(row ? { level: row.level } : {}), ...(holds.length ? { holds } : {}), ...dated };
  }

  /**
   * Why article `id` is read in place of the text of `asOf`: its version is the law's first in the library, not yet
   * in force then, while the law was law then (刑法 第二百六十四条 of 2020 as of 2019; versionGap.ts), or it is an
   * article of 民法典 standing in for a civil law of the time (第五百七十七条 for 合同法 第一百零七条; civilCodeStandIn.ts), or
   * its law's amendments say it changed after the date (刑法 第三百九十条 in 2022) — or vouch that it did not, a note with
   * `confirmed` (刑法 第二百六十四条 in 2019; amendmentTrail.ts); null otherwise.
   */
  textGap(id: number, asOf: string, use: 'checked' | 'shown' = 'shown'): GapNote | null {
    const row = cachedStatement(this.db, `SELECT d.law_id AS lawId, COALESCE(d.publish_date, '') AS publish, COALESCE(d.effective_date, d.publish_date, '') AS effective,
        l.title, a.number, a.sub_number AS subNumber, d.province
      FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id WHERE a.id = ?`).get(id) as
      { lawId: number; publish: string; effective: string; title: string; number: number; subNumber: number; province: string } | undefined;
    if (!row) return null;
    // 刑法 dated article by article by its amendments (amendmentTrail.ts): changed since the date, or the text of the date.
    const dated = { lawId: row.lawId, publishDate: row.publish, effectiveDate: row.effective, number: row.number, subNumber: row.subNumber };
    const then = this.trails.verdict(dated, asOf);
    if (then) return trailGap(then, asOf, row.effective <= asOf, use);
    if (row.effective <= asOf) return null;
    // A date the amendments cannot vouch for (刑法 before 2010): the first-text note, and for a list the same word as the
    // amended articles' notes give the law.
    if (this.trails.covers(dated, asOf)) {
      const first = this.firstVersion(row.lawId);
      return first && first.publishDate === row.publish && standsIn(first, asOf) ? { ...versionGap(first, first.publishDate, asOf, use), list: unvouchedList(asOf) } : null;
    }
    // 民法典 第五百七十七条 for a contract of 2019: it stands in for 《合同法》第一百零七条, which applied then.
    if (row.title === CIVIL_CODE_TITLE) {
      const former = standsInFor({ ...row, lawTitle: row.title }, asOf);
      return former.length ? civilCodeGap(former, asOf) : null;
    }
    const first = this.firstVersion(row.lawId);
    return first && first.publishDate === row.publish && standsIn(first, asOf) ? versionGap(first, first.publishDate, asOf, use) : null;
  }

  private versionList(lawId: number): string[] {
    return (this.versionListStmt.all(lawId) as Array<{ publish: string; status: string }>).map((v) => `${v.publish} (${v.status})`);
  }

  /**
   * Where 民法典 holds the rule of a cited article of a law it repealed (合同法 第一百零七条 → 第五百七十七条;
   * civilCodeConcordance.ts), in the version in force on `choice.asOf` — or in force now, when that date
   * precedes 民法典 —; null for an article the table lacks or a law 民法典 did not repeal.
   */
  successorOf(repeal: Repeal, ref: Pick<CitationRef, 'article' | 'subNumber'> & Partial<Pick<CitationRef, 'parts'>>, choice: VersionChoice = {}): Successor | null {
    if (repeal.byLaw !== CIVIL_CODE_TITLE) return null;
    const rule = civilCodeCounterpart(repeal.title, ref.article, ref.subNumber, ref.parts);
    const code = rule ? this.lawTitled(CIVIL_CODE_TITLE) : null;
    if (!rule || !code) return null;
    const version = (choice.asOf ? this.pickVersion(code.id, { asOf: choice.asOf }) : null) ?? this.pickVersion(code.id, {});
    if (version === null) return null;
    const articles = rule.articles.flatMap((n) => {
      const row = this.articleStmt.get(code.id, version, n, 0) as ArticleRow | undefined;
      return row ? [toStatuteArticle(row)] : [];
    });
    if (articles.length === 0) return null;
    return { lawTitle: repeal.title, articleLabel: articleLabelOf(ref.article, ref.subNumber), topic: rule.topic, changed: rule.changed === true, articles, ...(rule.part ? { part: rule.part } : {}) };
  }

  /** Each citation in free text of a repealed law's article that 民法典 holds now, with where (see successorOf). */
  successorsInText(text: string, choice: VersionChoice = {}): Array<{ ref: CitationRef; repeal: Repeal; successor: Successor }> {
    const refs = parseCitations(text, this.names, { ranges: 'expand' });
    return [...repealedCitationsIn(text, refs, (name) => this.repealOf(name))].flatMap(([ref, repeal]) => {
      const successor = this.successorOf(repeal, ref, choice);
      return successor ? [{ ref, repeal, successor }] : [];
    });
  }

  /** The clause that repealed a law the library does not hold, when the library has one (合同法 → 民法典 第一千二百六十条). */
  repealOf(lawName: string): Repeal | undefined {
    this.repeals ??= readRepeals(this.db, (name) => this.names.lookup(name).length > 0);
    const name = normalizeLawName(lawName);
    // 我国合同法, 原《物权法》, 已废止的担保法: the law's name after words that only say which law is meant.
    return this.repeals.get(name) ?? this.repeals.get(normalizeLawName(lawName.replace(REFERENCE_WORDS, '')));
  }

  lawTitle(key: string): string | null {
    return this.laws.get(key)?.title ?? null;
  }

  /** The key of the law an article is of (what a citation's `lawKeys` hold), or null for an article the library lacks. */
  lawKeyOfArticle(articleId: number): string | null {
    const article = articleById(this.db, articleId);
    return article ? String(article.lawId) : null;
  }
}

/**
 * The 款 and 项 a citation points to, checked against the article: a 款 or 项
 * it does not have gives a warning (the article is still the answer; the first
 * such is told), and a 项 cited without its 款 ("第三十八条第二项") is looked up
 * in the only 款 that has 项.
 */
function locateInArticle(
  article: StatuteArticle, ref: Pick<CitationRef, 'parts'>,
): { paragraph: number | null; item: number | null; parts: CitedPart[]; warning: string | null; warningZh: string | null } {
  const located = ref.parts.map((part) => locatePart(article, part));
  const parts = located.map((l) => l.part);
  const first = parts[0];
  const warning = located.find((l) => l.warning !== null)?.warning ?? null;
  return { paragraph: first?.paragraph ?? null, item: first?.items[0] ?? null, parts, warning: warning?.en ?? null, warningZh: warning?.zh ?? null };
}

function locatePart(article: StatuteArticle, part: CitedPart): { part: CitedPart; warning: { en: string; zh: string } | null } {
  const { paragraph, items } = part;
  const label = article.label;
  const count = article.paragraphs.length;
  if (paragraph !== null && paragraph > count) {
    return { part, warning: { en: `${label} has only ${count} 款; 第${paragraph}款 does not exist.`, zh: `${label}只有${count}款，没有第${paragraph}款。` } };
  }
  const item = items[0];
  if (item === undefined) return { part, warning: null };
  const withItems = article.paragraphs.flatMap((p, i) => (p.items.length > 0 ? [i + 1] : []));
  const at = paragraph ?? (withItems.length === 1 ? (withItems[0] as number) : null);
  if (at === null) {
    const warning = withItems.length === 0
      ? { en: `${label} has no 项; 第${item}项 cannot be found.`, zh: `${label}没有项，找不到第${item}项。` }
      : {
          en: `${label} has 项 in ${withItems.length} 款; name the 款 (e.g. 第${withItems[0]}款第${item}项); 第${item}项 cannot be found.`,
          zh: `${label}有${withItems.length}款列有项，请写明是哪一款（如第${withItems[0]}款第${item}项）。`,
        };
    return { part, warning };
  }
  const found = article.paragraphs[at - 1]?.items ?? [];
  const missing = items.find((i) => !found.some((it) => it.number === i));
  if (missing === undefined) return { part: { paragraph: at, items }, warning: null };
  const where = paragraph === null ? label : `${label}第${at}款`;
  const warning = found.length === 0
    ? { en: `${where} has no 项; 第${missing}项 does not exist.`, zh: `${where}没有项，没有第${missing}项。` }
    : { en: `${where} has only ${found.length} 项; 第${missing}项 does not exist.`, zh: `${where}只有${found.length}项，没有第${missing}项。` };
  return { part: { paragraph: at, items }, warning };
}

function namesOf(row: LawRow, fileNames: Set<string> | undefined): string[] {
  const names = new Set(lawAliases(row.title, row.short_name));
  for (const file of fileNames ?? []) for (const n of lawAliases(row.title, file)) names.add(n);
  return [...names];
}

/** A title as typed in full: normalized, with and without 中华人民共和国. */
function titleNames(title: string): string[] {
  const full = normalizeLawName(title);
  return [full, full.replace(/^中华人民共和国/, '')];
}

/** A national law wins over same-named province regulations. */
function preferNational(laws: LawRow[]): LawRow[] {
  const national = laws.filter((l) => !l.province);
  return national.length ? national : laws;
}

/** Words before a repealed law's name that say which law is meant, not part of it: 我国, 原, 当时有效的, 已废止的. */
const REFERENCE_WORDS = /^\s*(?:我国|原来的|原|旧|当时(?:有效)?的|(?:现)?已(?:经)?(?:被)?废止的)\s*/;

/** A citation of a repealed law: what repealed it, and where 民法典 holds the article's rule when known (its articles are the candidates). */
function repealFailure(typed: string, repeal: Repeal, successor: Successor | null, asOf?: string): Extract<ResolveResult, { ok: false }> {
  const candidates = successor ? successor.articles.map((a) => `${a.shortName || a.lawTitle}${a.label}`) : [repealingShortTitle(repeal)];
  return { ok: false, code: 'unknown-law', ...repealMessages(typed, repeal, successor, asOf), candidates, repeal, ...(successor ? { successor } : {}) };
}

function failureFor(reason: string, text: string, candidates: string[]): Extract<ResolveResult, { ok: false }> {
  switch (reason) {
    case 'unknown-law':
      return {
        ok: false, code: 'unknown-law', candidates,
        message: `No law in the library matches "${text}".${candidates.length ? ' Did you mean one of the candidates below?' : ' Check the name, or import the law first.'}`,
        messageZh: `法规库中没有与“${text}”相符的法律。${candidates.length ? '是否要找下列候选？' : '请核对名称，或先导入这部法律。'}`,
      };
    case 'no-article-number':
      return { ok: false, code: 'no-article-number', candidates, message: `"${text}" names no article; add one, e.g. 第38条 or 38.`, messageZh: `“${text}”没有写条号；请加上条号，如“第38条”或“38”。` };
    case 'bad-article-number':
      return {
        ok: false, code: 'bad-article-number', candidates,
        message: `The article number in "${text}" is not a well-formed Chinese numeral${candidates.length ? `; did you mean ${candidates.join(' or ')}?` : '.'}`,
        messageZh: `“${text}”中的条号不是规范的中文数字${candidates.length ? `；是否指${candidates.join('或')}？` : '。'}`,
      };
    default:
      return {
        ok: false, code: 'unknown-law', candidates,
        message: `"${text}" does not name a law; cite like 民法典第1165条 or 劳动合同法 38.`,
        messageZh: `“${text}”没有写明法律名称；请按“民法典第1165条”或“劳动合同法 38”的样式引用。`,
      };
  }
}

/**
 * A failure's message with the law's versions written into it, for a caller that shows no candidate list (a brief's
 * check, a saved article): 「…没有与引用所写的年份（2017年）对应的版本；现有版本：2023-09-01（现行有效）、2021-12-24（已被修订）。」
 */
export function withVersionsSaid(r: Extract<ResolveResult, { ok: false }>): { en: string; zh: string } {
  if (r.code !== 'version-not-found' || r.candidates.length === 0) return { en: r.message, zh: r.messageZh };
  const zh = r.candidates.map((c) => c.replace(/ \((\w+)\)$/, (_, status: string) => `（${STATUS_ZH[status] ?? status}）`));
  return {
    en: r.message.replace(/its versions are listed below\.$/, `its versions: ${r.candidates.join(', ')}.`),
    zh: r.messageZh.replace(/现有版本见下。$/, `现有版本：${zh.join('、')}。`),
  };
}
