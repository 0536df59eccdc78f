/**
 * The parts of the desktop shell that need no Electron to run: the app:// asset resolver, the
 * paths the user picked in main's dialog, and the sealed key file.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { APP_INDEX_URL, appAssetPath } from '../../main/app/appAssets.js';
import { PickedPaths } from '../../main/app/pickedPaths.js';
import { SealedKeyFile, type Sealer } from '../../main/app/sealedKeyFile.js';

let dir: string;
before(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-shell-')));
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('app:// serves the renderer bundle and nothing else', () => {
  let bundle: string;
  before(() => {
    bundle = path.join(dir, 'renderer');
    fs.mkdirSync(path.join(bundle, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(bundle, 'index.html'), '<!doctype html>');
    fs.writeFileSync(path.join(bundle, 'app.js'), '');
    fs.writeFileSync(path.join(bundle, 'assets', 'font.woff2'), '');
    fs.writeFileSync(path.join(dir, 'keys.safe.json'), '{}');
    fs.symlinkSync(path.join(dir, 'keys.safe.json'), path.join(bundle, 'linked.json'));
  });

  test('the page and its files', () => {
    assert.equal(appAssetPath(bundle, APP_INDEX_URL), path.join(bundle, 'index.html'));
    assert.equal(appAssetPath(bundle, 'app://lexdesk/'), path.join(bundle, 'index.html'));
    assert.equal(appAssetPath(bundle, 'app://lexdesk/app.js?v=2#x'), path.join(bundle, 'app.js'));
    assert.equal(appAssetPath(bundle, 'app://lexdesk/assets/font.woff2'), path.join(bundle, 'assets', 'font.woff2'));
  });

  test('no way out of the bundle: .., encoded .., symbolic links, backslashes, other hosts and schemes', () => {
    for (const url of [
      'app://lexdesk/../keys.safe.json',
      'app://lexdesk/%2e%2e/keys.safe.json',
      'app://lexdesk/assets/%2E%2E%2F%2E%2E%2Fkeys.safe.json',
      'app://lexdesk/..%5ckeys.safe.json',
      'app://lexdesk/linked.json',
      'app://lexdesk/assets',
      'app://lexdesk/missing.js',
      'app://lexdesk/%00index.html',
      'app://lexdesk/%E0%A4%A',
      'app://other/index.html',
      `file://${path.join(bundle, 'index.html')}`,
      'not a url',
    ]) {
      assert.equal(appAssetPath(bundle, url), null, url);
    }
  });
});

describe('paths the host reads must come from the open dialog', () => {
  test('an import or a model folder the user did not pick is refused; picked ones and other routes pass', () => {
    const picked = new PickedPaths();
    const chosen = path.join(dir, 'collection');
    assert.match(picked.refusal('library.import', { path: '/home/user/private-notes' }) ?? '', /was not chosen in the open dialog/);
    assert.match(picked.refusal('settings.update', { models: { dir: '/etc' } }) ?? '', /\/etc was not chosen/);
    assert.match(picked.refusal('settings.update', { models: { crossEncoderDir: '/etc' } }) ?? '', /not chosen/);
    picked.record(chosen);
    assert.equal(picked.refusal('library.import', { path: chosen }), null);
    assert.equal(picked.refusal('library.import', { path: `${chosen}/` }), null, 'the same folder, written with a slash');
    assert.notEqual(picked.refusal('library.import', { path: `${chosen}/../../etc` }), null);
    assert.equal(picked.refusal('settings.update', { models: { dir: null, crossEncoderDir: '' } }), null, 'clearing a folder needs no dialog');
    assert.equal(picked.refusal('settings.update', { llm: { model: 'qwen' } }), null);
    assert.equal(picked.refusal('statute.search', { q: '/etc/passwd' }), null);
  });
});

describe('the sealed key file', () => {
  const sealer: Sealer = {
    available: () => true,
    seal: (plain) => Buffer.from(`sealed:${[...plain].reverse().join('')}`),
    open: (sealed) => {
      const s = sealed.toString();
      if (!s.startsWith('sealed:')) throw new Error('another keychain');
      return [...s.slice(7)].reverse().join('');
    },
  };

  test('keys round-trip sealed, never in plain text, and the file is replaced whole', () => {
    const file = path.join(dir, 'round.json');
    const keys = new SealedKeyFile(file, sealer);
    keys.apply('set', 'llm', 'sk-plain-secret-1234');
    keys.apply('set', 'embedding', 'sk-other-5678');
    assert.ok(!fs.readFileSync(file, 'utf8').includes('sk-plain-secret-1234'));
    assert.deepEqual(new SealedKeyFile(file, sealer).readAll(), { llm: 'sk-plain-secret-1234', embedding: 'sk-other-5678' });
    keys.apply('delete', 'llm');
    assert.deepEqual(keys.readAll(), { embedding: 'sk-other-5678' });
    assert.deepEqual(fs.readdirSync(dir).filter((f) => f.startsWith('round.json.')), [], 'no temporary file is left');
    if (process.platform !== 'win32') assert.equal(fs.statSync(file).mode & 0o777, 0o600);
  });

  test('a damaged file is moved aside, not fatal: the app starts and the keys are entered again', () => {
    const file = path.join(dir, 'damaged.json');
    fs.writeFileSync(file, '{"llm": "c2VhbGVk');
    const logs: string[] = [];
    const keys = new SealedKeyFile(file, sealer, (l) => logs.push(l));
    assert.deepEqual(keys.readAll(), {});
    assert.ok(!fs.existsSync(file));
    const aside = fs.readdirSync(dir).filter((f) => f.startsWith('damaged.json.unreadable-'));
    assert.equal(aside.length, 1, 'kept beside it');
    assert.equal(fs.readFileSync(path.join(dir, aside[0]!), 'utf8'), '{"llm": "c2VhbGVk');
    assert.match(logs.join('\n'), /moved to .*entered again/);
    keys.apply('set', 'llm', 'sk-new-key-000111');
    assert.deepEqual(keys.readAll(), { llm: 'sk-new-key-000111' });
  });

  test('a key sealed by another keychain is skipped; without a keychain nothing is read or written', () => {
    const file = path.join(dir, 'mixed.json');
    fs.writeFileSync(file, JSON.stringify({ llm: Buffer.from('foreign').toString('base64'), embedding: sealer.seal('sk-mine-42').toString('base64') }));
    assert.deepEqual(new SealedKeyFile(file, sealer).readAll(), { embedding: 'sk-mine-42' });
    const none = new SealedKeyFile(file, { ...sealer, available: () => false });
    assert.deepEqual(none.readAll(), {});
    assert.throws(() => none.apply('set', 'llm', 'x'), /keychain is not available/);
  });
});
