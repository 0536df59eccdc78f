/**
 * The one contract of the engine host: every route's name, input schema
 * (validated in the host before any handler runs) and result type. Main,
 * preload and the browser host import the schemas; the renderer imports
 * only the types.
 */
import { z } from 'zod';
import type {
  AppInfoDto, ArticleDetailDto, CitedArticlesDto, DraftCheckDto, LawCatalogDto, LawTextDto, SavedArticleDto, SavedListDto, VersionComparisonDto, ConsultationDto, ConsultationSummaryDto, ImportSummaryDto, LibraryStatusDto, OutlineDto, PresetDto, ReportFileDto, SettingsDto, StatuteSearchDto, TurnResult,
} from './dto.js';
import { MAX_SAVED_FOLDER_CHARS, MAX_SAVED_NOTE_CHARS, MAX_TITLE_CHARS, MAX_UPLOAD_BYTES } from './limits.js';
import { isCalendarDate } from './calendarDate.js';

/** The consultation roles a model can be set for (settings' roleModels). */
export const LLM_ROLE_NAMES = ['state', 'planner', 'rules', 'rerank', 'summary', 'checklist', 'audit', 'judge', 'answer', 'evolve'] as const;

const id = z.number().int().positive();
const date = z.string().refine(isCalendarDate, 'a date of the calendar like 2021-01-01');
const text = (max: number) => z.string().trim().min(1).max(max);
/** A tag the caller picks for one ask or retry; the host echoes it on that turn's events, so a view can tell its own turn's events from others'. */
const requestId = z.string().min(1).max(64).optional();

const folder = z.string().max(MAX_SAVED_FOLDER_CHARS);
const note = z.string().max(MAX_SAVED_NOTE_CHARS);
/** The 款 and 项 of an article a save is for (公司法第二十条第三款: [{ paragraph: 3, items: [] }]): a 款 each, with the 项 named in it. */
const citedParts = z.array(z.object({ paragraph: z.number().int().min(1).max(99), items: z.array(z.number().int().min(1).max(99)).max(20) }).strict()).min(1).max(10);
/** An article as the caller shows it (a consultation's evidence, stored with the turn): its law, label and version. */
/** Where a consultation's answer named 款 and 项 of an article, as [start, end) in its text as the turn stored it (CitationAudit.citedSpans). */
const citedSpans = z.array(z.tuple([z.number().int().min(0).max(100_000), z.number().int().min(1).max(100_000)])).min(1).max(20);
const shownArticle = z.object({ lawTitle: z.string().max(200), label: z.string().max(40), publishDate: z.string().max(10).nullable(), province: z.string().max(20).optional() }).strict();

/**
 * A text of the user's own to check: typed or pasted, or a file as base64 with its name (Word, PDF, a web page,
 * plain text in UTF-8, GBK or UTF-16; read by the host); one or the other.
 */
const draftInput = z.object({
  text: text(100_000).optional(),
  file: z.string().min(1).max(Math.ceil(MAX_UPLOAD_BYTES / 3) * 4).optional(),
  fileName: z.string().min(1).max(255).optional(),
  asOf: date.optional(),
});
const oneDraft = (x: { text?: string; file?: string; fileName?: string }) => (x.text === undefined) !== (x.file === undefined) && (x.file === undefined) === (x.fileName === undefined);

const filters = z
  .object({
    law: z.string().max(100).optional(),
    levels: z.array(z.string().max(20)).max(20).optional(),
    currentOnly: z.boolean().optional(),
    asOf: date.optional(),
    provinces: z.union([z.array(z.string().max(20)).max(40), z.literal('all')]).optional(),
  })
  .strict();

const verdict = z.enum(['sufficient', 'insufficient', 'insufficient_at_limit', 'offline']);

const stateCorrection = z
  .object({
    parties: z.array(z.object({ name: z.string().max(200), role: z.string().max(200) })).max(50),
    relations: z.array(z.string().max(500)).max(50),
    keyFacts: z.array(z.string().max(1000)).max(100),
    disputeFocus: z.array(z.string().max(500)).max(50),
    posture: z.string().max(500),
    domains: z.array(z.string().max(100)).max(30),
    subQuestion: z.string().max(1000),
    missingFacts: z.array(z.string().max(500)).max(50),
    factDate: date.nullable(),
    place: z.string().max(100).nullable(),
  })
  .partial()
  .strict();

export const ROUTES = {
  'app.info': z.object({}).strict(),
  'library.status': z.object({}).strict(),
  'library.import': z.object({ path: text(4096), packs: z.union([z.array(z.string().max(20)).max(40), z.literal('all')]).optional() }).strict(),
  'library.cancelImport': z.object({}).strict(),
  'library.embed': z.object({}).strict(),
  /** The catalogue of laws: title or short form (empty for all), level, national only unless a province or 'all' is named. */
  'library.laws': z
    .object({
      query: z.string().max(100).optional(),
      level: z.enum(['宪法', '法律', '行政法规', '司法解释', '部门规章', '地方性法规', '其他']).optional(),
      province: z.string().max(20).optional(),
      limit: z.number().int().min(1).max(200).optional(),
      offset: z.number().int().min(0).max(100_000).optional(),
    })
    .strict(),
  'statute.search': z.object({ query: text(2000), filters: filters.optional(), limit: z.number().int().min(1).max(100).optional(), literal: z.boolean().optional() }).strict(),
  /** Every article the text cites (民法典第1165、1166条; 刑法第263条至第269条 with what lies inside). */
  'statute.citations': z.object({ citation: text(200), asOf: date.optional() }).strict(),
  'statute.citationsExport': z.object({ citation: text(200), asOf: date.optional(), format: z.enum(['md', 'docx']) }).strict(),
  /**
   * Every statute citation in a text of the user's own (a brief), looked up and checked as of a date (today when none):
   * the text itself, or a file as base64 (up to about 730 KB, within the browser host's 1 MiB request) with its name.
   */
  'statute.checkText': draftInput.strict().refine(oneDraft, { message: 'give either text, or file with fileName' }),
  /** The articles such a text cites, as a compilation (法条汇编) to download: Markdown or Word. */
  'statute.checkExport': draftInput.extend({ format: z.enum(['md', 'docx']) }).strict().refine(oneDraft, { message: 'give either text, or file with fileName' }),
  'statute.article': z.object({ id, asOf: date.optional() }).strict(),
  'statute.outline': z.object({ id }).strict(),
  /**
   * The article's version of its law read whole (全文), or the version of that law published `version`; `asOf`: the date
   * the article was looked up for, whose text the reading may stand in for (said so).
   */
  'statute.lawText': z.object({ id, version: date.optional(), asOf: date.optional() }).strict(),
  /** The same as a file to download: Markdown or Word. */
  'statute.lawExport': z.object({ id, version: date.optional(), asOf: date.optional(), format: z.enum(['md', 'docx']) }).strict(),
  /** The article's law, its version against the one published `with` (older to newer, whichever way round): a 新旧对照表. */
  'statute.compare': z.object({ id, with: date }).strict(),
  /** The same table as a file to download: Markdown or Word. */
  'statute.compareExport': z.object({ id, with: date, format: z.enum(['md', 'docx']) }).strict(),
  /** Saved articles (收藏): one folder's, or all; a folder is a matter's name ('' = unfiled). */
  'saved.list': z.object({ folder: folder.optional() }).strict(),
  /**
   * expected: the law, label and version the caller showed (a consultation's evidence, stored with the turn); an import
   * since may have given that id to another article, and then nothing is saved. parts: the 款 or 项 saved, where the
   * article was looked up for one (the whole article when absent); one the article lacks is refused. citedSpans: the
   * 款 and 项 a consultation's answer named (citedSpansToSave), saved as 款 and 项 when each is one of the article as the
   * library holds it, else the whole article; parts, when given too, win.
   */
  'saved.add': z.object({ articleId: id, folder: folder.optional(), note: note.optional(), expected: shownArticle.optional(), asOf: date.optional(), parts: citedParts.optional(), citedSpans: citedSpans.optional() }).strict(),
  'saved.update': z.object({ id, folder: folder.optional(), note: note.optional() }).strict(),
  'saved.remove': z.object({ id }).strict(),
  /** The folders holding each article a consultation's evidence shows (by law, label and version, as the turn stored them), each with the 款 or 项 saved there (null: the whole article): its ☆ or ★. */
  'saved.ofEvidence': z.object({ articles: z.array(shownArticle).max(100) }).strict(),
  /** The folders that hold this article (this version), with their notes: the article view's ★ read again. */
  'saved.ofArticle': z.object({ articleId: id }).strict(),
  /** The folders and their counts alone (the save form's choices), without reading each saved article against the library. */
  'saved.folders': z.object({}).strict(),
  /** One folder's saved articles (all when none is named) as a compilation with their notes: Markdown or Word. */
  'saved.export': z.object({ folder: folder.optional(), format: z.enum(['md', 'docx']) }).strict(),
  'consult.list': z.object({ search: z.string().max(200).optional() }).strict(),
  'consult.get': z.object({ id }).strict(),
  'consult.ask': z
    .object({ consultationId: id.optional(), requestId, text: text(20_000), title: z.string().max(MAX_TITLE_CHARS).optional(), asOf: date.optional(), place: z.string().max(50).optional(), markNames: z.array(z.string().max(50)).max(50).optional() })
    .strict(),
  'consult.cancel': z.object({ consultationId: id }).strict(),
  'consult.retry': z.object({ turnId: id, requestId }).strict(),
  'consult.rename': z.object({ id, title: text(MAX_TITLE_CHARS) }).strict(),
  'consult.delete': z.object({ id }).strict(),
  'consult.correctState': z.object({ turnId: id, correction: stateCorrection }).strict(),
  'consult.overrideVerdict': z.object({ turnId: id, verdict, note: z.string().max(2000).optional() }).strict(),
  'report.export': z
    .object({ consultationId: id, format: z.enum(['md', 'docx', 'pdf', 'html']), turn: z.number().int().positive().optional(), allStates: z.boolean().optional(), includeExcluded: z.boolean().optional() })
    .strict(),
  'settings.get': z.object({}).strict(),
  'settings.presets': z.object({}).strict(),
  'settings.update': z
    .object({
      llm: z
        .object({
          preset: z.string().max(40).nullable().optional(),
          baseURL: z.string().url().regex(/^https?:\/\//i, 'an http:// or https:// URL').max(500).nullable().optional(),
          model: z.string().trim().min(1).max(200).nullable().optional(),
          roleModels: z.partialRecord(z.enum(LLM_ROLE_NAMES), z.string().trim().min(1).max(200)).optional(),
          timeoutMs: z.number().int().min(1000).max(600_000).nullable().optional(),
          redactLocal: z.boolean().optional(),
          redactNames: z.array(z.string().trim().min(1).max(50)).max(200).optional(),
        })
        .strict()
        .optional(),
      consult: z.object({ llmRerank: z.boolean(), stateAwareRerank: z.boolean(), maxRounds: z.number().int().min(1).max(4), maxJudgeIterations: z.number().int().min(1).max(3) }).partial().strict().optional(),
      ui: z.object({ language: z.enum(['zh', 'en']) }).strict().optional(),
      models: z
        .object({
          dir: z.string().max(4096).nullable().optional(),
          httpBase: z.string().url().regex(/^https?:\/\//i, 'an http:// or https:// URL').max(500).nullable().optional(),
          httpModel: z.string().max(200).nullable().optional(),
          httpQueryPrefix: z.string().max(200).nullable().optional(),
          httpDocumentPrefix: z.string().max(200).nullable().optional(),
          httpMaxChars: z.number().int().min(1).max(200_000).nullable().optional(),
          crossEncoderDir: z.string().max(4096).nullable().optional(),
          providers: z.array(z.enum(['cuda', 'dml', 'coreml', 'webgpu', 'cpu'])).min(1).max(5).optional() })
        .strict()
        .optional(),
    })
    .strict(),
  /** The LLM's key (default) or the embeddings endpoint's. */
  'settings.setKey': z.object({ key: text(500), which: z.enum(['llm', 'embedding']).optional() }).strict(),
  'settings.clearKey': z.object({ which: z.enum(['llm', 'embedding']).optional() }).strict(),
  'settings.reset': z.object({}).strict(),
} as const;

export type RouteName = keyof typeof ROUTES;
export type RouteInput<R extends RouteName> = z.input<(typeof ROUTES)[R]>;

export interface RouteResults {
  'app.info': AppInfoDto;
  'library.status': LibraryStatusDto;
  'library.import': ImportSummaryDto;
  'library.cancelImport': { cancelled: boolean };
  /** shortened: long articles embedded from their beginning only (an endpoint's input limit). */
  'library.embed': { embedded: number; skipped: number; removed: number; seconds: number; modelId: string; shortened: number };
  'library.laws': LawCatalogDto;
  'statute.search': StatuteSearchDto;
  'statute.citations': CitedArticlesDto;
  /** The articles the citations name as a compilation (法条汇编), Markdown or Word. */
  'statute.citationsExport': ReportFileDto;
  'statute.checkText': DraftCheckDto;
  'statute.checkExport': ReportFileDto;
  'statute.article': ArticleDetailDto;
  'statute.outline': OutlineDto;
  'statute.lawText': LawTextDto;
  'statute.lawExport': ReportFileDto;
  'statute.compare': VersionComparisonDto;
  'statute.compareExport': ReportFileDto;
  'saved.list': SavedListDto;
  'saved.add': SavedArticleDto;
  'saved.update': SavedArticleDto;
  'saved.remove': { removed: boolean };
  'saved.folders': SavedListDto['folders'];
  'saved.ofArticle': NonNullable<ArticleDetailDto['saved']>;
  'saved.ofEvidence': Array<Array<{ folder: string; part: string | null }>>;
  'saved.export': ReportFileDto;
  'consult.list': ConsultationSummaryDto[];
  'consult.get': ConsultationDto;
  'consult.ask': TurnResult;
  'consult.cancel': { cancelled: boolean };
  'consult.retry': TurnResult;
  'consult.rename': { ok: true };
  'consult.delete': { ok: true };
  'consult.correctState': TurnResult;
  'consult.overrideVerdict': TurnResult;
  'report.export': ReportFileDto;
  'settings.get': SettingsDto;
  'settings.presets': PresetDto[];
  'settings.update': SettingsDto;
  'settings.setKey': SettingsDto;
  'settings.clearKey': SettingsDto;
  'settings.reset': SettingsDto;
}

export type RouteResult<R extends RouteName> = RouteResults[R];

export function isRouteName(name: string): name is RouteName {
  return Object.prototype.hasOwnProperty.call(ROUTES, name);
}
