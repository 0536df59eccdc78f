/**
 * Personal identifiers are replaced with stable placeholders before text goes
 * to a non-local endpoint, and restored in what comes back. The same value
 * always gets the same placeholder within a consultation, so the LLM can still
 * reason about "the same person" across turns.
 */
export type RedactionKind = 'id_card' | 'phone' | 'bank_card' | 'email' | 'plate' | 'name';

export interface Redaction {
  placeholder: string;
  kind: RedactionKind;
  original: string;
}

const LABEL: Record<RedactionKind, string> = {
  id_card: '身份证号',
  phone: '电话',
  bank_card: '银行卡号',
  email: '邮箱',
  plate: '车牌号',
  name: '当事人',
};

const PROVINCE_ABBR = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';

interface Detector {
  kind: RedactionKind;
  pattern: RegExp;
  valid?: (match: string) => boolean;
}

/** Order matters: longer digit runs (ID cards, bank cards) before phone numbers. */
const DETECTORS: Detector[] = [
  { kind: 'email', pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g },
  { kind: 'id_card', pattern: /(?<![0-9A-Za-z])\d{17}[\dXx](?![0-9A-Za-z])/g, valid: validIdCard },
  { kind: 'bank_card', pattern: /(?<!\d)(?:\d{4}[ -]){3,4}\d{1,7}(?!\d)|(?<!\d)\d{16,19}(?!\d)/g, valid: (m) => luhn(m.replace(/\D/g, '')) },
  { kind: 'phone', pattern: /(?<!\d)(?:\+?86[- ]?)?1[3-9]\d[- ]?\d{4}[- ]?\d{4}(?!\d)|(?<!\d)0\d{2,3}-\d{7,8}(?!\d)/g },
  { kind: 'plate', pattern: new RegExp(`[${PROVINCE_ABBR}][A-HJ-NP-Z][·• ]?[A-HJ-NP-Z0-9]{5,6}(?![A-Za-z0-9])`, 'g') },
];

export function validIdCard(id: string): boolean {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const checks = '10X98765432';
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * weights[i]!;
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  return checks[sum % 11] === id[17]!.toUpperCase() && month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

export function luhn(digits: string): boolean {
  if (digits.length < 16 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export class Redactor {
  private readonly byOriginal = new Map<string, Redaction>();
  private readonly byPlaceholder = new Map<string, Redaction>();

  private names: string[] = [];

  /**
   * `known` are the consultation's earlier redactions (placeholders stay stable); `names` are those the
   * settings mark. A name redacted earlier in the consultation stays a name to redact: the user marked it
   * once, and a later message that mentions it must not send it in plain text.
   */
  constructor(known: Redaction[] = [], names: string[] = []) {
    for (const r of known) this.remember(r);
    this.addNames([...names, ...known.filter((r) => r.kind === 'name').map((r) => r.original)]);
  }

  /** Names the user marks now: they get their placeholders at once, so `all()` records them for later turns even before they appear in a message. */
  markNames(names: string[]): void {
    const added = this.addNames(names);
    for (const name of added) this.placeholderFor('name', name);
  }

  all(): Redaction[] {
    return [...this.byOriginal.values()];
  }

  redact(text: string): string {
    let out = text;
    for (const name of [...this.names].sort((a, b) => b.length - a.length)) {
      if (out.includes(name)) out = out.split(name).join(this.placeholderFor('name', name));
    }
    for (const d of DETECTORS) {
      out = out.replace(d.pattern, (m) => (d.valid && !d.valid(m) ? m : this.placeholderFor(d.kind, m)));
    }
    return out;
  }

  restore(text: string): string {
    if (this.byPlaceholder.size === 0) return text;
    return text.replace(/\[[^[\]\s]{1,16}\]/g, (m) => this.byPlaceholder.get(m)?.original ?? m);
  }

  /** Restores a token stream without ever emitting half a placeholder. */
  streamRestorer(emit: (text: string) => void): { push(chunk: string): void; end(): void } {
    let pending = '';
    return {
      push: (chunk) => {
        pending += chunk;
        const open = pending.lastIndexOf('[');
        const holdFrom = open >= 0 && !pending.slice(open).includes(']') && pending.length - open <= 16 ? open : pending.length;
        const ready = pending.slice(0, holdFrom);
        pending = pending.slice(holdFrom);
        if (ready) emit(this.restore(ready));
      },
      end: () => {
        if (pending) emit(this.restore(pending));
        pending = '';
      },
    };
  }

  private addNames(names: string[]): string[] {
    const added = names.map((n) => n.trim()).filter(Boolean);
    this.names = [...new Set([...this.names, ...added])];
    return added;
  }

  private placeholderFor(kind: RedactionKind, original: string): string {
    const known = this.byOriginal.get(original);
    if (known) return known.placeholder;
    const count = [...this.byOriginal.values()].filter((r) => r.kind === kind).length;
    const placeholder = kind === 'name' ? `[${LABEL.name}${String.fromCharCode(65 + (count % 26))}${count >= 26 ? Math.floor(count / 26) : ''}]` : `[${LABEL[kind]}${count + 1}]`;
    const r = { placeholder, kind, original };
    this.remember(r);
    return placeholder;
  }

  private remember(r: Redaction): void {
    this.byOriginal.set(r.original, r);
    this.byPlaceholder.set(r.placeholder, r);
  }
}
