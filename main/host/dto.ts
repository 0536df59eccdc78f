import type { StatuteArticle } from '../library/articles.js';
import type { ArticleDto } from '../../preload/contract/dto.js';
import { tidyHeading } from '../library/headings.js';

export function toArticleDto(a: StatuteArticle): ArticleDto {
  return {
    id: a.id,
    lawTitle: a.lawTitle,
    shortName: a.shortName,
    label: a.label,
    number: a.number,
    path: a.path.map(tidyHeading),
    subtitle: a.subtitle,
    text: a.text,
    level: a.level,
    province: a.province,
    status: a.status,
    publishDate: a.publishDate,
    effectiveDate: a.effectiveDate,
    ...(a.notes?.length ? { notes: a.notes } : {}),
  };
}
