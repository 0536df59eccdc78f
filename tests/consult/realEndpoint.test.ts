/**
 * Opt-in: a real consultation turn against the endpoint in LEXDESK_LLM_BASE_URL /
 * LEXDESK_LLM_MODEL / LEXDESK_LLM_API_KEY (e.g. a local Ollama). Skipped when
 * they are not set — CI has no model.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Consultations } from '../../main/consult/index.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { resolveLlm } from '../../main/llm/settings.js';
import { WAGES, LABOUR_INTERPRETATION } from '../helpers/consultFixture.js';
import { buildLibrary, CORE_SUBSET, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason() || (process.env.LEXDESK_LLM_BASE_URL && process.env.LEXDESK_LLM_MODEL ? false : 'skipped: set LEXDESK_LLM_BASE_URL and LEXDESK_LLM_MODEL to run against a real endpoint');
let lib: TempLibrary;

describe('a real LLM endpoint (opt-in)', { skip: SKIP }, () => {
  before(async () => {
    lib = await buildLibrary({ files: [...CORE_SUBSET, LABOUR_INTERPRETATION] });
  });
  after(async () => {
    await lib?.dispose();
  });

  test('one turn completes with a state, evidence, an audited answer and a verdict', { timeout: 600_000 }, async () => {
    const llm = resolveLlm({}, new FileKeyStore(lib.corpusRoot));
    const r = await new Consultations({ engine: lib.engine, llm }).ask({ text: WAGES });
    assert.equal(r.status, 'done', JSON.stringify(r.error));
    assert.equal(r.mode, 'llm');
    assert.ok(r.state && r.evidence.length > 0 && r.answer);
    assert.ok(['sufficient', 'insufficient', 'insufficient_at_limit'].includes(r.verdict!));
    const total = Object.values(r.citationCounts).reduce((a, b) => a + b, 0);
    assert.equal(total, r.citations.length);
  });
});
