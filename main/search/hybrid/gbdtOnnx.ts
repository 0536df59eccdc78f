import { encodeModel, type OnnxNode, type OnnxTensor } from '../../models/onnx/model.js';
import type { Forest } from './gbdt.js';
import type { Mlp } from './listwiseMlp.js';

const OPSETS = { '': 17, 'ai.onnx.ml': 3 };

/**
 * A forest as one ONNX-ML TreeEnsembleRegressor node from `input` [n, F] to
 * `output` [n, 1] = base + Σ leaf values (BRANCH_LEQ: x ≤ threshold goes to the
 * true/left child, as in training).
 */
function forestNode(forest: Forest, input: string, output: string): OnnxNode {
  const a = {
    treeIds: [] as number[], nodeIds: [] as number[], featureIds: [] as number[], values: [] as number[],
    modes: [] as string[], trueIds: [] as number[], falseIds: [] as number[],
    targetTree: [] as number[], targetNode: [] as number[], targetWeight: [] as number[],
  };
  forest.trees.forEach((tree, t) => {
    tree.forEach((node, n) => {
      const leaf = node.feature < 0;
      a.treeIds.push(t);
      a.nodeIds.push(n);
      a.featureIds.push(leaf ? 0 : node.feature);
      a.values.push(leaf ? 0 : node.threshold);
      a.modes.push(leaf ? 'LEAF' : 'BRANCH_LEQ');
      a.trueIds.push(leaf ? 0 : node.left);
      a.falseIds.push(leaf ? 0 : node.right);
      if (leaf) {
        a.targetTree.push(t);
        a.targetNode.push(n);
        a.targetWeight.push(node.value);
      }
    });
  });
  return {
    op: 'TreeEnsembleRegressor', domain: 'ai.onnx.ml', inputs: [input], outputs: [output],
    attrs: {
      n_targets: { i: 1 },
      nodes_treeids: { ints: a.treeIds }, nodes_nodeids: { ints: a.nodeIds }, nodes_featureids: { ints: a.featureIds },
      nodes_values: { floats: a.values }, nodes_modes: { strings: a.modes },
      nodes_truenodeids: { ints: a.trueIds }, nodes_falsenodeids: { ints: a.falseIds },
      target_treeids: { ints: a.targetTree }, target_nodeids: { ints: a.targetNode },
      target_ids: { ints: a.targetTree.map(() => 0) }, target_weights: { floats: a.targetWeight },
      base_values: { floats: [forest.base] }, aggregate_function: { s: 'SUM' }, post_transform: { s: 'NONE' },
    },
  };
}

/** A forest alone: input `features` [n, F], output `score` [n, 1]. */
export function forestGraph(forest: Forest, featureNames: readonly string[]): Uint8Array {
  return encodeModel({
    inputs: [{ name: 'features', dtype: 'float32', shape: ['candidates', forest.featureCount] }],
    outputs: [{ name: 'score', dtype: 'float32', shape: ['candidates', 1] }],
    initializers: [],
    nodes: [forestNode(forest, 'features', 'score')],
    opsets: OPSETS,
    producer: 'lexdesk train-model',
    metadata: { features: featureNames.join(','), kind: 'gradient-boosted trees' },
  });
}

const tensor = (name: string, dims: number[], data: Float32Array): OnnxTensor => ({ name, dtype: 'float32', dims, data });

/** Nodes standardising `input` [n, 1] over its rows (the candidates of one query): (x − mean) / (sd + 1e-6). */
function standardNodes(input: string): OnnxNode[] {
  const p = `${input}_`;
  return [
    { op: 'ReduceMean', inputs: [input], outputs: [`${p}mean`], attrs: { axes: { ints: [0] }, keepdims: { i: 1 } } },
    { op: 'Sub', inputs: [input, `${p}mean`], outputs: [`${p}centred`] },
    { op: 'Mul', inputs: [`${p}centred`, `${p}centred`], outputs: [`${p}squared`] },
    { op: 'ReduceMean', inputs: [`${p}squared`], outputs: [`${p}variance`], attrs: { axes: { ints: [0] }, keepdims: { i: 1 } } },
    { op: 'Sqrt', inputs: [`${p}variance`], outputs: [`${p}sd`] },
    { op: 'Add', inputs: [`${p}sd`, 'epsilon'], outputs: [`${p}divisor`] },
    { op: 'Div', inputs: [`${p}centred`, `${p}divisor`], outputs: [`${p}z`] },
  ];
}

/**
 * The shipped reranker: the forest and the listwise MLP over the same rows, each standardised over
 * the query's candidates and blended as z(forest) + weight · z(mlp). The input must hold the
 * candidates of one query (the standardisation is per query), as LearnedReranker.score passes them.
 * Output `score` [n, 1]; standardScores and predictMlp give the same in JavaScript.
 */
export function blendedRerankerGraph(forest: Forest, mlp: Mlp, weight: number, featureNames: readonly string[]): Uint8Array {
  const F = mlp.featureCount;
  const H = mlp.hidden;
  return encodeModel({
    inputs: [{ name: 'features', dtype: 'float32', shape: ['candidates', F] }],
    outputs: [{ name: 'score', dtype: 'float32', shape: ['candidates', 1] }],
    initializers: [
      tensor('one', [1], Float32Array.of(1)), tensor('epsilon', [1], Float32Array.of(1e-6)), tensor('weight', [1], Float32Array.of(weight)),
      tensor('mean', [1, F], mlp.mean), tensor('scale', [1, F], mlp.scale),
      tensor('w1', [F, H], mlp.w1), tensor('b1', [1, H], mlp.b1), tensor('w2', [H, 1], mlp.w2),
    ],
    nodes: [
      forestNode(forest, 'features', 'forest'),
      { op: 'Abs', inputs: ['features'], outputs: ['abs'] },
      { op: 'Add', inputs: ['abs', 'one'], outputs: ['abs1'] },
      { op: 'Log', inputs: ['abs1'], outputs: ['log1p'] },
      { op: 'Sign', inputs: ['features'], outputs: ['sign'] },
      { op: 'Mul', inputs: ['sign', 'log1p'], outputs: ['squashed'] },
      { op: 'Sub', inputs: ['squashed', 'mean'], outputs: ['shifted'] },
      { op: 'Div', inputs: ['shifted', 'scale'], outputs: ['standard'] },
      { op: 'MatMul', inputs: ['standard', 'w1'], outputs: ['hidden_in'] },
      { op: 'Add', inputs: ['hidden_in', 'b1'], outputs: ['hidden_pre'] },
      { op: 'Relu', inputs: ['hidden_pre'], outputs: ['hidden'] },
      { op: 'MatMul', inputs: ['hidden', 'w2'], outputs: ['mlp'] },
      ...standardNodes('forest'),
      ...standardNodes('mlp'),
      { op: 'Mul', inputs: ['mlp_z', 'weight'], outputs: ['mlp_weighted'] },
      { op: 'Add', inputs: ['forest_z', 'mlp_weighted'], outputs: ['score'] },
    ],
    opsets: OPSETS,
    producer: 'lexdesk train-model',
    metadata: { features: featureNames.join(','), kind: 'gradient-boosted trees blended with a listwise MLP' },
  });
}
