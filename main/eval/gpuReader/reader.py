"""A character-level cross-encoder trained from nothing on the project's own data and scored out
of fold on train-model's candidate dump, so the reranker harness can say what a transformer that
reads whole articles adds (session 27's twenty-ninth round, README's experiment log). It needs
PyTorch and a GPU (about six minutes on one H100); nothing in the app or the tests runs it.

Phases: masked-character pretraining on the national articles; a pair task on the corpus alone
(one sentence of an article against the rest of that article and against other articles of the
same law version); then, for each of the five folds, a listwise fine-tune on the other folds'
questions (and their lawyers' answers as extra queries) over their candidate pools, scoring the
held-out fold's pool after every epoch. Each `reader-eN.json` holds, per dumped question and
candidate, five columns for `npm run reranker-harness -- --extra`: the score, its gap to the
question's best, its rank, its rank within the candidate's law version and its gap to that
version's best.

  python3 exportReaderData.py DUMP.json LIBRARY.db lecoqa-answers.jsonl DATA_DIR   (here)
  python3 reader.py DATA_DIR OUT_DIR [key=value ...]                                (on the GPU)
"""
import gzip, json, math, os, random, re, sys, time

import torch
import torch.nn as nn
import torch.nn.functional as F

T0 = time.time()
data_dir, out_dir = sys.argv[1], sys.argv[2]
cfg = dict(d=384, layers=6, heads=6, ff=1536, seq=256, qmax=72, mlm_s=150.0, pair_s=40.0, mlm_batch=256,
           pair_batch=32, pair_list=16, ft_epochs=3, ft_list=16, ft_batch=16, ft_lr=1e-4, lr=5e-4, seed=20261127,
           max_articles=0, folds='0,1,2,3,4', score_batch=512)
for kv in sys.argv[3:]:
    k, v = kv.split('=', 1)
    cfg[k] = type(cfg[k])(v)
os.makedirs(out_dir, exist_ok=True)
dev = 'cuda' if torch.cuda.is_available() else 'cpu'
amp = torch.bfloat16
if hasattr(torch.backends, 'mha'):
    torch.backends.mha.set_fastpath_enabled(False)


def sync():
    if dev == 'cuda':
        torch.cuda.synchronize()


def autocast():
    return torch.autocast('cuda', dtype=amp) if dev == 'cuda' else torch.autocast('cpu', enabled=False)
torch.backends.cuda.matmul.allow_tf32 = True
torch.backends.cudnn.allow_tf32 = True


def log(*a):
    print(f'[{time.time() - T0:7.1f}s]', *a, flush=True)


log('device', dev, torch.__version__, json.dumps(cfg))
random.seed(cfg['seed'])
torch.manual_seed(cfg['seed'])

# ---------------------------------------------------------------- data
arts = {}
with gzip.open(os.path.join(data_dir, 'articles.jsonl.gz'), 'rt', encoding='utf8') as f:
    for line in f:
        o = json.loads(line)
        arts[o['id']] = o
        if cfg['max_articles'] and len(arts) >= cfg['max_articles']:
            break
qs = json.load(open(os.path.join(data_dir, 'questions.json'), encoding='utf8'))
if cfg['max_articles']:
    for q in qs:
        q['cands'] = [c for c in q['cands'] if c in arts] or list(arts)[:20]
        q['gold'] = [g for g in q['gold'] if g in arts] or [q['cands'][0]]
counts = {}
for o in arts.values():
    for ch in o['title'] + o['label'] + o['text']:
        counts[ch] = counts.get(ch, 0) + 1
SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]']
vocab = SPECIAL + sorted(ch for ch, n in counts.items() if n >= 3)
index = {ch: i for i, ch in enumerate(vocab)}
PAD, UNK, CLS, SEP, MASK = range(5)
V = len(vocab)


def ids(s):
    return [index.get(ch, UNK) for ch in s]


art_ids = {k: ids('《' + o['title'] + '》' + o['label'] + '：' + o['text']) for k, o in arts.items()}
by_doc = {}
for k, o in arts.items():
    by_doc.setdefault(o['doc'], []).append(k)
log('articles', len(arts), 'vocab', V, 'questions', len(qs))


def pair(q, a):
    q = q[:cfg['qmax']]
    a = a[:cfg['seq'] - len(q) - 3]
    toks = [CLS] + q + [SEP] + a + [SEP]
    return toks, [0] * (len(q) + 2) + [1] * (len(a) + 1)


def batch_tensors(pairs):
    n = max(len(t) for t, _ in pairs)
    x = torch.full((len(pairs), n), PAD, dtype=torch.long)
    s = torch.zeros((len(pairs), n), dtype=torch.long)
    for i, (t, g) in enumerate(pairs):
        x[i, :len(t)] = torch.tensor(t)
        s[i, :len(g)] = torch.tensor(g)
    return x.to(dev, non_blocking=True), s.to(dev, non_blocking=True)


# ---------------------------------------------------------------- model
class Reader(nn.Module):
    def __init__(self):
        super().__init__()
        d = cfg['d']
        self.tok = nn.Embedding(V, d)
        self.pos = nn.Embedding(cfg['seq'], d)
        self.seg = nn.Embedding(2, d)
        layer = nn.TransformerEncoderLayer(d, cfg['heads'], cfg['ff'], dropout=0.1, activation='gelu', batch_first=True, norm_first=True)
        self.enc = nn.TransformerEncoder(layer, cfg['layers'], enable_nested_tensor=False)
        self.norm = nn.LayerNorm(d)
        self.mlm = nn.Linear(d, V)
        self.head = nn.Sequential(nn.Linear(d, d), nn.Tanh(), nn.Linear(d, 1))

    def hidden(self, x, s):
        p = torch.arange(x.shape[1], device=x.device)
        h = self.tok(x) + self.pos(p)[None] + self.seg(s)
        return self.norm(self.enc(h, src_key_padding_mask=(x == PAD)))

    def score(self, x, s):
        return self.head(self.hidden(x, s)[:, 0]).squeeze(-1).float()


model = Reader().to(dev)
log('parameters', sum(p.numel() for p in model.parameters()))


def opt_for(lr):
    return torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.01, betas=(0.9, 0.98))


def update(opt, loss):
    opt.zero_grad(set_to_none=True)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()


def listwise_loss(scores):
    """Softmax cross-entropy of each list of scores [lists, n] with its first entry the right one."""
    return F.cross_entropy(scores, torch.zeros(scores.shape[0], dtype=torch.long, device=scores.device))


def set_lr(opt, lr):
    for group in opt.param_groups:
        group['lr'] = lr


class TimedPhase:
    """Steps until `seconds` have passed; the number of steps it will take (for the learning rate's
    decay) is planned from the pace between steps `first` and `last`, timed with the GPU synchronised."""

    def __init__(self, name, seconds, first, last):
        self.name, self.seconds, self.first, self.last = name, seconds, first, last
        self.start, self.step, self.total = time.time(), 0, 10 ** 9

    def running(self):
        return time.time() - self.start < self.seconds

    def tick(self, loss, every):
        self.step += 1
        if self.step == self.first:
            sync()
            self.paced = time.time()
        if self.step == self.last:
            sync()
            rate = (time.time() - self.paced) / (self.last - self.first)
            self.total = int((self.seconds - (time.time() - self.start)) / rate) + self.last
            log(f'{self.name} {rate * 1000:.0f} ms/step, planning {self.total} steps')
        if self.step % every == 0:
            log(f'{self.name} step {self.step} loss {loss.item():.3f}')


def lr_at(step, total, base, warm):
    return base * min(1.0, (step + 1) / warm) * max(0.05, 1 - step / max(total, 1))


# ---------------------------------------------------------------- phase 1: masked characters
stream = []
keys = list(arts)
random.shuffle(keys)
for k in keys:
    stream += art_ids[k] + [SEP]
L = cfg['seq'] - 1
chunks = torch.tensor(stream[: len(stream) // L * L]).view(-1, L)
chunks = torch.cat([torch.full((chunks.shape[0], 1), CLS), chunks], 1)
log('mlm chunks', chunks.shape[0])
opt = opt_for(cfg['lr'])
model.train()
phase = TimedPhase('mlm', cfg['mlm_s'], 10, 30)
while phase.running():
    sel = torch.randint(0, chunks.shape[0], (cfg['mlm_batch'],))
    x = chunks[sel].to(dev)
    y = x.clone()
    r = torch.rand(x.shape, device=x.device)
    masked = (r < 0.15) & (x > MASK)
    y[~masked] = -100
    x = torch.where(masked & (r < 0.12), torch.full_like(x, MASK), x)
    x = torch.where(masked & (r >= 0.12) & (r < 0.135), torch.randint_like(x, 5, V), x)
    set_lr(opt, lr_at(phase.step, phase.total, cfg['lr'], 200))
    with autocast():
        h = model.hidden(x, torch.zeros_like(x))
        logits = model.mlm(h[masked])
    loss = F.cross_entropy(logits.float(), y[masked])
    update(opt, loss)
    phase.tick(loss, 200)
log(f'mlm done: {phase.step} steps, loss {loss.item():.3f}')

# ---------------------------------------------------------------- phase 2: a sentence against its article and siblings
SPLIT = re.compile(r'(?<=[。；！？])')
docs = [v for v in by_doc.values() if len(v) >= 4]


def pair_list():
    doc = random.choice(docs)
    k = random.choice(doc)
    sents = [s for s in SPLIT.split(arts[k]['text']) if len(s) >= 6]
    if len(sents) < 2:
        return None
    si = random.randrange(len(sents))
    query = ids(sents[si])
    rest = ''.join(sents[:si] + sents[si + 1:])
    o = arts[k]
    pos = ids('《' + o['title'] + '》' + o['label'] + '：' + rest)
    negs = [n for n in doc if n != k]
    pool = random.sample(negs, min(len(negs), cfg['pair_list'] - 1))
    while len(pool) < cfg['pair_list'] - 1:
        pool.append(random.choice(keys))
    return [pair(query, pos)] + [pair(query, art_ids[n]) for n in pool]


opt = opt_for(cfg['lr'] / 2)
phase = TimedPhase('pair', cfg['pair_s'], 5, 15)
while phase.running():
    lists = []
    while len(lists) < cfg['pair_batch']:
        one = pair_list()
        if one:
            lists.append(one)
    x, s = batch_tensors([p for l in lists for p in l])
    set_lr(opt, lr_at(phase.step, phase.total, cfg['lr'] / 2, 50))
    with autocast():
        sc = model.score(x, s).view(len(lists), -1)
    loss = listwise_loss(sc)
    update(opt, loss)
    phase.tick(loss, 100)
log(f'pair done: {phase.step} steps, loss {loss.item():.3f}')
base_state = {k: v.detach().clone() for k, v in model.state_dict().items()}

# ---------------------------------------------------------------- phase 3: per fold, listwise on the other folds' pools
def score_questions(questions):
    model.eval()
    outs = []
    with torch.no_grad():
        flat = [(qi, c) for qi, q in enumerate(questions) for c in q['cands']]
        res = [0.0] * len(flat)
        order = sorted(range(len(flat)), key=lambda i: len(art_ids[flat[i][1]]))
        for b in range(0, len(order), cfg['score_batch']):
            idx = order[b:b + cfg['score_batch']]
            x, s = batch_tensors([pair(ids(questions[flat[i][0]]['query']), art_ids[flat[i][1]]) for i in idx])
            with autocast():
                sc = model.score(x, s).cpu().tolist()
            for i, v in zip(idx, sc):
                res[i] = v
        pos = 0
        for q in questions:
            outs.append(res[pos:pos + len(q['cands'])])
            pos += len(q['cands'])
    model.train()
    return outs


def columns(q, sc):
    best = max(sc)
    order = sorted(range(len(sc)), key=lambda i: -sc[i])
    rank = [0] * len(sc)
    for r, i in enumerate(order):
        rank[i] = r
    in_doc = [0] * len(sc)
    seen = {}
    for i in order:
        d = arts[q['cands'][i]]['doc']
        in_doc[i] = seen.get(d, 0)
        seen[d] = in_doc[i] + 1
    doc_best = {}
    for i in range(len(sc)):
        d = arts[q['cands'][i]]['doc']
        doc_best[d] = max(doc_best.get(d, -1e9), sc[i])
    return [[round(sc[i], 4), round(sc[i] - best, 4), rank[i], in_doc[i], round(sc[i] - doc_best[arts[q['cands'][i]]['doc']], 4)] for i in range(len(sc))]


def recall10(q, sc):
    gold = set(q['gold'])
    top = sorted(range(len(sc)), key=lambda i: -sc[i])[:10]
    hit = sum(1 for i in top if q['cands'][i] in gold)
    rr = next((1 / (r + 1) for r, i in enumerate(top) if q['cands'][i] in gold), 0.0)
    return hit / len(gold), rr


epochs = cfg['ft_epochs']
results = {e: [None] * len(qs) for e in range(1, epochs + 1)}
for fold in [int(f) for f in cfg['folds'].split(',')]:
    model.load_state_dict(base_state)
    train = [q for q in qs if q['fold'] != fold]
    held = [i for i, q in enumerate(qs) if q['fold'] == fold]
    lists = []
    for q in train:
        for g in q['gold']:
            if g not in arts:
                continue
            for text in (q['query'], q['answer']):
                if isinstance(text, str) and text:
                    lists.append((ids(text), g, [c for c in q['cands'] if c not in set(q['gold'])]))
    steps_per_epoch = math.ceil(len(lists) / cfg['ft_batch'])
    total = steps_per_epoch * epochs
    opt = opt_for(cfg['ft_lr'])
    step = 0
    for epoch in range(1, epochs + 1):
        random.shuffle(lists)
        for b in range(0, len(lists), cfg['ft_batch']):
            chunk = lists[b:b + cfg['ft_batch']]
            pairs = []
            for query, g, negs in chunk:
                pool = random.sample(negs, min(len(negs), cfg['ft_list'] - 1))
                while len(pool) < cfg['ft_list'] - 1:
                    pool.append(random.choice(keys))
                pairs += [pair(query, art_ids[g])] + [pair(query, art_ids[n]) for n in pool]
            x, s = batch_tensors(pairs)
            set_lr(opt, lr_at(step, total, cfg['ft_lr'], 30))
            with autocast():
                sc = model.score(x, s).view(len(chunk), -1)
            loss = listwise_loss(sc)
            update(opt, loss)
            step += 1
        scores = score_questions([qs[i] for i in held])
        r = [recall10(qs[i], sc) for i, sc in zip(held, scores)]
        for i, sc in zip(held, scores):
            results[epoch][i] = columns(qs[i], sc)
        log(f'fold {fold} epoch {epoch} loss {loss.item():.3f} reader-alone R@10 {sum(a for a, _ in r) / len(r):.4f} MRR@10 {sum(b for _, b in r) / len(r):.4f}')
    for e in range(1, epochs + 1):
        json.dump(results[e], open(os.path.join(out_dir, f'reader-e{e}.json'), 'w'))
log('done')
