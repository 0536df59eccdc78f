import type { LawLevel } from '../../library/types.js';
import type { SearchFilters } from '../../search/filters.js';
import { LexError } from '../../util/errors.js';
import { dateOption, listOption } from '../args.js';

export const FILTER_OPTIONS = {
  law: { type: 'string' },
  level: { type: 'string' },
  'all-versions': { type: 'boolean', default: false },
  'as-of': { type: 'string' },
  province: { type: 'string' },
} as const;

/** --literal: search the words as typed, without the statute terms for everyday words (layTerms.ts). */
export const LITERAL_OPTION = { literal: { type: 'boolean', default: false } } as const;

/** What a --law naming no law in the library gets told, with the nearest law names (maybe none). */
export function unknownLawFilterText(law: string, near: string[]): string {
  return `No law in the library matches --law "${law}". ${near.length ? `Did you mean ${near.join('、')}?` : 'Check the name, or leave --law out.'}`;
}

const LEVELS: LawLevel[] = ['宪法', '法律', '行政法规', '司法解释', '部门规章', '地方性法规', '其他'];

export function filtersFrom(values: Record<string, unknown>): SearchFilters {
  const levels = listOption(values.level) as LawLevel[] | undefined;
  for (const level of levels ?? []) {
    if (!LEVELS.includes(level)) throw new LexError('usage', `--level must be one of ${LEVELS.join(', ')} (got "${level}")`);
  }
  const provinces = listOption(values.province);
  return {
    law: values.law as string | undefined,
    levels,
    currentOnly: !values['all-versions'],
    asOf: dateOption(values['as-of'], 'as-of'),
    provinces: provinces?.length === 1 && provinces[0] === 'all' ? 'all' : provinces,
  };
}
