/**
 * `saved add` of a citation naming a version year the library holds no text of (《著作权法》（2010年修正）第四十九条,
 * 2012年刑事诉讼法第一百七十三条): nothing is saved; the two precise commands are printed — the article of the text held
 * where the old number's provision stands now (when the library can tell) and the article of that number there —, each
 * naming the version it saves (olderYearMeant.ts). A year the law's history records no text of is refused, said so.
 */
import type { OlderYearMeant } from '../../library/saved/olderYearMeant.js';
import type { PartToSave } from '../../library/saved/olderPartMeant.js';

/** One choice or refusal as the CLI prints it and `--json` gives it. */
export interface OlderYearOffer {
  cited: string;
  refused: boolean;
  /** The version held both commands save from (null for a refusal). */
  version: string | null;
  /** The command saving where the provision stands now (null when the library cannot tell), and the one saving the same number. */
  now: { label: string; how: 'table' | 'words'; command: string } | null;
  sameNumber: { label: string; command: string } | null;
  en: string;
  zh: string;
}

export function olderYearOffer(m: OlderYearMeant, values: Record<string, unknown>): OlderYearOffer {
  if (m.kind === 'refused') return { cited: m.cited, refused: true, version: null, now: null, sameNumber: null, en: m.en, zh: m.zh };
  const command = (p: PartToSave) => `lexdesk saved add ${shellArg(`${p.article.lawTitle}${p.article.label}${p.part ?? ''}`)} --version ${p.article.publishDate}${optionsGiven(values)}`;
  const now = m.now && { label: `${m.now.article.label}${m.now.part ?? ''}`, how: m.now.how, command: command(m.now) };
  const sameNumber = m.sameNumber && { label: `${m.sameNumber.article.label}${m.sameNumber.part ?? ''}`, command: command(m.sameNumber) };
  return { cited: m.cited, refused: false, version: m.held, now, sameNumber, en: m.en, zh: m.zh };
}

/** The lines `saved add` prints for one offer. */
export function olderYearLines(o: OlderYearOffer): string[] {
  if (o.refused) return [`Not saved: ${o.zh}`];
  const lines = [`Not saved: ${o.zh}`, `  ${o.en}`];
  // Neither held (a number past the end of the text held, and no table or words for it): nothing to offer.
  if (o.now || o.sameNumber) lines.push(o.now && o.sameNumber ? '  Save one of them (each saves the version named):' : '  To save it (the version named):');
  if (o.now) lines.push(`    ${o.now.command}   (${o.version} 版${o.now.label}：该条规定现在的位置，${o.now.how === 'table' ? '据新旧条文对照' : '据所附文字'})`);
  if (o.sameNumber) lines.push(`    ${o.sameNumber.command}   (${o.version} 版${o.sameNumber.label}：同一条号，内容可能不同)`);
  return lines;
}

/** --folder and --note as given, for a command offered to run instead. */
export function optionsGiven(values: Record<string, unknown>): string {
  return (['folder', 'note'] as const).map((k) => (values[k] === undefined ? '' : ` --${k} ${shellArg(String(values[k]))}`)).join('');
}

/** A word for a shell command line, in double quotes where it needs them. */
export function shellArg(text: string): string {
  return /^[\p{L}\p{N}_./:-]+$/u.test(text) ? `"${text}"` : `"${text.replace(/(["\\$`])/g, '\\$1')}"`;
}
