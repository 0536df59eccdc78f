/**
 * Words that carry no legal meaning in questions ("请问…怎么办？"); removed from
 * queries before BM25. Statute text is indexed in full.
 */
const WORDS = `
的 了 吗 呢 吧 啊 呀 么 嘛 哦 着 过 得 地 之 其 该 此 这 那 这个 那个 这些 那些 这样 那样 这种 那种
我 你 他 她 它 我们 你们 他们 她们 自己 本人 对方 某 某某
是 有 没有 在 和 与 及 以及 或 或者 还是 并 并且 而 而且 但 但是 可是 如果 假如 要是 因为 所以 因此 于是 然后 那么
被 把 对 给 向 从 到 为 为了 由 以 按 按照 关于 对于 根据 依据 通过
会 能 能够 可以 可 要 需要 应该 应 得到 想 想要 打算 准备 还 就 都 也 又 再 才 已 已经 曾经 正在 将 将要
一个 一些 什么 怎么 怎样 怎么样 如何 为什么 为何 哪些 哪个 哪里 多少 几 谁 是否 是不是 能否 可否 有没有 怎么办 咋办 咋
请问 请 问 问题 谢谢 您好 你好 律师 咨询 情况 一下 现在 目前 时候 时 后 前 里 中 上 下 内 外 等 等等 吗？
`;

export const STOP_WORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter(Boolean));

export function isStopWord(token: string): boolean {
  return STOP_WORDS.has(token) || (token.length === 1 && /[\p{Script=Han}]/u.test(token) && SINGLE_CHAR_STOP.has(token));
}

const SINGLE_CHAR_STOP = new Set('的了吗呢吧啊呀么是有在和与及或被把对给向从到为由以会能可要还就都也又再才已将个些谁几多'.split(''));
