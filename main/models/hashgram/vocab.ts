/**
 * The hashgram model's tokenizer: a BERT-style WordPiece tokenizer.json whose
 * vocabulary is single characters (CJK characters are split one per token by
 * the BertNormalizer), so the standard Embedder path tokenizes it like any
 * Hugging Face model.
 */
export const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;

const ASCII = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Vocabulary: specials, then characters seen at least `minCount` times (most frequent first), ASCII pieces. */
export function buildVocab(texts: Iterable<string>, minCount: number, maxSize: number): string[] {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const ch of text.toLowerCase()) {
      if (/\s/.test(ch)) continue;
      counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
  }
  const chars = [...counts.entries()]
    .filter(([ch, n]) => n >= minCount && !ASCII.includes(ch))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([ch]) => ch);
  const ascii = [...ASCII].flatMap((c) => [c, `##${c}`]);
  return [...SPECIAL_TOKENS, ...ascii, ...chars].slice(0, maxSize);
}

function special(token: string, id: number) {
  return { id, content: token, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true };
}

/** tokenizer.json (Hugging Face tokenizers format) for the vocabulary. */
export function tokenizerJson(vocab: string[], maxLength: number): Record<string, unknown> {
  const ids = Object.fromEntries(vocab.map((t, i) => [t, i]));
  const cls = ids['[CLS]'] as number;
  const sep = ids['[SEP]'] as number;
  return {
    version: '1.0',
    truncation: { direction: 'Right', max_length: maxLength, strategy: 'LongestFirst', stride: 0 },
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((t) => special(t, ids[t] as number)),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } }, { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [cls], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [sep], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab: ids },
  };
}

export function tokenizerConfigJson(maxLength: number): Record<string, unknown> {
  return {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    tokenize_chinese_chars: true,
    model_max_length: maxLength,
    cls_token: '[CLS]', sep_token: '[SEP]', pad_token: '[PAD]', unk_token: '[UNK]', mask_token: '[MASK]',
  };
}
