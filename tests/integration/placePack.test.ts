/** A consultation's place finds its province pack by the province's name or through the pack's own titles, and says when it finds none. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createEngine, type Engine } from '../../main/engine/index.js';
import { packOfPlace, placeNote } from '../../main/library/placePack.js';
import { Consultations } from '../../main/consult/index.js';
import { renderMarkdown } from '../../main/report/markdown.js';
import { buildReport } from '../../main/report/model.js';
import { provinceName } from '../../main/report/place.js';
import { runCli } from '../helpers/cli.js';

const LAWS = [
  { law: '全国劳动报酬法', article: '第一条', text: '用人单位应当按时足额支付劳动者的劳动报酬。', publish: '2010-01-01' },
  { law: '广东省工资支付条例', article: '第一条', text: '用人单位应当以货币形式按月支付工资。', publish: '2016-01-01', province: '广东' },
  { law: '深圳经济特区和谐劳动关系促进条例', article: '第一条', text: '为了促进和谐劳动关系，制定本条例。', publish: '2019-04-24', province: '广东' },
  { law: '深圳市南山区示范条例', article: '第一条', text: '本条例适用于本区。', publish: '2020-01-01', province: '广东' },
  { law: '杭州市城市市容和环境卫生管理条例', article: '第一条', text: '为了加强城市市容管理，制定本条例。', publish: '2018-01-01', province: '浙江' },
  { law: '北京市劳动合同规定', article: '第一条', text: '为了规范劳动合同，制定本规定。', publish: '2001-01-01', province: '北京' },
  // A district both provinces' titles name: such a place fits two packs.
  { law: '北京市朝阳区示范条例', article: '第一条', text: '本条例适用于本区。', publish: '2020-01-01', province: '北京' },
  { law: '广东省潮州市朝阳区示范条例', article: '第一条', text: '本条例适用于本区。', publish: '2020-01-01', province: '广东' },
];

describe('the province pack of a place', () => {
  let dir: string;
  let db: string;
  let engine: Engine;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-place-'));
    db = path.join(dir, 'library.db');
    fs.writeFileSync(path.join(dir, 'laws.jsonl'), LAWS.map((l) => JSON.stringify(l)).join('\n') + '\n');
    engine = createEngine({ dbPath: db });
    await engine.importPath(path.join(dir, 'laws.jsonl'));
  });
  after(() => {
    engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a province named, a city or district found in the pack titles, and places that fit none or two', () => {
    const of = (place: string) => packOfPlace(engine.db, place);
    assert.deepEqual(of('北京').installed, ['北京', '广东', '浙江']);
    for (const [place, province, how] of [
      ['北京', '北京', 'province'],
      ['北京市海淀区', '北京', 'province'],
      ['广东省深圳市', '广东', 'province'],
      ['深圳', '广东', 'titles'],
      ['深圳市', '广东', 'titles'],
      // The district decides before its city, and a city unknown to the titles after a known district does not matter.
      ['深圳市南山区', '广东', 'titles'],
      ['杭州市西湖区', '浙江', 'titles'],
      ['浙江 杭州', '浙江', 'province'],
    ] as const) {
      const pack = of(place);
      assert.equal(pack.province, province, place);
      assert.equal(pack.how, how, place);
    }
    // One character does not tell 北京 from a title that merely holds it; 成都 is in no pack.
    assert.deepEqual([of('北').province, of('北').how], [null, 'none']);
    assert.deepEqual([of('成都').province, of('成都').how], [null, 'none']);
    const chaoyang = of('朝阳区');
    assert.equal(chaoyang.province, null);
    assert.equal(chaoyang.how, 'ambiguous');
    assert.deepEqual([...chaoyang.candidates].sort(), ['北京', '广东']);
  });

  test('what the user is told when the place searches no pack', () => {
    assert.equal(placeNote('深圳', packOfPlace(engine.db, '深圳')), null);
    assert.match(placeNote('成都', packOfPlace(engine.db, '成都')) ?? '', /No installed province pack holds 「成都」 \(installed: 北京、广东、浙江\): only national law is searched/);
    assert.match(placeNote('朝阳区', packOfPlace(engine.db, '朝阳区')) ?? '', /fits the province packs (北京、广东|广东、北京).*Name the province/);
  });

  test('a report says beside its place which pack was searched, or why none was (session 49)', async () => {
    const consultations = new Consultations({ engine, llm: null });
    const noteOf = async (place: string) => {
      const t = await consultations.ask({ text: '公司拖欠工资怎么办', place });
      const model = buildReport(engine, consultations, t.consultationId, 'test');
      assert.ok(renderMarkdown(model).includes(`- 适用地域：${place}（${model.placeNote}）`), place);
      return model.placeNote;
    };
    assert.equal(await noteOf('深圳'), '已检索广东省地方性法规');
    assert.equal(await noteOf('北京市海淀区'), '已检索北京市地方性法规');
    const national = '仅检索了全国性的法律、行政法规、司法解释等';
    assert.equal(await noteOf('成都'), `未检索该地的地方性法规：已安装的地方性法规（北京市、广东省、浙江省）中没有该地的，${national}`);
    assert.match((await noteOf('朝阳区')) ?? '', new RegExp(`^未检索该地的地方性法规：地名同时符合(北京市、广东省|广东省、北京市)的地方性法规，无法确定所属省份，${national}$`));
    assert.deepEqual(['广东', '北京', '广西', '新疆', '浙江省'].map(provinceName), ['广东省', '北京市', '广西壮族自治区', '新疆维吾尔自治区', '浙江省']);
  });

  test('lexdesk consult --place says on stderr when the place searches no pack, and refuses an empty one', async () => {
    engine.close();
    try {
      const base = ['consult', '--offline', '--db', db, '--ask', '公司拖欠工资怎么办'];
      const far = await runCli([...base, '--place', '成都']);
      assert.equal(far.code, 0, far.stderr);
      assert.match(far.stderr, /lexdesk: No installed province pack holds 「成都」/);
      const near = await runCli([...base, '--place', '深圳']);
      assert.equal(near.code, 0, near.stderr);
      assert.doesNotMatch(near.stderr, /province pack/);
      const blank = await runCli([...base, '--place', '  ']);
      assert.equal(blank.code, 2);
      assert.match(blank.stderr, /--place needs a place/);
    } finally {
      engine = createEngine({ dbPath: db });
    }
  });
});
