import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HostCallError } from '../../renderer/src/api/client.js';
import { errorText } from '../../renderer/src/api/errorText.js';
import { STRINGS } from '../../renderer/src/i18n.js';

describe('errorText: host errors in the UI language', () => {
  const auth = new HostCallError('llm_auth', 'https://api.example.com/v1 rejected the API key (HTTP 401). Enter a valid key in settings or set LEXDESK_LLM_API_KEY.');

  it('leads with a Chinese sentence for the code and keeps the host\'s specifics as the detail', () => {
    const text = errorText(STRINGS.zh, auth);
    assert.ok(text.startsWith('LLM 服务拒绝了 API 密钥。请在「设置」中填写有效的密钥。'), text);
    assert.ok(text.includes('（https://api.example.com/v1 rejected the API key (HTTP 401).'), 'the endpoint and status are not lost');
  });

  it('reads a stored turn error ({ code, message }) the same way', () => {
    assert.match(errorText(STRINGS.zh, { code: 'llm_timeout', message: 'http://127.0.0.1:11434/v1 did not answer in time.' }), /^LLM 服务未在时限内答复。.*（http:\/\/127\.0\.0\.1:11434\/v1 did not answer in time\.）$/);
  });

  it('shows the host\'s message alone in English, and for a code it has no sentence for', () => {
    assert.equal(errorText(STRINGS.en, auth), auth.message);
    assert.equal(errorText(STRINGS.zh, new HostCallError('some_new_code', 'Something specific.')), 'Something specific.');
    assert.equal(errorText(STRINGS.zh, new Error('plain failure')), 'plain failure');
    assert.equal(errorText(STRINGS.zh, 'a string'), 'a string');
  });

  it('does not repeat a message that is already the sentence', () => {
    assert.equal(errorText(STRINGS.zh, { code: 'llm_cancelled', message: '已取消。' }), '已取消。');
  });
});
