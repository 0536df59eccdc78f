/**
 * How an article copied with its source is cited (no imports: the page's bundle takes this file alone).
 * 「《中华人民共和国民法典》第一千一百六十五条（2020-05-28 版）」, with the version's status when it is not in force.
 */
export function citationLine(a: { lawTitle: string; label: string; publishDate: string | null; status: string }, statusWords: Readonly<Record<string, string>>): string {
  if (!a.publishDate) return `《${a.lawTitle}》${a.label}`;
  const status = a.status === 'current' ? '' : `，${statusWords[a.status] ?? a.status}`;
  return `《${a.lawTitle}》${a.label}（${a.publishDate} 版${status}）`;
}
