export { folderName, isArticleShown, MAX_FOLDER_CHARS, MAX_NOTE_CHARS, removeSaved, saveArticle, savedFolders, savedOfArticle, savedRow, savedRows, updateSaved, type SavedArticleRow } from './savedArticles.js';
export { savedArticle, savedArticles, savedChangedSince, savedCitation, savedStanding, type SavedArticle, type SavedChange, type SavedCounterpart, type SavedState } from './savedState.js';
