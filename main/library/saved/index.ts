export { folderName, isArticleShown, MAX_FOLDER_CHARS, MAX_NOTE_CHARS, removeSaved, saveArticle, savedFolders, savedPartLabel, savedFoldersOf, savedOfArticle, savedRow, savedRows, updateSaved, type SavedArticleRow, type ShownArticle } from './savedArticles.js';
export { datesFrom, savedArticle, savedArticles, savedChangedSince, savedCitation, savedStanding, type DatedOf, type DatedNote, type SavedArticle, type SavedChange, type SavedCounterpart, type SavedState } from './savedState.js';
export { partLabel, partSpans, partsOfSpans } from './savedPart.js';
export { earlierPartsNow } from './earlierPart.js';
export { olderPartChoice, type OlderPartChoice } from './olderPartMeant.js';
export { olderYearsMeant, type OlderYearChoice, type OlderYearMeant, type OlderYearRefused } from './olderYearMeant.js';
