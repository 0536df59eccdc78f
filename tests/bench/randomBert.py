# A randomly initialised BERT encoder (post-LN, GELU) written as a Hugging Face ONNX folder with
# the tokenizer of another folder, for timing execution providers with a realistically sized model
# where no pretrained weights can be fetched (README, "GPU providers"). Default shape is bge-small's
# (12 layers, 384 hidden, 12 heads, 1536 intermediate; CLS pooling); --classifier adds a one-logit
# sequence-classification head, a cross-encoder (24 × 1024 × 16 × 4096 is bge-reranker-v2-m3's shape).
#   python3 tests/bench/randomBert.py models/lexdesk-hashgram-v1 /tmp/bert-small
#   python3 tests/bench/randomBert.py models/lexdesk-hashgram-v1 /tmp/rerank-large --classifier --layers 24 --hidden 1024 --heads 16 --ff 4096
#   npm run bench:providers -- --model /tmp/bert-small --cross-encoder /tmp/rerank-large --providers webgpu --db LIBRARY
# Needs the onnx and numpy Python packages.
import argparse, json, os, shutil
import numpy as np
import onnx
from onnx import helper as h, TensorProto as T, numpy_helper as nh
ap = argparse.ArgumentParser()
ap.add_argument('src'); ap.add_argument('out')
ap.add_argument('--layers', type=int, default=12); ap.add_argument('--hidden', type=int, default=384)
ap.add_argument('--heads', type=int, default=12); ap.add_argument('--ff', type=int, default=1536)
ap.add_argument('--classifier', action='store_true')
args = ap.parse_args()
src, out, L, H, HEADS, FF = args.src, args.out, args.layers, args.hidden, args.heads, args.ff
os.makedirs(os.path.join(out, '' if args.classifier else '1_Pooling'), exist_ok=True)
for f in ('tokenizer.json', 'tokenizer_config.json'):
    shutil.copy(os.path.join(src, f), os.path.join(out, f))
V = len(json.load(open(os.path.join(src, 'tokenizer.json')))['model']['vocab'])
rng = np.random.default_rng(0)
inits, nodes = [], []
def w(name, *shape, scale=0.02):
    inits.append(nh.from_array((rng.standard_normal(shape) * scale).astype(np.float32), name)); return name
def c(name, arr):
    inits.append(nh.from_array(np.asarray(arr), name)); return name
def n(op, ins, outs, **kw):
    nodes.append(h.make_node(op, ins, outs, **kw)); return outs[0]
def ln(x, p):
    return n('LayerNormalization', [x, c(p + '.g', np.ones(H, np.float32)), c(p + '.b', np.zeros(H, np.float32))], [p + '.out'], axis=-1, epsilon=1e-12)
def lin(x, p, i, o):
    return n('Add', [n('MatMul', [x, w(p + '.w', i, o)], [p + '.mm']), c(p + '.bias', np.zeros(o, np.float32))], [p + '.out'])
c('zero', np.array(0, np.int64)); c('one', np.array(1, np.int64))
we = n('Gather', [w('word', V, H), 'input_ids'], ['we'])
shape = n('Shape', ['input_ids'], ['shape'])
seq = n('Gather', [shape, 'one'], ['seq'], axis=0)
pos = n('Range', ['zero', seq, 'one'], ['pos'])
pe = n('Gather', [w('position', 512, H), pos], ['pe'])
te = n('Gather', [w('type', 2, H), 'token_type_ids'], ['te'])
x = ln(n('Add', [n('Add', [we, pe], ['wp']), te], ['emb']), 'emb.ln')
# attention bias: (1 - mask) * -10000, shaped [batch, 1, 1, seq]
maskf = n('Cast', ['attention_mask'], ['maskf'], to=T.FLOAT)
bias = n('Mul', [n('Sub', [c('onef', np.array(1, np.float32)), maskf], ['inv']), c('neg', np.array(-10000, np.float32))], ['bias0'])
bias = n('Unsqueeze', [bias, c('axes12', np.array([1, 2], np.int64))], ['bias'])
D = H // HEADS
split_shape = c('split', np.array([0, 0, HEADS, D], np.int64)); merge_shape = c('merge', np.array([0, 0, H], np.int64))
scale = c('scale', np.array(1 / np.sqrt(D), np.float32))
for l in range(L):
    p = f'l{l}'
    def heads(t, name):
        return n('Transpose', [n('Reshape', [t, split_shape], [f'{p}.{name}.r'])], [f'{p}.{name}.t'], perm=[0, 2, 1, 3])
    q = heads(lin(x, f'{p}.q', H, H), 'q'); k = heads(lin(x, f'{p}.k', H, H), 'k'); v = heads(lin(x, f'{p}.v', H, H), 'v')
    kt = n('Transpose', [k], [f'{p}.kt'], perm=[0, 1, 3, 2])
    s = n('Add', [n('Mul', [n('MatMul', [q, kt], [f'{p}.qk']), scale], [f'{p}.sc']), bias], [f'{p}.s'])
    a = n('MatMul', [n('Softmax', [s], [f'{p}.p'], axis=-1), v], [f'{p}.a'])
    a = n('Reshape', [n('Transpose', [a], [f'{p}.at'], perm=[0, 2, 1, 3]), merge_shape], [f'{p}.am'])
    x = ln(n('Add', [x, lin(a, f'{p}.o', H, H)], [f'{p}.r1']), f'{p}.ln1')
    f = lin(x, f'{p}.f1', H, FF)
    g = n('Mul', [n('Mul', [f, c(f'{p}.half', np.array(0.5, np.float32))], [f'{p}.fh']),
                  n('Add', [c(f'{p}.onef', np.array(1, np.float32)), n('Erf', [n('Mul', [f, c(f'{p}.rs2', np.array(1 / np.sqrt(2), np.float32))], [f'{p}.fs'])], [f'{p}.erf'])], [f'{p}.e1'])], [f'{p}.gelu'])
    x = ln(n('Add', [x, lin(g, f'{p}.f2', FF, H)], [f'{p}.r2']), f'{p}.ln2')
io = lambda name, t, dims: h.make_tensor_value_info(name, t, dims)
if args.classifier:
    cls = n('Gather', [x, 'zero'], ['cls'], axis=1)
    n('Add', [n('MatMul', [cls, w('head.w', H, 1)], ['head.mm']), c('head.bias', np.zeros(1, np.float32))], ['logits'])
    output = io('logits', T.FLOAT, ['batch', 1])
else:
    n('Identity', [x], ['last_hidden_state'])
    output = io('last_hidden_state', T.FLOAT, ['batch', 'sequence', H])
graph = h.make_graph(nodes, 'bert', [io(i, T.INT64, ['batch', 'sequence']) for i in ('input_ids', 'attention_mask', 'token_type_ids')],
                     [output], inits)
model = h.make_model(graph, opset_imports=[h.make_opsetid('', 17)], producer_name='lexdesk device check')
model.ir_version = 8
onnx.checker.check_model(model)
onnx.save(model, os.path.join(out, 'model.onnx'))
config = {'model_type': 'bert', 'hidden_size': H, 'vocab_size': V, 'num_hidden_layers': L, 'num_attention_heads': HEADS,
          'intermediate_size': FF, 'max_position_embeddings': 512, 'type_vocab_size': 2}
if args.classifier:
    config.update(architectures=['BertForSequenceClassification'], num_labels=1)
json.dump(config, open(os.path.join(out, 'config.json'), 'w'))
if not args.classifier:
  json.dump({'word_embedding_dimension': H, 'pooling_mode_cls_token': True, 'pooling_mode_mean_tokens': False,
             'pooling_mode_max_tokens': False, 'pooling_mode_mean_sqrt_len_tokens': False}, open(os.path.join(out, '1_Pooling', 'config.json'), 'w'))
print('wrote', out, 'layers', L, 'hidden', H, 'vocab', V, 'bytes', os.path.getsize(os.path.join(out, 'model.onnx')))
