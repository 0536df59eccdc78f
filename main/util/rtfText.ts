/**
 * The text of a Rich Text (RTF) file, as Word, WPS and LibreOffice save one: the body, then the footnotes (briefs
 * cite in footnotes), paragraphs on their own lines, as a Word file is read (docxText.ts). Chinese is written in
 * RTF either as Unicode escapes (\u20381 with a fallback to skip) or as the bytes of a code page (\'d6\'d0 in GBK,
 * the document's \ansicpg936 or a font's \fcharset134); both are read. Fonts, styles, pictures, headers, field
 * codes and other destinations that print nothing are skipped. Curly quotation marks are kept as written.
 */

/** Destinations whose contents are no text of the document. */
const SKIPPED = new Set([
  'fonttbl', 'colortbl', 'stylesheet', 'info', 'pict', 'header', 'headerl', 'headerr', 'headerf', 'footer', 'footerl',
  'footerr', 'footerf', 'listtable', 'listoverridetable', 'rsidtbl', 'generator', 'xmlnstbl', 'themedata',
  'colorschememapping', 'latentstyles', 'datastore', 'objdata', 'fldinst', 'bkmkstart', 'bkmkend', 'private', 'revtbl',
  'filetbl', 'pgdsctbl', 'userprops', 'docvar', 'nonshppict', 'mmathPr', 'wgrffmtfilter', 'pnseclvl', 'annotation',
  'atnid', 'atnauthor', 'comment', 'xe', 'tc', 'template',
]);

/** Control words that stand for a character (\line, a soft line break, is U+2028, as docxText.ts reads Word's). */
const CHARACTERS: Record<string, string> = {
  par: '\n', line: '\u2028', sect: '\n', page: '\n', row: '\n', cell: '\t', tab: '\t', emdash: '—', endash: '–',
  lquote: '‘', rquote: '’', ldblquote: '“', rdblquote: '”', bullet: '•', emspace: ' ', enspace: ' ', qmspace: ' ',
};

/** East Asian Windows character sets (\fcharsetN) and code pages (\ansicpgN), by the names TextDecoder knows. */
const EAST_ASIAN_CHARSETS: Record<number, string> = { 128: 'shift_jis', 129: 'euc-kr', 134: 'gbk', 136: 'big5' };
const CODE_PAGES: Record<number, string> = { 936: 'gbk', 950: 'big5', 932: 'shift_jis', 949: 'euc-kr', 65001: 'utf-8' };

/** Deepest nesting of groups kept apart; Word's and LibreOffice's files nest a few dozen deep. */
const MAX_DEPTH = 1000;

interface State {
  /** Inside a destination that prints nothing. */
  skip: boolean;
  /** Inside a footnote: its text goes after the body. */
  note: boolean;
  /** How many characters stand after a \u escape for readers that lack Unicode (\ucN; 1 unless said). */
  uc: number;
  /** The font in use, whose character set decodes \'hh bytes. */
  font: number | null;
}

/** The RTF file's text: the body, then its footnotes, each paragraph on a line. */
export function rtfText(bytes: Buffer): string {
  const rtf = bytes.toString('latin1');
  const fonts = fontDecoders(rtf);
  const fallback = documentDecoder(rtf);
  const body: string[] = [];
  const notes: string[] = [];
  let pending: number[] = [];
  let pendingDecoder = fallback;
  let pendingNote = false;
  let state: State = { skip: false, note: false, uc: 1, font: null };
  const stack: State[] = [];
  /** Characters still to skip after a \u escape (its fallback). */
  let skipping = 0;
  let overflow = 0;

  const flush = () => {
    if (!pending.length) return;
    (pendingNote ? notes : body).push(pendingDecoder.decode(Uint8Array.from(pending)));
    pending = [];
  };
  const emit = (text: string) => {
    if (state.skip) return;
    flush();
    (state.note ? notes : body).push(text);
  };
  const emitByte = (byte: number) => {
    if (state.skip) return;
    const decoder = (state.font !== null ? fonts.get(state.font) : undefined) ?? fallback;
    if (pending.length && (decoder !== pendingDecoder || pendingNote !== state.note)) flush();
    pendingDecoder = decoder;
    pendingNote = state.note;
    pending.push(byte);
  };

  for (let i = 0; i < rtf.length; i++) {
    const c = rtf[i]!;
    if (c === '{') {
      // Groups nested deeper than any writer nests them (a damaged or hostile file) share one state, so memory stays flat.
      if (stack.length < MAX_DEPTH) stack.push(state);
      else overflow++;
      state = { ...state };
      skipping = 0;
    } else if (c === '}') {
      flush();
      if (overflow > 0) overflow--;
      else state = stack.pop() ?? state;
      skipping = 0;
    } else if (c === '\\') {
      const next = rtf[i + 1];
      if (next === undefined) break;
      if (next === "'") {
        const byte = parseInt(rtf.slice(i + 2, i + 4), 16);
        i += 3;
        if (skipping > 0) skipping--;
        else if (!Number.isNaN(byte)) emitByte(byte);
      } else if (/[a-z]/i.test(next)) {
        const m = /^([a-z]+)(-?\d+)? ?/i.exec(rtf.slice(i + 1, i + 40))!;
        i += m[0].length;
        const word = m[1]!;
        const n = m[2] === undefined ? null : Number(m[2]);
        if (word === 'bin' && n !== null) i += Math.max(0, n); // raw binary data (a picture's), no text
        else if (SKIPPED.has(word)) state.skip = true;
        else if (word === 'footnote') state.note = true;
        else if (word === 'uc' && n !== null) state.uc = n;
        else if (word === 'f' && n !== null) state.font = n;
        else if (word === 'u' && n !== null) {
          emit(String.fromCharCode(n < 0 ? n + 65536 : n));
          skipping = state.uc;
        } else if (word in CHARACTERS) emit(CHARACTERS[word]!);
      } else {
        i++;
        // {\*\dest …}: a destination a reader may skip, unless it is a footnote (LibreOffice writes them so).
        if (next === '*') state.skip = !rtf.startsWith('\\footnote', i + 1);
        else if (next === '\n' || next === '\r') emit('\n');
        else if (next === '~') emit(' ');
        else if (next === '_') emit('-');
        else if (next === '\\' || next === '{' || next === '}') {
          if (skipping > 0) skipping--;
          else emit(next);
        }
      }
    } else if (c === '\n' || c === '\r') {
      // Line breaks in the file are no text.
    } else if (skipping > 0) {
      skipping--;
    } else {
      emitByte(c.charCodeAt(0));
    }
  }
  flush();
  const tidy = (parts: string[]) => parts.join('').replace(/[ \t]+\n/g, '\n').replace(/\n{2,}/g, '\n').trim();
  return [tidy(body), tidy(notes)].filter(Boolean).join('\n');
}

/**
 * The fonts whose character set is an East Asian one (\fcharset134 GBK, 136 Big5, 128, 129), by number, from the
 * font table's {\fN … \fcharsetN …}: bytes written in such a font are that set's.
 */
function fontDecoders(rtf: string): Map<number, TextDecoder> {
  const out = new Map<number, TextDecoder>();
  for (const m of rtf.matchAll(/\{\\f(\d+)[^{};]*?\\fcharset(\d+)/g)) {
    const label = EAST_ASIAN_CHARSETS[Number(m[2])];
    if (label) out.set(Number(m[1]), decoderFor(label));
  }
  return out;
}

/**
 * How bytes outside such a font are read: by the document's code page (\ansicpg936 in a document saved on Chinese
 * Windows, where Word writes Chinese as \'hh pairs; elsewhere it writes Unicode escapes), Western when none.
 */
function documentDecoder(rtf: string): TextDecoder {
  const page = /\\ansicpg(\d+)/.exec(rtf)?.[1];
  const eastAsian = page ? CODE_PAGES[Number(page)] : undefined;
  return decoderFor(eastAsian ?? (page && /^125\d$/.test(page) ? `windows-${page}` : 'windows-1252'));
}

const decoders = new Map<string, TextDecoder>();
function decoderFor(label: string): TextDecoder {
  let d = decoders.get(label);
  if (!d) {
    d = new TextDecoder(label);
    decoders.set(label, d);
  }
  return d;
}
