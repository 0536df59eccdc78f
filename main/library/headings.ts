/** How a law's 编, 章 and 节 headings read where LawRefBook sets them oddly. */

/** 「第二节 监 护」, 「第三分编 准 合 同」: the spaces LawRefBook keeps between the characters of a short heading dropped. */
export function tidyHeading(heading: string): string {
  const m = /^(第[一二三四五六七八九十百零〇]+[编分章节]+)\s+(.*)$/u.exec(heading.trim());
  const name = (m ? m[2]! : heading).replace(/(?<=\p{Script=Han})\s+(?=\p{Script=Han})/gu, '');
  return m ? `${m[1]} ${name}` : name;
}
