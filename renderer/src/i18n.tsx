import { createContext, useContext } from 'react';

const ZH = {
  lang: 'zh',
  consult: '咨询', statutes: '法条检索', saved: '收藏夹', library: '法规库', settings: '设置', history: '咨询记录',
  saveArticle: '☆ 收藏', savedIn: '★ 已收藏：', saveFolder: '文件夹（如案件名称，可留空）', saveNote: '备注（可选）', saveConfirm: '收藏', saveCancel: '取消', unsave: '取消收藏', unfiled: '未分类', allSaved: '全部',
  savedEmpty: '还没有收藏的法条。打开一条法条，点“☆ 收藏”，可按案件分文件夹并写备注。', savedCount: '共 {n} 条', savedAttention: '其中 {n} 条有变化或不再现行', savedNote: '备注', savedEditNote: '编辑备注', savedSaveNote: '保存备注', savedRemove: '移除', savedOpenNow: '查看现行条文：', savedShowChanges: '显示差异', savedHideChanges: '收起差异', savedExport: '下载法条汇编（含备注）：', savedWhen: '收藏于 {date}', savedGone: '（法规库中已无此版本）', savedChangedByImport: '本次导入使 {n} 条收藏的法条有了变化（详见“收藏夹”）：', savedFilter: '筛选：法律名称、条号、条文或备注中的词',
  send: '发送', stop: '停止', retry: '重试', newConsultation: '新咨询', placeholder: '描述案情或提问（Enter 发送，Shift+Enter 换行）',
  state: '法律分析状态', cited: '引用法条', sufficiency: '充分性',
  sufficient: '证据充分', insufficient: '证据不足', insufficient_at_limit: '证据不足（已达上限）', offline: '离线：无审查', pending: '等待中',
  override: '人工更改结论', overrideNote: '更改理由', overridden: '已人工更改',
  verified: '已核验', outside_evidence: '证据外', unresolvable: '无法解析', quote_mismatch: '引文不符', notCited: '未引用', showWholeArticle: '点击查看全文',
  current: '现行有效', superseded: '已被修订', repealed: '已废止', notYetInForce: '尚未施行', removedDocuments: '移除 {n} 个来源中已不存在的文件', effectiveUnknown: '施行日期不详', excluded: '已排除',
  search: '搜索', lookupPlaceholder: '搜索法条或输入引用，如“民法典1165”', earlierNumbering: '注意：{date} 版的{label}内容不同（「{excerpt}」），较早的文书引用{label}时可能指的是那一条。', openEarlier: '查看该条', earlierNowAt: '该条在本版为', renumberedNote: '注意：{publishDate} 版的{cited}（「{excerpt}」）在本版为{now}，两条都作为引用列出。', copy: '复制（含出处）', copyAll: '全部复制（含出处）', questionCitations: '问题中引用的法条需要注意：', checkOpen: '核验文稿中的引用', checkClose: '收起核验', checkPlaceholder: '粘贴起诉状、代理意见、法律意见书等文稿，逐条核验其中引用的法条', checkRun: '核验引用', checkCompilation: '下载所引法条汇编：', checkFile: '或选择文件（.docx、.pdf、.md、.txt）：', checkNone: '文中没有找到法条引用。', checkSummary: '共 {n} 处引用（法律截至 {date}）：无误 {ok}，需核对 {look}，引文不符 {quote}，未找到 {missing}', checkOk: '无误', checkLook: '需核对', checkQuote: '引文不符', checkNotFound: '未找到', checkQuoted: '文中引文：', checkOriginal: '法条原文：', checkQuoteFrom: '引文出处：', checkQuoteVersion: '{date} 版{label}', checkQuoteNow: '本版为', catalogTitle: '法规目录', catalogFilter: '按名称筛选，如“劳动”或“民诉法解释”', catalogCount: '共 {n} 部', catalogArticles: '{n} 条', catalogVersions: '{n} 个版本', catalogMore: '更多', downloadCompilation: '下载法条汇编：', copied: '已复制',
  neighbours: '前后条文', references: '本条引用', referencedBy: '被以下条文引用', interpretations: '相关司法解释', amendedBy: '修正情况', unverifiedLink: '引用早于库中各版本，条号未核对', versions: '版本沿革', versionSelf: '本条', versionIdentical: '内容相同', versionAmended: '有修改（相似 {percent}%）', versionPartly: '部分对应（相似 {percent}%）', versionNone: '该版本没有对应条文', versionAlso: '另见', showChanges: '对照修改', hideChanges: '收起对照', changesFromTo: '{from} → {to}（删除线为删去，下划线为新增）', thisArticle: '本条', showLawComparison: '整部法律对照', hideLawComparison: '收起整部对照', compareTitle: '《{law}》新旧对照（{older} 版 → {newer} 版）', compareSummary: '新版内容相同 {identical} 条，修改 {amended} 条，部分对应 {partly} 条，新增 {added} 条；旧版并入他条 {merged} 条，删除 {removed} 条。对应关系按条文文字比对得出，供核对参考。', compareChangedOnly: '只看有变化的条文', comparing: '正在比对……', compareVersion: '{date} 版', compareChange: '变化', compareIdentical: '内容相同', compareAmended: '修改', comparePartly: '部分对应', compareAdded: '新增', compareMerged: '并入', compareRemoved: '删除', previous: '上一条', next: '下一条',
  importPath: 'LawRefBook 文件夹或 JSONL 文件路径', pickFolder: '选择文件夹…', pickJsonl: '选择 JSONL 文件…', clearPath: '清除', import: '导入', cancel: '取消', status: '状态', provider: '执行设备',
  save: '保存', apiKey: 'API 密钥', keyStored: '已保存密钥', clearKey: '清除密钥', preset: '预设', baseURL: '接口地址', model: '模型', language: '界面语言',
  redactLocal: '本地接口也脱敏', redactNames: '需脱敏的姓名（逗号分隔）', llmRerank: '大模型重排', stateAware: '按案情状态重排', settingsSaved: '已保存',
  rename: '重命名', delete: '删除', open: '打开', searchHistory: '搜索记录',
  whySelected: '入选原因', changed: '本轮变化', correct: '更正', offlineNotice: '离线模式：未连接大模型，仅列出相关法条。',
  keysSessionOnly: '系统钥匙串不可用（Linux 需 Secret Service 或 KWallet）：密钥只保存在本次运行的内存中，不写入磁盘，重启后需重新输入。',
  tooLong: '消息有 {n} 字，超过每轮 {max} 字的上限；请删减，或分几轮提问。消息仍在输入框中。',
  failed: '本轮失败', messageKept: '消息已保存，可重试。', iterations: '审查轮次', refinements: '补充检索', checklist: '审查清单', codeChecks: '程序检查',
  parties: '当事人', relations: '法律关系', keyFacts: '关键事实', disputeFocus: '争议焦点', posture: '程序阶段', domains: '法律领域', subQuestion: '当前问题', missingFacts: '待补充事实', factDate: '事实日期', place: '所在地',
  redacted: '已脱敏', stages: '处理阶段', noLibrary: '法规库为空：请先在“法规库”中导入。',
  privacy: '隐私', models: '模型', modelDir: '嵌入模型文件夹', crossEncoderDir: '交叉编码重排模型文件夹（可选）', providers: '执行设备', inUse: '当前使用', restartNeeded: '新设置在重启后生效',
  embeddingEndpoint: '或：嵌入服务地址（OpenAI 兼容，至 /v1）', embeddingModel: '嵌入模型名', useEndpoint: '使用该服务', clearEndpoint: '改用模型文件夹', embeddingKey: '嵌入服务密钥（可选）', embeddingQueryPrefix: '查询前缀（模型要求时填写，如 e5 的 query: ）', embeddingDocumentPrefix: '条文前缀（如 passage: ）', embeddingMaxChars: '每段最多发送字符数（默认 500；长上下文模型可调高）', embeddingMaxCharsInvalid: '字符数须为 {least} 至 200000 的整数（前缀之后须留有正文）', embeddingUser: '已加密保存该服务的登录用户 {user} 及其密码（地址中的 用户:密码@ 不写入设置文件）',
  export: '导出：', packs: '省级法规包：北京,上海 或 all', lawFilter: '法律名称', allLevels: '全部效力级别', currentOnly: '仅现行', provinceFilter: '省份（或 all）', literal: '仅按原词', literalHint: '只检索输入的词语，不补充对应的法律用语', addedTerms: '同时检索了对应的法律用语：', lexicalFallback: '本次仅按字词检索（语义检索不可用）：', noHits: '没有匹配的法条。可换用其他词语、取消“仅现行”，或输入引用，如“民法典第1165条”。', unknownLaw: '法规库中没有名称含“{law}”的法律。', didYouMean: '是否要找：',
  deleteBusy: '这条咨询正在回答，先停止回答再删除。', badDate: '日期请写成 2023-05-01、2023年5月1日、2023.5.1 或 2023/5/1。',
  importBusy: '已有导入或向量索引任务在运行：请等它结束，或点“取消”。', citationNotFound: '没有找到这条引用：', citedArticles: '输入引用的 {n} 条法条：', settingsUnreadable: '无法读取设置：', resetEndpoint: '重置大模型接口（预设、地址、模型）', resetSettings: '重置全部设置（原文件另存为 settings.broken-….json，密钥保留）',
  stageState: '状态', stageRewrite: '改写', stageRetrieval: '检索', stageRerank: '重排', stageAudit: '适用审查', stageJudge: '审查', stageAnswer: '回答', stageCitations: '引用核验',
  checkFactualSupport: '事实支撑', checkJurisdiction: '法域', checkTemporal: '时间效力', checkContradictions: '矛盾', checkMissingElements: '缺失要件',
  viaOriginal: '原问题', viaHistory: '结合上下文', viaRewrite: '改写', viaRule: '扩展规则', viaRefinement: '审查补充检索', viaGraph: '法条关联', foundAtRank: '{via}第{rank}名：{query}',
  listSeparator: '；', colon: '：', publishedOn: '{date} 版', effectiveOn: '{date} 施行',
  importSummary: '文件：新增 {added} · 更新 {updated} · 未变 {unchanged}；写入 {articles} 条；用时 {seconds} s', skippedFiles: '跳过 {n} 个文件', parseNotes: '{n} 条解析提示：来源文件的格式问题（条号跳跃或重复、条文之外的附件段落等），文字已尽量保留。展开可看每个文件的详情（英文）。',
  libraryCounts: '{laws} 部法律法规 · {versions} 个版本 · {articles} 条（现行 {current}）', provincePacks: '省级法规包', vectorIndex: '向量索引', embeddedCount: '{model} · {n} 条', incomplete: '（未完成）',
  noVectors: '未建立（仅全文检索）', notEmbeddedFor: '尚未为 {model} 建立（仅全文检索）', modelNotLoaded: '嵌入模型未能加载（仅全文检索）', embedStart: '建立/更新向量索引', embedSummary: '{embedded} 条新向量，{skipped} 条未变，用时 {seconds} s', embedShortened: '；{n} 条过长条文仅取开头部分', database: '数据库',
  phaseRead: '读取文件', phaseIndex: '建立全文索引', phaseFinish: '收尾', phaseEmbed: '计算向量', phaseRunning: '进行中',
};

const EN: typeof ZH = {
  lang: 'en',
  consult: 'Consult', statutes: 'Statutes', saved: 'Saved', library: 'Library', settings: 'Settings', history: 'History',
  saveArticle: '☆ Save', savedIn: '★ Saved in: ', saveFolder: 'Folder (e.g. the matter; may be left empty)', saveNote: 'Note (optional)', saveConfirm: 'Save', saveCancel: 'Cancel', unsave: 'Remove', unfiled: 'Unfiled', allSaved: 'All',
  savedEmpty: 'No saved articles yet. Open an article and press “☆ Save”; folders per matter and a note each are optional.', savedCount: '{n} saved', savedAttention: '{n} changed or no longer in force', savedNote: 'Note', savedEditNote: 'Edit note', savedSaveNote: 'Save note', savedRemove: 'Remove', savedOpenNow: 'Open the text in force: ', savedShowChanges: 'Show changes', savedHideChanges: 'Hide changes', savedExport: 'Download as a compilation (with notes): ', savedWhen: 'saved {date}', savedGone: ' (version no longer in the library)', savedChangedByImport: 'This import changed {n} saved articles (see Saved):', savedFilter: 'Filter: words of the law\'s title, the article number, its text or note',
  send: 'Send', stop: 'Stop', retry: 'Retry', newConsultation: 'New consultation', placeholder: 'Describe the matter or ask (Enter to send, Shift+Enter for a new line)',
  state: 'Legal state', cited: 'Cited statutes', sufficiency: 'Sufficiency',
  sufficient: 'Sufficient', insufficient: 'Insufficient', insufficient_at_limit: 'Insufficient at limit', offline: 'Offline: no judge', pending: 'Pending',
  override: 'Override verdict', overrideNote: 'Reason', overridden: 'Overridden',
  verified: 'Verified', outside_evidence: 'Outside evidence', unresolvable: 'Unresolvable', quote_mismatch: 'Quote mismatch', notCited: 'Not cited', showWholeArticle: 'Click to show the whole article',
  current: 'Current', superseded: 'Superseded', repealed: 'Repealed', notYetInForce: 'Not yet in force', removedDocuments: 'Removed {n} document(s) no longer in the source', effectiveUnknown: 'effective date unknown', excluded: 'Excluded',
  search: 'Search', lookupPlaceholder: 'Search statutes or type a citation, e.g. 民法典1165', earlierNumbering: 'Note: {label} of the {date} version reads otherwise (「{excerpt}」); older texts that cite {label} may mean that one.', openEarlier: 'Open it', earlierNowAt: 'In this version it is', renumberedNote: 'Note: {cited} of the {publishDate} version (「{excerpt}」) is {now} in this one; both are listed as cited.', copy: 'Copy with citation', copyAll: 'Copy all with citations', questionCitations: 'The statutes your question cites need a word: ', checkOpen: 'Check the citations of a text', checkClose: 'Hide the check', checkPlaceholder: 'Paste a brief, an opinion or a letter to check every statute it cites', checkRun: 'Check citations', checkCompilation: 'Download the articles it cites: ', checkFile: 'or choose a file (.docx, .pdf, .md, .txt): ', checkNone: 'No statute citation found in the text.', checkSummary: '{n} citations (law as of {date}): {ok} found, {look} to check, {quote} quotation differs, {missing} not found', checkOk: 'Found', checkLook: 'Check', checkQuote: 'Quotation differs', checkNotFound: 'Not found', checkQuoted: 'Quoted: ', checkOriginal: 'Article: ', checkQuoteFrom: 'Quoted from: ', checkQuoteVersion: '{label} of the {date} version', checkQuoteNow: 'in this version: ', catalogTitle: 'Laws in the library', catalogFilter: 'Filter by name, e.g. 劳动 or 民诉法解释', catalogCount: '{n} laws', catalogArticles: '{n} articles', catalogVersions: '{n} versions', catalogMore: 'More', downloadCompilation: 'Download as a compilation: ', copied: 'Copied',
  neighbours: 'Neighbours', references: 'References', referencedBy: 'Referenced by', interpretations: 'Judicial interpretations', amendedBy: 'Amended by', unverifiedLink: 'cites an earlier text; numbering not checked', versions: 'Versions', versionSelf: 'this article', versionIdentical: 'same text', versionAmended: 'amended ({percent}% alike)', versionPartly: 'partly carried over ({percent}% alike)', versionNone: 'no article of this version holds this provision', versionAlso: 'see also', showChanges: 'Show changes', hideChanges: 'Hide changes', changesFromTo: '{from} → {to} (struck through: removed; underlined: added)', thisArticle: 'this article', showLawComparison: 'Compare the whole law', hideLawComparison: 'Hide the whole-law comparison', compareTitle: '{law}: {older} version → {newer} version', compareSummary: 'Newer version: {identical} same text, {amended} amended, {partly} partly carried over, {added} new; older version: {merged} merged into another article, {removed} removed. Counterparts are found by comparing the texts; check them.', compareChangedOnly: 'Only articles that changed', comparing: 'Comparing…', compareVersion: '{date} version', compareChange: 'Change', compareIdentical: 'same text', compareAmended: 'amended', comparePartly: 'partly carried over', compareAdded: 'new', compareMerged: 'merged into', compareRemoved: 'removed', previous: 'Previous', next: 'Next',
  importPath: 'LawRefBook folder or JSONL file', pickFolder: 'Choose folder…', pickJsonl: 'Choose JSONL file…', clearPath: 'Clear', import: 'Import', cancel: 'Cancel', status: 'Status', provider: 'Execution provider',
  save: 'Save', apiKey: 'API key', keyStored: 'Key stored', clearKey: 'Clear key', preset: 'Preset', baseURL: 'Base URL', model: 'Model', language: 'Language',
  redactLocal: 'Redact for local endpoints too', redactNames: 'Names to redact (comma separated)', llmRerank: 'LLM reranking', stateAware: 'State-aware reranking', settingsSaved: 'Saved',
  rename: 'Rename', delete: 'Delete', open: 'Open', searchHistory: 'Search history',
  whySelected: 'Why selected', changed: 'Changed this turn', correct: 'Correct', offlineNotice: 'Offline: no LLM connected, showing the ranked statutes only.',
  keysSessionOnly: 'No OS keychain is available (on Linux: Secret Service or KWallet): keys are kept in memory for this run only, never written to disk, and must be entered again after a restart.',
  tooLong: 'The message has {n} characters, over the limit of {max} per turn; shorten it or split it into several turns. It is still in the box.',
  failed: 'This turn failed', messageKept: 'Your message is kept; retry when ready.', iterations: 'Iterations', refinements: 'Refinement queries', checklist: 'Checklist', codeChecks: 'Code checks',
  parties: 'Parties', relations: 'Relations', keyFacts: 'Key facts', disputeFocus: 'Dispute focus', posture: 'Posture', domains: 'Domains', subQuestion: 'Current question', missingFacts: 'Missing facts', factDate: 'Date of facts', place: 'Place',
  redacted: 'Redacted', stages: 'Stages', noLibrary: 'The library is empty: import one under Library.',
  privacy: 'Privacy', models: 'Models', modelDir: 'Embedding model folder', crossEncoderDir: 'Cross-encoder reranker folder (optional)', providers: 'Execution provider', inUse: 'In use', restartNeeded: 'new settings apply after a restart',
  embeddingEndpoint: 'Or: embeddings endpoint (OpenAI-compatible, up to /v1)', embeddingModel: 'Embedding model name', useEndpoint: 'Use this endpoint', clearEndpoint: 'Use the model folder', embeddingKey: 'Endpoint key (optional)', embeddingQueryPrefix: 'Query prefix (when the model needs one, e.g. e5\'s query: )', embeddingDocumentPrefix: 'Article prefix (e.g. passage: )', embeddingMaxChars: 'Characters sent per text (default 500; raise for a long-context model)', embeddingMaxCharsInvalid: 'Characters must be a whole number from {least} to 200000 (room for text after the prefixes)', embeddingUser: 'Sign-in for this server stored encrypted: user {user} and password (user:password@ in the address is never written to the settings file)',
  export: 'Export:', packs: 'Province packs: 北京,上海 or all', lawFilter: 'Law', allLevels: 'All levels', currentOnly: 'Current only', provinceFilter: 'Province (or all)', literal: 'Exact words', literalHint: 'Search only the words typed, without adding the statute terms for everyday words', addedTerms: 'Also searched for the statute terms: ', lexicalFallback: 'Searched by words only (semantic search unavailable): ', noHits: 'No matching articles. Try other words, untick “Current only”, or type a citation such as 民法典第1165条.', unknownLaw: 'No law in the library is named “{law}”.', didYouMean: 'Did you mean: ',
  deleteBusy: 'This consultation is answering; stop the answer, then delete it.', badDate: 'Write the date as 2023-05-01, 2023年5月1日, 2023.5.1 or 2023/5/1.',
  importBusy: 'An import or embedding is already running: wait for it to end, or press Cancel.', citationNotFound: 'Citation not found: ', citedArticles: 'The {n} articles cited:', settingsUnreadable: 'The settings cannot be read: ', resetEndpoint: 'Reset the LLM endpoint (preset, URL, model)', resetSettings: 'Reset all settings (the file is kept as settings.broken-….json; keys stay)',
  stageState: 'State', stageRewrite: 'Rewrite', stageRetrieval: 'Retrieval', stageRerank: 'Rerank', stageAudit: 'Applicability', stageJudge: 'Judge', stageAnswer: 'Answer', stageCitations: 'Citation check',
  checkFactualSupport: 'Factual support', checkJurisdiction: 'Jurisdiction', checkTemporal: 'Temporal validity', checkContradictions: 'Contradictions', checkMissingElements: 'Missing elements',
  viaOriginal: 'the question', viaHistory: 'the question in context', viaRewrite: 'a rewrite', viaRule: 'an expansion rule', viaRefinement: 'a refinement query', viaGraph: 'a statute link', foundAtRank: '#{rank} for {via}: {query}',
  listSeparator: '; ', colon: ': ', publishedOn: '{date} version', effectiveOn: 'in force {date}',
  importSummary: 'Files: {added} added · {updated} updated · {unchanged} unchanged; {articles} articles written; {seconds} s', skippedFiles: '{n} files skipped', parseNotes: '{n} parse note(s): formatting oddities in the source files (article numbers skipped or repeated, paragraphs outside any article); their text was kept where possible. Expand for each file\'s details.',
  libraryCounts: '{laws} laws and regulations · {versions} versions · {articles} articles ({current} current)', provincePacks: 'Province packs', vectorIndex: 'Vector index', embeddedCount: '{model} · {n} articles', incomplete: ' (incomplete)',
  noVectors: 'Not built (full-text search only)', notEmbeddedFor: 'Not built for {model} (full-text search only)', modelNotLoaded: 'The embedding model did not load (full-text search only)', embedStart: 'Build/update the vector index', embedSummary: '{embedded} new vectors, {skipped} unchanged, {seconds} s', embedShortened: '; {n} long articles embedded from their beginning only', database: 'Database',
  phaseRead: 'Reading files', phaseIndex: 'Building the full-text index', phaseFinish: 'Finishing', phaseEmbed: 'Embedding', phaseRunning: 'Running',
};

export type Strings = typeof ZH;
export const STRINGS = { zh: ZH, en: EN };
export const I18nContext = createContext<Strings>(ZH);
export const useT = () => useContext(I18nContext);

/** A version status as a badge says it ('pending' is a version not yet in force, not the stage state of the same name). */
export function statusText(t: Strings, status: string): string {
  if (status === 'pending') return t.notYetInForce;
  return (t as Record<string, string>)[status] ?? status;
}
/** The citation audit's note in the UI's language (turns audited before the Chinese note was kept have the English one only). */
export function auditNote(t: Strings, c: { note: string | null; noteZh: string | null }): string | null {
  return t.lang === 'zh' ? (c.noteZh ?? c.note) : c.note;
}
/** A string's {name} placeholders filled in ('{n} 条' with n: 3 → '3 条'); an unknown name stays as written. */
export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
