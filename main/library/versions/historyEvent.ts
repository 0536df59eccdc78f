/** 通过, 修订 or 修正, as a line of a law's history (documents.history) says; '' for another event. */
export function historyEventWord(event: string): string {
  return /修订/.test(event) ? '修订' : /修正|修改/.test(event) ? '修正' : /通过|公布/.test(event) ? '通过' : '';
}
