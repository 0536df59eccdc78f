/**
 * What a report says beside its place: whether that place's local regulations were searched, and if not why — a client
 * reading 「适用地域：深圳」 alone would take local rules to have been considered. Read at report time (packOfPlace), as
 * the consultation's own search reads it.
 */
import type { Db } from '../db/open.js';
import { packOfPlace, type PlacePack } from '../library/placePack.js';

/** The place as given, and the report's word on its local regulations. */
export interface ReportPlace {
  name: string;
  /** The province pack searched, or null. */
  pack: string | null;
  /** 「已检索广东省地方性法规」, or why none was searched, in Chinese. */
  note: string;
}

const MUNICIPALITIES = new Set(['北京', '天津', '上海', '重庆']);
const REGIONS: Record<string, string> = { 内蒙古: '内蒙古自治区', 广西: '广西壮族自治区', 西藏: '西藏自治区', 宁夏: '宁夏回族自治区', 新疆: '新疆维吾尔自治区', 香港: '香港特别行政区', 澳门: '澳门特别行政区' };

/** A pack's tag as a province is named: 广东 → 广东省, 北京 → 北京市, 广西 → 广西壮族自治区. */
export function provinceName(tag: string): string {
  if (/(?:省|市|自治区|特别行政区)$/u.test(tag)) return tag;
  return REGIONS[tag] ?? (MUNICIPALITIES.has(tag) ? `${tag}市` : `${tag}省`);
}

const NATIONAL_ONLY = '仅检索了全国性的法律、行政法规、司法解释等';

/** The report's word on a place's local regulations, from the pack it found (or why it found none). */
export function placeSearchZh(pack: PlacePack): string {
  if (pack.province) return `已检索${provinceName(pack.province)}地方性法规`;
  if (pack.how === 'ambiguous') return `未检索该地的地方性法规：地名同时符合${pack.candidates.map(provinceName).join('、')}的地方性法规，无法确定所属省份，${NATIONAL_ONLY}`;
  if (!pack.installed.length) return `未检索该地的地方性法规：法规库未安装地方性法规，${NATIONAL_ONLY}`;
  return `未检索该地的地方性法规：已安装的地方性法规（${pack.installed.map(provinceName).join('、')}）中没有该地的，${NATIONAL_ONLY}`;
}

export function reportPlace(db: Db, place: string | null): ReportPlace | null {
  if (!place) return null;
  const pack = packOfPlace(db, place);
  return { name: place, pack: pack.province, note: placeSearchZh(pack) };
}
