import { datesFrom, isArticleShown, partsOfSpans, removeSaved, saveArticle, savedArticle, savedArticles, savedFolders, savedFoldersOf, savedOfArticle, savedRow, savedRows, updateSaved } from '../../library/saved/index.js';
import { compilationOfSaved, renderCompilation } from '../../report/compilation.js';
import { fileNameOf, MIME } from '../../report/index.js';
import { LexError } from '../../util/errors.js';
import type { Handlers } from './types.js';
import { bookTitle, citedLabel } from '../../../preload/contract/citationLine.js';
import { localDay } from '../../../preload/contract/localTime.js';

/** Saved articles (收藏): thin adapters onto main/library/saved. */
export const savedHandlers: Pick<Handlers, 'saved.list' | 'saved.folders' | 'saved.ofArticle' | 'saved.ofEvidence' | 'saved.add' | 'saved.update' | 'saved.remove' | 'saved.export'> = {
  'saved.folders'(s) {
    return savedFolders(s.engine.db);
  },
  'saved.ofArticle'(s, input) {
    const [article] = s.engine.articles([input.articleId]);
    return article ? savedOfArticle(s.engine.db, article) : [];
  },
  'saved.ofEvidence'(s, input) {
    return savedFoldersOf(s.engine.db, input.articles);
  },
  'saved.list'(s, input) {
    const db = s.engine.db;
    return { folders: savedFolders(db), items: savedArticles(db, savedRows(db, input.folder), datesFrom(s.engine.searchDeps().resolver)) };
  },
  'saved.add'(s, input) {
    const [article] = s.engine.articles([input.articleId]);
    const e = input.expected;
    if (!article || (e && !isArticleShown(article, e))) {
      const what = e ? `${bookTitle(e.lawTitle)}${citedLabel(e)}${e.publishDate ? `（${e.publishDate} 版）` : ''} is no longer article ${input.articleId} of the library` : `No article ${input.articleId} in the library`;
      throw new LexError('not_found', `${what} (a later import changed it); look it up again and save it from its view.`);
    }
    // ☆ beside a consultation's article: the 款 its answer named, read from the spans the turn stored.
    const parts = input.parts ?? (input.citedSpans ? partsOfSpans(article, input.citedSpans) : undefined);
    const { id } = saveArticle(s.engine.db, article, { folder: input.folder, note: input.note, asOf: input.asOf, parts });
    return savedArticle(s.engine.db, savedRow(s.engine.db, id), datesFrom(s.engine.searchDeps().resolver));
  },
  'saved.update'(s, input) {
    updateSaved(s.engine.db, input.id, { folder: input.folder, note: input.note });
    return savedArticle(s.engine.db, savedRow(s.engine.db, input.id), datesFrom(s.engine.searchDeps().resolver));
  },
  'saved.remove'(s, input) {
    return { removed: removeSaved(s.engine.db, input.id) };
  },
  async 'saved.export'(s, input) {
    const items = savedArticles(s.engine.db, savedRows(s.engine.db, input.folder), datesFrom(s.engine.searchDeps().resolver));
    if (!items.length) throw new LexError('not_found', input.folder === undefined ? 'Nothing is saved: there is nothing to export.' : `The folder "${input.folder}" holds nothing: there is nothing to export.`);
    const compilation = compilationOfSaved(s.engine, items, input.folder ?? null);
    const bytes = await renderCompilation(compilation, input.format);
    const name = fileNameOf(`收藏法条-${input.folder?.trim() || (input.folder === undefined ? '全部' : '未分类')}-${localDay(compilation.generatedAt)}`);
    return { fileName: `${name}.${input.format}`, mime: MIME[input.format], base64: bytes.toString('base64'), warnings: [] };
  },
};
