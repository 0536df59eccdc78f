/**
 * Which installed province pack a user's place belongs to. A place is typed as people say it — 北京, 广东省深圳市,
 * 深圳, 杭州市西湖区 — while packs are tagged by province (广东, 浙江). A province's name in the place decides; else a
 * city or district is found through the pack's own titles (深圳经济特区…条例 and 深圳市…条例 stand in 广东's pack), so
 * no table of cities is kept. A place that fits two packs, or none, searches no pack and says why.
 */
import { cachedStatement, type Db } from '../db/open.js';

export interface PlacePack {
  /** The pack searched for the place, or null. */
  province: string | null;
  /** How it was found: the province named, a city or district found in the pack's titles, or none / several fit. */
  how: 'province' | 'titles' | 'none' | 'ambiguous';
  /** The packs that fit when several do. */
  candidates: string[];
  /** The province packs the library holds. */
  installed: string[];
}

/** 省, 市, 自治区 … at the end of an administrative name. */
const UNIT = /(?:壮族自治区|回族自治区|维吾尔自治区|特别行政区|自治区|自治州|自治县|地区|省|市|盟|县|区|旗)$/u;
/** A name's units, in order: 广东省深圳市南山区 → 广东省, 深圳市, 南山区. */
const UNITS = /.+?(?:壮族自治区|回族自治区|维吾尔自治区|特别行政区|自治区|自治州|自治县|省|市|盟|县|区|旗)|.+$/gu;

export function installedPacks(db: Db): string[] {
  return (cachedStatement(db, "SELECT DISTINCT province FROM laws WHERE province <> '' ORDER BY province").all() as Array<{ province: string }>).map((r) => r.province);
}

export function packOfPlace(db: Db, place: string): PlacePack {
  const installed = installedPacks(db);
  const typed = place.replace(/\s+/gu, '');
  const none = (how: PlacePack['how'], candidates: string[] = []): PlacePack => ({ province: null, how, candidates, installed });
  if (!typed || !installed.length) return none('none');
  const units = (typed.match(UNITS) ?? [typed]).map((u) => u.replace(UNIT, '')).filter((u) => u.length >= 2);
  // A province's own name: 北京, 广东省深圳市. 「北」 alone is too little to tell 北京 from 河北.
  const named = installed.filter((p) => typed.includes(p));
  if (named.length === 1) return { province: named[0]!, how: 'province', candidates: named, installed };
  if (named.length > 1) return none('ambiguous', named);
  // A city or district: the pack whose titles name it, the most specific unit deciding (南山区 before 深圳市).
  for (const unit of [...units].reverse()) {
    const rows = cachedStatement(db, "SELECT province, COUNT(*) AS n FROM laws WHERE province <> '' AND instr(title, ?) > 0 GROUP BY province ORDER BY n DESC")
      .all(unit) as Array<{ province: string; n: number }>;
    if (rows.length === 1) return { province: rows[0]!.province, how: 'titles', candidates: [rows[0]!.province], installed };
    if (rows.length > 1) return none('ambiguous', rows.map((r) => r.province));
  }
  return none('none');
}

/** What a user is told when their place searches no pack (null when it searches one). */
export function placeNote(place: string, pack: PlacePack): string | null {
  if (pack.province) return null;
  const national = 'only national law is searched, and the place is given to the model as where the user is';
  if (pack.how === 'ambiguous') return `The place 「${place}」 fits the province packs ${pack.candidates.join('、')}: ${national}. Name the province (e.g. ${pack.candidates[0]}) to search its local regulations.`;
  if (!pack.installed.length) return `No province pack is installed, so for 「${place}」 ${national}. Local regulations come with \`lexdesk import PATH --packs 省名\` (LawRefBook's DLC folder).`;
  return `No installed province pack holds 「${place}」 (installed: ${pack.installed.join('、')}): ${national}. Name its province if it has a pack, or import that province's pack with \`lexdesk import PATH --packs 省名\`.`;
}
