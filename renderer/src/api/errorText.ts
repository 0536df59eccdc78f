import { HostCallError } from './client.js';

/**
 * What the Chinese UI says for each error code the host sends. The host's own
 * message (English, with the specifics: the endpoint, the HTTP status, the path)
 * follows as the detail, so nothing it says is lost.
 */
const ZH_BY_CODE: Readonly<Record<string, string>> = {
  llm_auth: 'LLM 服务拒绝了 API 密钥。请在「设置」中填写有效的密钥。',
  llm_rate_limited: 'LLM 服务在限制请求频率，重试未能成功。请稍等一分钟，或检查账户额度。',
  llm_server: 'LLM 服务出错，重试未能成功。请稍后重试。',
  llm_bad_request: 'LLM 服务拒绝了请求。请检查服务地址（通常以 /v1 结尾）和模型名称。',
  llm_timeout: 'LLM 服务未在时限内答复。请重试、在「设置」中延长超时，或换用更快的模型。',
  llm_cancelled: '已取消。',
  llm_unreachable: '无法连接 LLM 服务。请检查服务地址，并确认服务正在运行（Ollama：ollama serve）。',
  llm_bad_json: 'LLM 的答复不符合要求的格式，要求修正后仍然如此。请换用更强的模型。',
  llm_truncated: 'LLM 的答复被截断。请重试，或提高模型的输出长度上限。',
  llm_not_configured: '尚未配置 LLM。请在「设置」中选择服务和模型。',
  busy: '另一项操作正在进行，请等它完成后再试。',
  not_found: '找不到所请求的内容，它可能已被删除。',
  bad_input: '请求的内容无效。',
  not_retryable: '只有失败或已取消的一轮可以重试。',
  duplicate: '同名的项目已经存在。',
  unwritable: '无法写入文件。请换一个保存位置。',
  pdf_unavailable: 'PDF 导出需要 Chromium 或 Chrome。Markdown 和 DOCX 导出不受影响。',
  pdf_failed: 'PDF 导出失败。Markdown 和 DOCX 导出不受影响。',
  pdf_reader_unavailable: '读取 PDF 需要 @napi-rs/canvas 组件，而当前安装缺少它：请重新安装 LexDesk，或把文件另存为 .docx 或 .txt 后再核验。',
  forbidden: '访问被拒绝。在浏览器中，请用 lexdesk serve 打印的地址重新打开页面。',
  not_picked: '请用旁边的「选择…」按钮选择该文件夹或文件。',
  engine_restarted: 'LexDesk 引擎在处理时停止，已重新启动。您的消息和已完成的步骤都已保存，请重试。',
  engine_stopped: 'LexDesk 引擎已停止。请重新启动 LexDesk；已完成的步骤都已保存。',
  host_unreachable: 'LexDesk 主程序没有响应。若使用浏览器，请确认 lexdesk serve 仍在运行。',
  unknown_route: '主程序不认识这个请求，界面与主程序的版本可能不一致。',
  internal: '内部错误。',
  usage: '参数有误。',
};

/** A thrown value, or a stored `{ code, message }`, as the UI should show it in the given language. */
export function errorText(t: { lang: string }, err: unknown): string {
  const { code, message } = codeAndMessage(err);
  const lead = t.lang === 'zh' && code ? ZH_BY_CODE[code] : undefined;
  if (!lead) return message;
  return message && message !== lead ? `${lead}（${message}）` : lead;
}

function codeAndMessage(err: unknown): { code: string | null; message: string } {
  if (err instanceof HostCallError) return { code: err.code, message: err.message };
  if (err instanceof Error) return { code: null, message: err.message };
  if (err && typeof err === 'object') {
    const { code, message } = err as { code?: unknown; message?: unknown };
    return { code: typeof code === 'string' ? code : null, message: typeof message === 'string' ? message : String(err) };
  }
  return { code: null, message: String(err) };
}
