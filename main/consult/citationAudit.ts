import { citedSpans, joinSpans } from '../library/articles.js';
import { parseCitations, type CitationRef, type CitedPart } from '../library/citation/parseCitation.js';
import { parseArticleLabel } from '../../preload/contract/numerals.js';
import { CIVIL_CODE_TITLE } from '../library/citation/civilCodeConcordance.js';
import { withVersionsSaid, type CitationResolver, type FiledApartNote, type ResolveResult } from '../library/citation/resolver.js';
import { olderYearRead } from './olderYearText.js';
import type { QuoteSource } from '../library/citation/quoteSource.js';
import { repealedBy, type Repeal } from '../library/citation/repealedLaws.js';
import { beforeRepeal, SAME_LAW_BETWEEN, shortTitle, successorSentence, typedLawBefore, type Successor } from '../library/citation/repealedSuccessor.js';
import { STATUS_ZH } from '../library/status.js';
import type { CitationAudit, CitationLabel, Evidence } from './types.js';
import { inForceOn, replacementNote } from '../library/versions/replacedBy.js';
import { heldBy, inVersion, joinNotes, quoteSourceNote, replacementRefs, successorRefs, type Note } from './auditNotes.js';
import { versionGap } from '../library/versions/versionGap.js';
import { standsInForLaw } from '../library/citation/civilCodeStandIn.js';
import type { TopicMismatch } from '../library/citation/topicFit.js';
import type { NumberingReading } from '../library/citation/numberingFit.js';
import { citationWordsIn } from './citationWords.js';
import { bookTitle, citedLabel } from '../../preload/contract/citationLine.js';
import { documentKind, documentNote, type DocumentKind } from '../library/citation/partyDocument.js';
import { clauseOwner } from '../library/citation/documentClause.js';
import { unheldReading, type UnheldReading } from './unheldReading.js';
import type { Found } from './auditFound.js';
import { assignQuotes, holdsQuote, normalizeForQuote } from './auditQuotes.js';
import { ordinalShort } from './ordinalSibling.js';

export { holdsQuote, normalizeForQuote } from './auditQuotes.js';

/** An answer's evidence markers: [1], and lists such as [1、2] or [1, 2] (a fresh regex each call: it is global). */
export const evidenceMarkers = (): RegExp => /\[(\d{1,3}(?:\s*[,，、]\s*\d{1,3})*)\]/g;
/** The numbers of one marker's list ("1、 2" → [1, 2]). */
export const markerNumbers = (list: string): number[] => list.split(/[,，、]/).map((x) => Number(x.trim()));
/** Text before an article number that says a law is meant: a name ending in 法/条例/规定/解释… (or 》). */
const LAW_NAME_BEFORE = /[》法例则定释]\s*$/;
/** 该法, 上述条例…: a law named earlier, which the parser looks for in the same sentence, then earlier in its paragraph. */
const REFERRING_BEFORE = /(?:该|此|上述|前述|上列|有关|相关)(?:法|条例|办法|细则|规则|解释|规定)\s*$/;
/** Characters before a citation read for the law it names. */
const SHOWN_BEFORE = 24;

/** The last citation, when it was of a repealed law: where it ended and the repeal. */
interface PreviousRepealed {
  end: number;
  repeal: Repeal;
}

/**
 * A written citation whose law the library cannot tell: an unknown name
 * (劳动者权益保障法第十条; the parser leaves an unbracketed unknown name out of
 * `raw`, so the text before the citation is read) or 该法 with no law named in
 * its sentence. Null for a bare 第N条 that names no law at all (bareArticle reads those).
 */
/** A law the library lacks, with the titles of those whose names come close, as a check of a name mistyped. */
function unknownLawNote(close: readonly string[]): Note {
  const titles = [...new Set(close)];
  if (!titles.length) return { en: 'no such law in the library', zh: '法规库中没有这部法律' };
  return {
    en: `no law of that name in the library; did you mean ${titles.map(bookTitle).join(' or ')}?`,
    zh: `法规库中没有这个名称的法律；是否指${titles.map(bookTitle).join('或')}？`,
  };
}

function unknownLaw(
  answer: string, ref: CitationRef, resolver: CitationResolver, asOf: string, previous: PreviousRepealed | null,
): { marker: string; note: Note; quoteLaw?: Found['quoteLaw']; successor?: Successor; inForceThen?: boolean; repeal?: Repeal } | null {
  const before = answer.slice(Math.max(0, ref.start - SHOWN_BEFORE), ref.start);
  // 《合同法》第一百零七条、第一百一十三条: the second is of the same repealed law.
  const listed = previous && SAME_LAW_BETWEEN.test(answer.slice(previous.end, ref.start)) ? previous.repeal : null;
  const bracketed = ref.raw.includes('《');
  const named = bracketed || LAW_NAME_BEFORE.test(before);
  if (!named && !listed) return null;
  // The name as typed: in 《》, else the words before the number (依据合同法第52条 → 合同法).
  const lawName = named ? typedLawBefore(answer, ref, (name) => resolver.repealOf(name) !== undefined) : null;
  const marker = named && !bracketed ? `${lawName ?? ''}${ref.raw}` : ref.raw;
  const referring = named ? REFERRING_BEFORE.exec(before) : null;
  if (referring) {
    const said = referring[0].trim();
    return { marker, note: { en: `the law “${said}” refers to is not named in its sentence or earlier in its paragraph, so the citation cannot be checked`, zh: `“${said}”所指的法律在本句和本段前文中都没有写明，无法核验这条引用` } };
  }
  // 《合同法》第五十二条, which models trained on older texts still cite: say what replaced it.
  const repeal = named ? (lawName ? resolver.repealOf(lawName) : undefined) : listed!;
  if (!repeal) return { marker, note: unknownLawNote(lawName ? resolver.names.closeNames(lawName).map((n) => resolver.lawTitle(resolver.names.lookup(n)[0] ?? '') ?? n) : []) };
  const by = repealedBy(repeal);
  const successor = resolver.successorOf(repeal, ref, { asOf }) ?? undefined;
  const now = successor ? successorSentence(successor) : null;
  const quoteLaw = resolver.lawTitled(repeal.byLaw);
  // 第一百一十三条 after 《合同法》第一百零七条、: which law it was read as.
  const law = shortTitle(repeal.title);
  const readAs = named ? { en: '', zh: '' } : { en: `${ref.raw} names no law; read as ${bookTitle(law)}${ref.raw}, the law before it: `, zh: `${ref.raw}没有写明法律，按前面的${bookTitle(law)}读作其${ref.raw}；` };
  // A matter of 2020 is governed by 合同法 (民法典时间效力规定): citing it then is right, though its text cannot be checked here.
  if (beforeRepeal(repeal, asOf)) {
    return {
      marker, quoteLaw, successor, inForceThen: true, repeal,
      note: {
        en: `${readAs.en}${bookTitle(repeal.title)} was still in force on ${asOf} (${by.en}); the library does not hold its text, so the citation cannot be checked${now ? `; ${now.en}` : ''}`,
        zh: `${readAs.zh}${bookTitle(repeal.title)}在 ${asOf} 仍然有效（${by.zh}），法规库中没有其条文，无法核验${now ? `；${now.zh}` : ''}`,
      },
    };
  }
  return {
    marker, quoteLaw, successor, repeal,
    note: {
      en: `${readAs.en}a repealed law: ${by.en}; ${now ? `${now.en}; ` : ''}cite the law in force`,
      zh: `${readAs.zh}已废止的法律：${by.zh}；${now ? `${now.zh}；` : ''}请引用现行法律`,
    },
  };
}

/**
 * A citation of a document's clause rather than a law's article: 《借款合同》第八条 (partyDocument.ts), or a bare
 * 第九条 whose nearest source named is such a document, no law between (依照《借款合同》第八条、第九条 — the contract's
 * 第九条, not the law named before it; documentClause.ts). Null for anything else.
 */
function documentCited(answer: string, ref: CitationRef, resolver: CitationResolver): { title: string; kind: DocumentKind; note: Note; lawVerb?: true } | null {
  const title = /^《([^》]+)》/.exec(ref.raw)?.[1];
  if (title !== undefined) {
    const kind = documentKind(title, resolver.names);
    return kind ? { title, kind, note: documentNote(kind) } : null;
  }
  const owner = ref.raw.startsWith('第') ? clauseOwner(answer, ref.start, ref.end, resolver.names) : null;
  if (!owner) return null;
  const own = documentNote(owner.kind);
  return {
    ...owner,
    note: {
      en: `${ref.raw} names no law; read as ${ref.raw} of ${bookTitle(owner.title)} before it: ${own.en}`,
      zh: `${ref.raw}没有写明法律，按前面的${bookTitle(owner.title)}读作其${ref.raw}：${own.zh}`,
    },
  };
}

/**
 * A bare 第N条 said as laws are (规定) after a party's document only mentioned in its sentence (「《劳动合同》亦有约定，
 * 第八十二条规定…」, documentClause.ts): read as the law named last, as a bare number is, and to check, its note naming
 * both readings — when that law is named in the same paragraph (the caller's test). Null when it has no such article
 * (or not its 款 or 项): the document's clause is then the reading.
 */
function eitherReading(answer: string, ref: CitationRef, title: string, numbered: Evidence[], lastLaw: CitationRef, resolver: CitationResolver, asOf: string, draft: boolean): Found | null {
  const asLaw = bareArticle(answer, ref, numbered, lastLaw, resolver, asOf, draft);
  if (!asLaw?.article || asLaw.missingPart) return null;
  const lead: Note = {
    en: `${ref.raw} may be a clause of ${bookTitle(title)} named before it (a party's document, no law) or a law's article: say which`,
    zh: `${ref.raw}可指前面的${bookTitle(title)}的条款（当事人文件，非法律法规），也可指法律条文，请写明所指`,
  };
  return { ...asLaw, note: joinNotes(lead, asLaw.note) };
}

/** What the words beside a citation fit instead of the article cited (topicFit.ts; evidenceFit.ts in a consultation). */
function topicNote(m: TopicMismatch, draft: boolean): Note {
  const who = draft ? { en: 'text', zh: '文中' } : { en: 'answer', zh: '回答' };
  const c = m.closer;
  // Another document of the turn's evidence: its number there, so that the lawyer sees it is not the law cited.
  const where = !c ? null : c.evidence ? { en: `evidence [${c.evidence}], ${c.label} of ${bookTitle(c.lawTitle ?? '')}`, zh: `本轮证据[${c.evidence}]${bookTitle(c.lawTitle ?? '')}${c.label}` }
    : { en: `${c.label} of ${c.lawTitle ? bookTitle(c.lawTitle) : 'the same law'}`, zh: `${c.lawTitle ? bookTitle(c.lawTitle) : '该法'}${c.label}` };
  return {
    en: `what the ${who.en} says here does not match this article (「${m.citedExcerpt}」)${c && where ? `; ${where.en} fits it (「${c.excerpt}」)` : ''}: check the ${c?.lawTitle ? 'citation' : 'article number'}`,
    zh: `${who.zh}此处所述与该条内容不符（该条为「${m.citedExcerpt}」）${c && where ? `，与${where.zh}相符（「${c.excerpt}」）` : ''}，请核对${c?.lawTitle ? '所引法条' : '条号'}`,
  };
}

const NOT_IN_EVIDENCE: Note = { en: 'cited in the answer but not among the evidence of this turn', zh: '回答引用了这一条，但它不在本轮证据中' };

/** 合同第五条, 章程第十条, 回答的第二条, 劳动合同中第五条: a clause of a document, not a statute. */
const DOCUMENT_CLAUSE_BEFORE = /(?:合同|协议|章程|手册|制度|约定|条款|通知|决议|决定书|判决书?|裁定书?|答复|回答|意见|借条|欠条|收据|遗嘱|须知|规约|公约|方案|计划|清单|议案|说明)(?:书|稿)?(?:的|中)?\s*$/;
/** Space after an article number: 「第十条 争议解决」, 「第二条　价款」. */
const HEADING_GAP = /^[ \t\u3000]/;

/**
 * 「第十条 争议解决」 opening a line: the text's own article (a contract's clause, a draft regulation's article), as
 * statutes and contracts set their headings, not a citation — which runs on (「第三十八条规定…」).
 */
function ownHeading(text: string, ref: CitationRef): boolean {
  const lineStart = Math.max(text.lastIndexOf('\n', ref.start - 1), text.lastIndexOf('\r', ref.start - 1)) + 1;
  return text.slice(lineStart, ref.start).trim() === '' && HEADING_GAP.test(text.slice(ref.end, ref.end + 1));
}

/** 同法, 同条例: the law named last, though a sentence or more before (within its sentence the parser reads it); not 合同法. */
const SAME_LAW_AS_BEFORE = /((?<![合共协认不相连会赞如等陪随混大雷异伙胡视类趋苟])同(?:法|条例|办法|细则|规则|解释))\s*$/;

/** 「（2003年版）」, 「(2009年修正)」 right after an article: the version the text cites. */
const VERSION_AFTER = /^\s*[（(]\s*((?:19|20)\d{2})\s*年\s*(?:版|版本|文本|修正|修订|修正版|修订版|公布|施行)?\s*[)）]/;

/** 第二条建议, 第三条约定: a numbered point of the answer or of a document. */
const DOCUMENT_CLAUSE_AFTER = /^\s*(?:建议|意见|事项|约定|注意)/;

/**
 * A bare 第N条 that names no law (…依照第四十六条支付经济补偿): the parser gives it no law
 * unless only separators stand between it and the last one named, so the audit reads the
 * answer and the evidence. After a law the answer named, it is that law's article, looked up
 * in the library (in the evidence or not); before any, the one evidence article with that
 * number; otherwise it cannot be checked and is said to be so. A clause of a contract or
 * other document is no citation at all (null).
 */
function bareArticle(answer: string, ref: CitationRef, numbered: Evidence[], lastLaw: CitationRef | null, resolver: CitationResolver, asOf: string, draft = false): Found | null {
  // 同法第一百九十八条 a sentence after the law: the text says which law, the one it named last.
  const said = lastLaw ? SAME_LAW_AS_BEFORE.exec(answer.slice(Math.max(0, ref.start - 6), ref.start))?.[1] : undefined;
  if (ref.preamble || DOCUMENT_CLAUSE_BEFORE.test(answer.slice(Math.max(0, ref.start - 8), ref.start)) || DOCUMENT_CLAUSE_AFTER.test(answer.slice(ref.end, ref.end + 4))) return null;
  if (ownHeading(answer, ref)) return null;
  const base = { pos: ref.start, evidenceMarker: false, marker: ref.raw };
  if (lastLaw) {
    const cited = citedArticle({ ...ref, lawName: lastLaw.lawName, lawKeys: lastLaw.lawKeys, versionYear: lastLaw.versionYear }, numbered, resolver, asOf, draft);
    // …第一百三十三条之一…另依照第一百三十三条之二 in a matter of 2019: that law had no such article then; say why.
    if (!('article' in cited) && cited.notLaw) {
      return { ...base, article: null, inEvidence: false, note: { en: `${ref.raw} names no law; read as an article of the law named before it: ${cited.message.en}`, zh: `${ref.raw}没有写明法律，按前面提到的法律读：${cited.message.zh}` } };
    }
    if ('article' in cited) {
      const { article, match, missingPart, spans, gap } = cited;
      const read = `${bookTitle(article.lawTitle)}${citedLabel({ label: article.articleLabel })}`;
      const also = joinNotes(gap, missingPart);
      return {
        ...base, article, inEvidence: !!match, missingPart: !!missingPart && (!gap || gap.confirmed === true), spans, gap,
        note: {
          en: `${said ? `“${said}”${ref.raw} read` : `${ref.raw} names no law; read`} as ${read}, of the law the ${draft ? 'text' : 'answer'} named last${match || draft ? '' : ', which is not among the evidence of this turn'}${also ? `; ${also.en}` : ''}`,
          zh: `${said ? `“${said}”${ref.raw}` : `${ref.raw}没有写明法律，`}按${draft ? '文中' : '回答'}前面最后提到的法律读作${read}${match || draft ? '' : '，该条不在本轮证据中'}${also ? `；${also.zh}` : ''}`,
        },
      };
    }
  }
  const same = numbered.filter((e) => {
    const n = parseArticleLabel(e.articleLabel);
    return n !== null && n.number === ref.article && n.subNumber === ref.subNumber;
  });
  if (!lastLaw && same.length === 1) {
    const meant = same[0]!;
    const read = `${bookTitle(meant.lawTitle)}${citedLabel({ label: meant.articleLabel })}`;
    // Its 款 and 项 are checked in that very version of the article.
    const located = ref.parts.length ? resolver.lookup(`《${meant.lawTitle}》${ref.raw}`, meant.publishDate ? { version: meant.publishDate } : {}) : null;
    const { missingPart, spans } = located?.ok && located.article.id === meant.articleId ? partsChecked(located, meant.text) : { missingPart: null, spans: [] };
    return {
      ...base, article: meant, inEvidence: true, missingPart: !!missingPart, spans,
      note: {
        en: `${ref.raw} names no law; read as ${read}, the only evidence article with that number${missingPart ? `; ${missingPart.en}` : ''}`,
        zh: `${ref.raw}没有写明法律，读作证据中唯一有此条号的${read}${missingPart ? `；${missingPart.zh}` : ''}`,
      },
    };
  }
  const laws = same.map((e) => bookTitle(e.lawTitle)).join('、');
  const note: Note = draft
    ? { en: `${ref.raw} names no law${lastLaw ? ', and the law named before it has no such article' : ''}: the citation cannot be checked`, zh: `${ref.raw}没有写明法律${lastLaw ? '，前面提到的法律也没有这一条' : ''}：无法核验这条引用` }
    : same.length
    ? { en: `${ref.raw} names no law, and the evidence has it in ${laws}: the citation cannot be checked`, zh: `${ref.raw}没有写明法律，而证据中${laws}都有此条号：无法核验这条引用` }
    : {
        en: `${ref.raw} names no law${lastLaw ? ', the law named before it has no such article,' : ''} and no evidence article has that number: the citation cannot be checked`,
        zh: `${ref.raw}没有写明法律${lastLaw ? '，前面提到的法律也没有这一条' : ''}，证据中也没有此条号的法条：无法核验这条引用`,
      };
  return { ...base, article: null, inEvidence: false, note };
}

/** A citation resolved as of `asOf` (else in any version), and the evidence article it is, if any; the resolver's message when it resolves to none. */
function citedArticle(
  ref: CitationRef, numbered: Evidence[], resolver: CitationResolver, asOf: string, draft = false,
): { article: NonNullable<Found['article']>; match: Evidence | undefined; notInEvidence: Note | null; gap: NonNullable<Found['gap']> | null; missingPart: Note | null; spans: Array<[number, number]>; renumbered: boolean; otherReading: Note | null; parts: CitedPart[]; stale: Note | null; filedApart: FiledApartNote | null; earlierMeaning: { articleId: number; label: string } | null; earlier: Found['earlier'] } | { message: Note; law: Found['quoteLaw']; notLaw?: boolean } {
  // 2012年刑事诉讼法第一百七十三条: a version the library lacks, whose provision the one held has elsewhere (unheldNumbering.ts).
  const unheld = unheldReading(ref, resolver, asOf);
  if (unheld) return unheldCited(unheld, numbered, draft);
  const hit = resolver.resolveRef(ref, { asOf });
  // 刑法第一百三十三条之二 in a matter of 2019 (added only in 2021), 第一百九十九条 in 2016 (deleted in 2015): no article of that date.
  if (!hit.ok && hit.code === 'article-not-found' && hit.notLaw) return { message: { en: hit.message, zh: hit.messageZh }, law: null, notLaw: true };
  let any = hit.ok ? hit : resolver.resolveRef(ref);
  // 《著作权法》（2010年修正）第三条: a year older than any text the library holds is read in its first text, and said so.
  const older = !any.ok && any.code === 'version-not-found' ? olderYearRead(ref, resolver) : null;
  if (older) any = older.hit;
  if (!any.ok) return { message: withVersionsSaid(any), law: any.code === 'article-not-found' ? resolver.lawOf(ref) : null };
  // 民事诉讼法第一百一十九条 in a judgment of 2019: the library's first version of the law is of 2021, which renumbered it.
  // The resolver reads it in that first version, the nearest the library has to the text of the time; say so. A law
  // not yet adopted then (民法典 in 2019) resolves to none, and is read in its first version too, with that said.
  // A number that first version lacks (民事诉讼法第三百条 as of 2019) is read in today's text, with the same note.
  const standIn = hit.ok ? hit.gap !== undefined : hit.code === 'version-not-found' || (hit.code === 'article-not-found' && hit.gap !== undefined);
  const first = standIn ? resolver.firstVersion(any.article.lawId) : null;
  if (first && !hit.ok) {
    const earliest = resolver.resolveRef(ref, { version: first.publishDate });
    if (earliest.ok) any = earliest;
  }
  const a = any.article;
  // 民法典 as of 2019 says which article of the law of the time held its rule (合同法第一百零七条): the resolver's note.
  // (刑法's articles, dated by its amendments, are read in the wording of a check: 按其后的文本核对.)
  const gap = older ? older.note : first ? (hit.ok && hit.gap?.list ? resolver.textGap(a.id, asOf, 'checked') ?? hit.gap : versionGap(first, a.publishDate, asOf)) : null;
  const match = numbered.find((e) => e.articleId === a.id || (e.lawTitle === a.lawTitle && e.articleLabel === a.label));
  // A model trained on older texts may cite a number a revision gave to another provision (公司法第七十一条).
  const earlier = match || ref.versionYear !== null ? null : resolver.earlierNumbering(a);
  // Where that provision stands now, and whether the evidence holds it there ([3]).
  const there = earlier ? resolver.provisionNow(earlier, a, any.ref.parts) : null;
  const nowAt = there ? numbered.findIndex((e) => e.articleId === there.articleId) : -1;
  const now: Note = !there ? { en: '', zh: '' }
    : nowAt >= 0 ? { en: `, now ${there.label}, evidence [${nowAt + 1}]`, zh: `，现为${there.label}，即证据[${nowAt + 1}]` }
    : { en: `, now ${there.label}`, zh: `，现为${there.label}` };
  // A draft has no evidence: only the earlier numbering is worth saying.
  const otherReading: Note | null = earlier
    ? {
        en: `${earlier.label} of the ${earlier.publishDate} version reads otherwise (「${earlier.excerpt}」), which the ${draft ? 'text' : 'answer'} may mean${now.en}`,
        zh: `${earlier.publishDate} 版的${earlier.label}内容不同（「${earlier.excerpt}」），${draft ? '文中' : '回答'}指的可能是那一条${now.zh}`,
      }
    : null;
  const notInEvidence = joinNotes(gap, draft ? otherReading : otherReading ? { en: `${NOT_IN_EVIDENCE.en}; ${otherReading.en}`, zh: `${NOT_IN_EVIDENCE.zh}；${otherReading.zh}` } : NOT_IN_EVIDENCE);
  const article = match ?? { articleId: a.id, lawTitle: a.lawTitle, articleLabel: a.label, publishDate: a.publishDate, status: a.status, text: a.text };
  const parts = partsChecked(any, article.text);
  // 公司法第二十条第三款: 2023's 第二十条 has two 款, 2018's had three; its third is what the text means, not a 款 that never was.
  const partOfEarlier = parts.missingPart !== null && earlier !== null && resolver.earlierHasParts(earlier, any.ref.parts);
  // The words beside it may still show which provision it means (numberingFit.ts), unless its 款 are the earlier one's.
  const weighed = earlier && !partOfEarlier ? { earlierId: earlier.articleId, nowId: there?.articleId ?? null, noteWithout: joinNotes(gap, draft ? null : NOT_IN_EVIDENCE) } : undefined;
  return { article, match, notInEvidence, gap, renumbered: earlier !== null, otherReading, parts: any.ref.parts, stale: any.stale ?? null, filedApart: any.filedApart ?? null, earlierMeaning: there ? { articleId: there.articleId, label: there.label } : null, earlier: weighed, ...parts, ...(partOfEarlier ? { missingPart: null } : {}) };
}

/** A citation of a text the library lacks, read as the article holding its provision now, with the note saying so. */
function unheldCited({ hit, note }: UnheldReading, numbered: Evidence[], draft: boolean): Exclude<ReturnType<typeof citedArticle>, { message: Note }> {
  const a = hit.article;
  const match = numbered.find((e) => e.articleId === a.id);
  const article = match ?? { articleId: a.id, lawTitle: a.lawTitle, articleLabel: a.label, publishDate: a.publishDate, status: a.status, text: a.text };
  // The note rides as the gap note does (the text read is not the one of the time), in an answer with or without evidence.
  const gap = { ...note };
  return {
    article, match, gap, notInEvidence: joinNotes(gap, draft ? null : NOT_IN_EVIDENCE), renumbered: false, otherReading: null,
    parts: hit.ref.parts, stale: null, filedApart: null, earlierMeaning: null, earlier: undefined, ...partsChecked(hit, article.text),
  };
}

/**
 * What a resolved citation's 款 and 项 come to: why one the article lacks fails the check
 * (第三十八条第七项: the article exists, the provision cited does not), else where they stand in
 * the stored text (kept only where that text is the library's).
 */
function partsChecked(resolved: Extract<ResolveResult, { ok: true }>, storedText: string): { missingPart: Note | null; spans: Array<[number, number]> } {
  if (resolved.warning) {
    return { missingPart: { en: `the cited 款 or 项 does not exist: ${resolved.warning}`, zh: `引用的款或项不存在：${resolved.warningZh ?? resolved.warning}` }, spans: [] };
  }
  return { missingPart: null, spans: storedText === resolved.article.text ? citedSpans(resolved.article, resolved.parts) : [] };
}

/** The entry of the [n] marker right after a written citation when that marker names the same evidence article (it covers the citation); else null. */
function coveringMarker(found: Found[], marker: { start: number; ids: Set<number> } | undefined, articleId: number): Found | null {
  if (!marker?.ids.has(articleId)) return null;
  return found.find((f) => f.evidenceMarker && f.pos === marker.start && f.article?.articleId === articleId) ?? null;
}

/** A citation the marker after it covers is not listed again; the 款 and 项 it names are marked on the marker's entry. */
function markOnMarker(covering: Found, spans: Array<[number, number]>): void {
  covering.spans = joinSpans([...(covering.spans ?? []), ...spans]);
}


/**
 * Checks every citation in a generated answer: [n] markers against the
 * numbered evidence, written citations (《X法》第N条) against the library and
 * the evidence, quoted text against the article verbatim, and the cited
 * version against the date the consultation applies the law as of. With `draft`,
 * a text of the user's own (draftCheck.ts): no evidence, its [1] its own footnotes,
 * and the notes speak of the text (文中), not of an answer. `refs`: the text's citations, when the caller has parsed them.
 */
export function auditCitations(answer: string, numbered: Evidence[], resolver: CitationResolver, asOf: string, opts: { draft?: boolean; refs?: CitationRef[] } = {}): CitationAudit[] {
  const draft = opts.draft ?? false;
  const found: Found[] = [];
  const markerSpans: Array<{ start: number; ids: Set<number> }> = [];
  // A draft's [1] is its own footnote, not a marker of evidence.
  for (const m of draft ? [] : answer.matchAll(evidenceMarkers())) {
    const ids = new Set<number>();
    for (const n of markerNumbers(m[1]!)) {
      const e = numbered[n - 1];
      if (e) ids.add(e.articleId);
      // Evidence read in place of a text the library lacks (刑法 of 2020 for a matter of 2019) says so on its marker.
      const gap = e ? resolver.textGap(e.articleId, asOf, 'checked') : null;
      found.push({ pos: m.index!, evidenceMarker: true, marker: `[${n}]`, article: e ?? null, inEvidence: !!e, gap, note: e ? gap : { en: `the answer cites [${n}] but the evidence has ${numbered.length} articles`, zh: `回答引用了[${n}]，但本轮证据只有 ${numbered.length} 条` } });
    }
    markerSpans.push({ start: m.index!, ids });
  }
  let lastLaw: CitationRef | null = null;
  let lastRepealed: PreviousRepealed | null = null;
  // The last law named that the library does not hold (not a repealed one: lastRepealed reads those).
  let lastUnheld: { end: number; name: string; note: Note } | null = null;
  // Written citations whose [n] right after them covers them (「依据《民法典》第一千零六十三条[2]」): their words are still checked.
  const covered: Array<{ pos: number; marker: string; by: Found }> = [];
  // The citations naming a law so far: 「解释（二）第二十一条」 is read as the one of them it names (ordinalSibling.ts).
  const named: CitationRef[] = [];
  for (const parsed of opts.refs ?? parseCitations(answer, resolver.names)) {
    if (parsed.sameLaw) continue;
    let ref = parsed;
    const short = ref.lawKeys.length ? null : ordinalShort(answer, ref, named, resolver.names);
    if (short && !short.ref) {
      found.push({ pos: ref.start, evidenceMarker: false, marker: ref.raw, article: null, inEvidence: false, note: { en: `“${short.said}”${ref.raw}: the ${draft ? 'text' : 'answer'} names no such interpretation in full before it: the citation cannot be checked`, zh: `“${short.said}”${ref.raw}：${draft ? '文中' : '回答'}前面没有写明该解释的全称，无法核验这条引用` } });
      continue;
    }
    const readAsTitle = short?.ref ? short.ref.lawName!.replace(/\(/g, '（').replace(/\)/g, '）') : '';
    const shortNote: Note | null = short?.ref ? { en: `“${short.said}”${ref.raw} read as an article of ${bookTitle(readAsTitle)}, named before it`, zh: `“${short.said}”${ref.raw}按前面提到的${bookTitle(readAsTitle)}读` } : null;
    if (short?.ref) ref = short.ref;
    // 《商品房买卖合同解释》第十四条（2003年版）: the version the text names after the article, as before it.
    // Its own: a bare number after it is read in the law, not in that version (第十七条（2003年版）、第十三条（2020年修正）).
    const yearAfter = ref.versionYear === null ? VERSION_AFTER.exec(answer.slice(ref.end, ref.end + 16)) : null;
    const lawNamed = ref;
    if (yearAfter && ref.lawKeys.length) ref = { ...ref, versionYear: Number(yearAfter[1]) };
    if (ref.lawKeys.length) named.push(ref);
    const followingMarker = markerSpans.find((s) => s.start >= ref.end && s.start - ref.end <= 12);
    if (!ref.lawKeys.length) {
      // 「第一条 为了…」 under a title on the line before (a statute's text pasted whole): its own heading, no citation.
      if (ref.raw.startsWith('第') && ownHeading(answer, ref)) continue;
      // 《借款合同》第八条, and a bare 第九条 after it: a clause of the parties' document, no law. A draft lists it as
      // not checked; an answer's audit leaves it out, as it leaves out 合同第五条.
      const document = documentCited(answer, ref, resolver);
      // 「《劳动合同》亦有约定，第八十二条规定…」: the contract's clause, or the law named before; both readings said.
      const either = document?.lawVerb && lastLaw && !/[\n\r\f]/.test(answer.slice(lastLaw.end, ref.start)) ? eitherReading(answer, ref, document.title, numbered, lastLaw, resolver, asOf, draft) : null;
      if (either) {
        lastRepealed = null;
        found.push(either);
        continue;
      }
      if (document) {
        lastRepealed = null;
        if (draft) found.push({ pos: ref.start, evidenceMarker: false, marker: ref.raw, article: null, inEvidence: false, document: document.kind, note: document.note });
        continue;
      }
      const sameAsBefore = lastLaw !== null && SAME_LAW_AS_BEFORE.test(answer.slice(Math.max(0, ref.start - 6), ref.start));
      const unknown: ReturnType<typeof unknownLaw> = sameAsBefore ? null : unknownLaw(answer, ref, resolver, asOf, lastRepealed);
      lastRepealed = unknown?.repeal ? { end: ref.end, repeal: unknown.repeal } : null;
      // 《商品房销售管理办法》第二十条、第二十一条 — a law the library lacks: the bare number after it is that law's, not
      // the article of the same number in a law named before it (民法典第二十一条).
      const afterUnheld = !unknown && lastUnheld !== null && lastUnheld.end <= ref.start ? lastUnheld : null;
      if (afterUnheld && !ref.preamble && !DOCUMENT_CLAUSE_BEFORE.test(answer.slice(Math.max(0, ref.start - 8), ref.start)) && !ownHeading(answer, ref)) {
        found.push({ pos: ref.start, evidenceMarker: false, marker: ref.raw, article: null, inEvidence: false, note: { en: `${ref.raw} names no law; read as an article of ${afterUnheld.name}, named before it: ${afterUnheld.note.en}`, zh: `${ref.raw}没有写明法律，按前面提到的${afterUnheld.name}读：${afterUnheld.note.zh}` } });
        continue;
      }
      if (unknown) {
        lastLaw = null;
        lastUnheld = unknown.repeal ? null : { end: ref.end, name: /《[^》]+》/.exec(unknown.marker)?.[0] ?? unknown.marker.replace(/第.*$/, ''), note: unknown.note };
      }
      const readIn: CitationRef | null = lastLaw && yearAfter ? { ...lastLaw, versionYear: Number(yearAfter[1]) } : lastLaw;
      const bare = unknown ? null : bareArticle(answer, ref, numbered, readIn, resolver, asOf, draft);
      const covering = bare?.article && !bare.missingPart ? coveringMarker(found, followingMarker, bare.article.articleId) : null;
      if (unknown) {
        // Its marker may begin before the citation (劳动者权益保障法第十条): its place is where the marker begins.
        const markerStart = ref.end - unknown.marker.length;
        const pos = answer.startsWith(unknown.marker, markerStart) ? markerStart : ref.start;
        // 《合同法》第一百零七条 in an answer on a matter of 2019 is right then; the evidence holding the 民法典 article that
        // stands in for it (civilCodeStandIn.ts) is what it rests on, so it is checked against that, and said so.
        const repeal = unknown.inForceThen ? unknown.repeal : undefined;
        const standing = repeal ? (unknown.successor?.articles ?? []).filter((a) => standsInForLaw(a, repeal.title, asOf)) : [];
        const at = numbered.findIndex((e) => standing.some((a) => a.id === e.articleId));
        const held = at >= 0 ? numbered[at]! : null;
        const note = held ? joinNotes(unknown.note, { en: `its rule is in evidence [${at + 1}], which stands in for it`, zh: `其规则见证据[${at + 1}]（代该条）` })! : unknown.note;
        found.push({ pos, evidenceMarker: false, marker: unknown.marker, article: held, inEvidence: !!held, note, quoteLaw: unknown.quoteLaw, successor: unknown.successor, inForceThen: unknown.inForceThen, repealedLaw: !!unknown.repeal });
      } else if (covering) {
        markOnMarker(covering, bare?.spans ?? []);
        covered.push({ pos: ref.start, marker: ref.raw, by: covering });
      }
      else if (bare) found.push(bare);
      continue;
    }
    lastRepealed = null;
    const cited = citedArticle(ref, numbered, resolver, asOf, draft);
    // The text named this law: a bare 第十五条 after it is its article, though this one is not found — never an earlier law's.
    lastLaw = lawNamed;
    lastUnheld = null;
    if (!('article' in cited)) {
      found.push({ pos: ref.start, evidenceMarker: false, marker: ref.raw, article: null, inEvidence: false, note: joinNotes(shortNote, cited.message)!, quoteLaw: cited.law });
      continue;
    }
    const { article, match, notInEvidence, missingPart, spans, gap, renumbered, otherReading, parts, stale, filedApart, earlierMeaning, earlier } = cited;
    const covering = !missingPart && match ? coveringMarker(found, followingMarker, match.articleId) : null;
    if (covering) {
      markOnMarker(covering, spans);
      if (!renumbered) covered.push({ pos: ref.start, marker: ref.raw, by: covering });
      continue;
    }
    // A 款 or 项 missing from a text that is not the one of the time is no proof of a wrong citation: to check, with both notes.
    found.push({ pos: ref.start, evidenceMarker: false, marker: ref.raw, article, inEvidence: !!match, missingPart: !!missingPart && (!gap || gap.confirmed === true), spans, parts, gap, renumbered, ...(earlierMeaning ? { earlierMeaning } : {}), ...(earlier && !missingPart ? { earlier: { ...earlier, noteWithout: joinNotes(earlier.noteWithout, stale) } } : {}), ...(filedApart ? { filedApart } : {}), readAs: shortNote, note: joinNotes(missingPart ? joinNotes(joinNotes(gap, missingPart), otherReading) : match ? gap : notInEvidence, stale) });
  }
  found.sort((a, b) => a.pos - b.pos);
  const quotes = assignQuotes(answer, found, draft, resolver);
  checkTopics(answer, found, covered, quotes, resolver, draft, numbered);
  if (!draft) checkMarkersAfterWritten(answer, found, covered);
  return found.map((f, i) => toAudit(f, i + 1, quotes.get(f) ?? [], asOf, resolver));
}

/**
 * Whether the words each written citation is given for fit another article of its law (topicFit.ts); a mismatch
 * is noted on the citation, or on the [n] marker that covers it. Not for a quotation (checked word for word), an
 * [n] marker alone (the evidence's words are the judge's to weigh), or a number an earlier version gave to another
 * provision (said already: 公司法第七十一条, 现为第八十四条).
 */
function checkTopics(text: string, found: Found[], covered: Array<{ pos: number; marker: string; by: Found }>, quotes: Map<Found, string[]>, resolver: CitationResolver, draft: boolean, numbered: readonly Evidence[]): void {
  const wordsOf = citationWordsIn(text);
  // In a consultation, the turn's evidence of other documents may hold what the words say (evidenceFit.ts).
  const evidence = numbered.map((e, i) => ({ articleId: e.articleId, lawTitle: e.lawTitle, label: e.articleLabel, text: e.text, marker: i + 1 }));
  const inEvidence = (m: TopicMismatch, articleId: number, words: string, besideIds: number[]): TopicMismatch => {
    const candidates = draft ? resolver.implementingArticles(articleId) : evidence;
    const closer = candidates.length ? resolver.evidenceCloser(articleId, words, candidates, besideIds) : null;
    return closer ? { ...m, closer } : m;
  };
  const written = [...found.filter((f) => !f.evidenceMarker).map((f) => ({ pos: f.pos, marker: f.marker, by: f })), ...covered];
  const placed = [...found.filter((f) => f.evidenceMarker).map((f) => ({ pos: f.pos, marker: f.marker, by: f })), ...written];
  for (const w of written) {
    const f = w.by;
    // 第一千一百四十七条第（七）项 for words of its 第（六）项: the 项 that holds them is named beside 「没有第7项」 (itemFit.ts).
    if (f.article && f.missingPart && !quotes.has(f) && f.parts?.some((p) => p.items.length > 0)) {
      const held = resolver.itemHolding(f.article.articleId, wordsOf(w, placed).words);
      const before = f.note ? { en: f.note.en.replace(/\.$/, ''), zh: f.note.zh.replace(/。$/, '') } : null;
      if (held) f.note = joinNotes(before, { en: `the words it is cited for are ${held.label} (「${held.text}」)`, zh: `文中所述内容是${held.label}：「${held.text}」` });
      continue;
    }
    // (A repealed law's citation checked against the 民法典 evidence standing in for it is not its own article.)
    if (!f.article || f.missingPart || f.inForceThen || f.closer !== undefined || quotes.has(f)) continue;
    if (f.renumbered && !f.earlier) continue;
    const { words, beside } = wordsOf(w, placed);
    const besideArticles = beside.flatMap(({ by: { article } }) => (article ? [{ articleId: article.articleId, number: parseArticleLabel(article.articleLabel)?.number ?? null }] : []));
    const besideIds = besideArticles.map((b) => b.articleId);
    if (f.renumbered) {
      const reading = resolver.numberingReading(f.article.articleId, words, f.earlier!, besideArticles, f.parts ?? []);
      rereadNumbering(f, reading?.reading === 'other' ? { ...reading, mismatch: inEvidence(reading.mismatch, f.article.articleId, words, besideIds) } : reading, draft);
      continue;
    }
    const found = resolver.topicMismatch(f.article.articleId, words, besideArticles, f.parts ?? []);
    const mismatch = found && inEvidence(found, f.article.articleId, words, besideIds);
    if (mismatch) {
      f.closer = mismatch.closer;
      f.note = joinNotes(f.note, topicNote(mismatch, draft));
    }
  }
}

/** Where an answer's sentence ends (a quotation's inner stops aside, as the marker's sentence is what is read). */
const MARKER_SENTENCE_END = /[。！？!?；;\n\r]/;

/**
 * An [n] marker closing a sentence that names its authority in writing, as another article of the same law
 * (「依照《刑事诉讼法》第六十七条第一款第（一）项，…可以取保候审[1]」, [1] being 第八十一条, 逮捕): the marker is likely
 * misnumbered, and a report would footnote the wrong article. Said on the marker, with the article written as the
 * one its sentence means (`closer`), unless the sentence cites the marker's article too, its list names the written
 * one, or another marker stands between them.
 */
function checkMarkersAfterWritten(text: string, found: Found[], covered: Array<{ pos: number; marker: string; by: Found }>): void {
  const written = [
    ...found.filter((f) => !f.evidenceMarker && f.article && !f.document).map((f) => ({ pos: f.pos, article: f.article! })),
    ...covered.flatMap((c) => (c.by.article ? [{ pos: c.pos, article: c.by.article }] : [])),
  ].sort((a, b) => a.pos - b.pos);
  const markers = found.filter((f) => f.evidenceMarker);
  for (const m of markers) {
    if (!m.article || m.closer !== undefined) continue;
    let start = m.pos;
    while (start > 0 && !MARKER_SENTENCE_END.test(text[start - 1]!)) start--;
    const before = written.filter((w) => w.pos >= start && w.pos < m.pos);
    const last = before.at(-1);
    if (!last || last.article.lawTitle !== m.article.lawTitle || last.article.articleId === m.article.articleId) continue;
    const sameList = markers.filter((o) => o.pos === m.pos);
    if (sameList.some((o) => o.article?.articleId === last.article.articleId)) continue;
    if (before.some((w) => w.article.articleId === m.article!.articleId)) continue;
    if (markers.some((o) => o.pos > last.pos && o.pos < m.pos && o.article?.articleId !== m.article!.articleId)) continue;
    if (markers.some((o) => o.pos >= start && o.pos < m.pos && o.article?.articleId === m.article!.articleId)) continue;
    const own = clipText(m.article.text);
    m.closer = { articleId: last.article.articleId, label: last.article.articleLabel, excerpt: clipText(last.article.text) };
    m.note = joinNotes(m.note, {
      en: `its sentence names ${last.article.articleLabel} of the same law as its authority, but ${m.marker} is ${m.article.articleLabel} (「${own}」): check the marker`,
      zh: `此句写明依据的是该法${last.article.articleLabel}，${m.marker}却是${m.article.articleLabel}（「${own}」），请核对标号`,
    });
  }
}

/** The opening of an article's text, for a note. */
function clipText(text: string): string {
  const flat = text.replace(/\s+/g, '');
  return flat.length > 30 ? `${flat.slice(0, 30)}…` : flat;
}

/**
 * A citation of a number an earlier version gave to another provision, whose words fit the article cited (the
 * earlier numbering is not said: 公司法第四十七条 for the five-year rule, in a memo on the 2023 law) or a third
 * article (said as any wrong number is, in place of the earlier numbering); else its note stands.
 */
function rereadNumbering(f: Found, reading: NumberingReading, draft: boolean): void {
  if (!reading || reading.reading === 'earlier') return;
  f.renumbered = false;
  delete f.earlierMeaning;
  f.note = f.earlier!.noteWithout;
  if (reading.reading === 'other') {
    f.closer = reading.mismatch.closer;
    f.note = joinNotes(f.note, topicNote(reading.mismatch, draft));
  }
}

function toAudit(f: Found, seq: number, quotes: string[], asOf: string, resolver: CitationResolver): CitationAudit {
  let label: CitationLabel = !f.article || f.missingPart ? 'unresolvable' : f.inEvidence ? 'verified' : 'outside_evidence';
  let quote: string | null = null;
  let note = f.note;
  let source: QuoteSource | null = null;
  if (f.article && quotes.length) {
    const body = normalizeForQuote(f.article.text);
    // 刑法 第三百九十条 in 2022: a quotation of the text of the date (刑法修正案（九） 四十五、's), which the gap note names, is right.
    const then = f.gap?.then ? normalizeForQuote(f.gap.then.text) : null;
    const bad = quotes.find((q) => !holdsQuote(body, q) && !(then !== null && holdsQuote(then, q)));
    quote = bad ?? quotes[0]!;
    if (bad) {
      label = 'quote_mismatch';
      source = resolver.quoteSource(f.article.articleId, bad);
      // The quotation is checked against the text read, which may not be the text of the time: both are said.
      note = joinNotes(source ? quoteSourceNote(f.article, source) : { en: 'the quoted text does not appear verbatim in the article', zh: '引文与法条原文不一致' }, f.gap ?? null);
    }
  } else if (!f.article && f.quoteLaw && quotes.length) {
    // 《合同法》第一百零七条 with its words: the article of the law applied that holds them.
    const law = f.quoteLaw;
    const traced = quotes.map((q) => ({ q, s: resolver.quoteInLaw(law, asOf, q) })).find((x) => x.s);
    quote = traced?.q ?? quotes[0]!;
    source = traced?.s ?? null;
    if (source && note) note = { en: `${note.en.replace(/\.$/, '')}; ${heldBy(source).en}`, zh: `${note.zh.replace(/。$/, '')}；${heldBy(source).zh}` };
  }
  const notCurrent = !!f.article && f.article.status !== 'current';
  // An article of a repealed document: what replaced it and where its text is now (none as of a date before it took effect).
  const replaced = notCurrent && f.article!.status === 'repealed' ? resolver.replacementOf(f.filedApart?.baseArticleId ?? f.article!.articleId, asOf) : null;
  const replacedNote = replaced ? replacementNote(replaced, asOf) : null;
  if (replacedNote && !note) note = replacedNote;
  // 民法典 第一千一百三十六条 for a typed will of 2020: not yet law then, but the time-effect interpretation applies it.
  const civil = f.article && f.article.lawTitle === CIVIL_CODE_TITLE ? parseArticleLabel(f.article.articleLabel) : null;
  const retro = civil && civil.subNumber === 0 ? resolver.retroactiveNote(civil.number, asOf) : null;
  if (retro) note = joinNotes(note ?? null, retro);
  // Which text was read comes first, whatever else is said.
  if (f.filedApart) note = joinNotes(f.filedApart, note ?? null);
  if (f.readAs) note = joinNotes(f.readAs, note ?? null);
  // 公司法 2018 第七十一条 in a brief checked as of 2020-06-01: the version of the time, cited rightly; said, not marked.
  const appliedThen = notCurrent && !note && f.article!.status === 'superseded' && resolver.appliedOn(f.article!.articleId, asOf);
  if (appliedThen) {
    const { publishDate, articleId } = f.article!;
    const now = resolver.provisionAsOf(articleId, resolver.today(), f.parts);
    const held = now ? inVersion(now.publishDate, now.label ? { label: now.label, match: now.match } : null) : null;
    note = {
      en: `the ${publishDate} version was the one applied on ${asOf}; it has been revised since${held ? `, and the ${held.en}` : ''}`,
      zh: `${publishDate} 版在 ${asOf} 适用；该版其后已被修订${held ? `，现行的 ${held.zh}` : ''}`,
    };
  } else if (notCurrent && !note) {
    const { status, publishDate, articleId } = f.article!;
    const there = resolver.provisionAsOf(articleId, asOf, f.parts);
    const then = there ? inVersion(there.publishDate, there.label ? { label: there.label, match: there.match } : null) : null;
    note = {
      en: `cites a ${status} version (${publishDate ?? 'undated'}); law as of ${asOf}${then ? `, when the ${then.en}` : ''}`,
      zh: `引用的是${STATUS_ZH[status] ?? status}的版本（${publishDate ?? '日期不详'}）；适用的法律截至 ${asOf}${then ? `，该日适用的 ${then.zh}` : ''}`,
    };
  }
  return {
    seq,
    marker: f.marker,
    articleId: f.article?.articleId ?? null,
    lawTitle: f.article?.lawTitle ?? null,
    articleLabel: f.article?.articleLabel ?? null,
    publishDate: f.article?.publishDate ?? null,
    status: f.article?.status ?? null,
    text: f.article?.text ?? null,
    quote,
    label,
    notCurrent,
    note: note?.en ?? null,
    noteZh: note?.zh ?? null,
    citedSpans: f.spans ?? [],
    ...(source ? { quoteSource: source } : {}),
    ...(f.closer !== undefined ? { closer: f.closer && { articleId: f.closer.articleId, label: f.closer.label, ...(f.closer.lawTitle ? { lawTitle: f.closer.lawTitle } : {}), ...(f.closer.evidence ? { evidence: f.closer.evidence } : {}) } } : {}),
    ...(f.successor ? { successor: successorRefs(f.successor) } : replacedNote && replaced?.counterpart ? { successor: replacementRefs(replaced.counterpart) } : {}),
    ...(f.inForceThen || (replaced && inForceOn(replaced, asOf)) ? { inForceThen: true } : {}),
    ...(appliedThen ? { appliedThen: true } : {}),
    ...(f.repealedLaw && !f.article ? { repealedLaw: true } : {}),
    ...(f.document ? { document: f.document } : {}),
    ...(f.earlierMeaning ? { earlierMeaning: f.earlierMeaning } : {}),
    ...(f.gap?.confirmed && note === f.gap && !notCurrent ? { confirmed: true } : {}),
    at: f.pos,
  };
}

export function countLabels(citations: CitationAudit[]): Record<CitationLabel, number> {
  const counts: Record<CitationLabel, number> = { verified: 0, outside_evidence: 0, unresolvable: 0, quote_mismatch: 0 };
  for (const c of citations) counts[c.label]++;
  return counts;
}
