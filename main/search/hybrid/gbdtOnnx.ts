import { encodeModel } from '../../models/onnx/model.js';
import type { Forest } from './gbdt.js';

/**
 * A forest as ONNX-ML TreeEnsembleRegressor: input `features` [n, F],
 * output `score` [n, 1] = base + Σ leaf values (BRANCH_LEQ: x ≤ threshold goes
 * to the true/left child, as in training).
 */
export function forestGraph(forest: Forest, featureNames: readonly string[]): Uint8Array {
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
  return encodeModel({
    inputs: [{ name: 'features', dtype: 'float32', shape: ['candidates', forest.featureCount] }],
    outputs: [{ name: 'score', dtype: 'float32', shape: ['candidates', 1] }],
    initializers: [],
    nodes: [{
      op: 'TreeEnsembleRegressor', domain: 'ai.onnx.ml', inputs: ['features'], outputs: ['score'],
      attrs: {
        n_targets: { i: 1 },
        nodes_treeids: { ints: a.treeIds }, nodes_nodeids: { ints: a.nodeIds }, nodes_featureids: { ints: a.featureIds },
        nodes_values: { floats: a.values }, nodes_modes: { strings: a.modes },
        nodes_truenodeids: { ints: a.trueIds }, nodes_falsenodeids: { ints: a.falseIds },
        target_treeids: { ints: a.targetTree }, target_nodeids: { ints: a.targetNode },
        target_ids: { ints: a.targetTree.map(() => 0) }, target_weights: { floats: a.targetWeight },
        base_values: { floats: [forest.base] }, aggregate_function: { s: 'SUM' }, post_transform: { s: 'NONE' },
      },
    }],
    opsets: { '': 17, 'ai.onnx.ml': 3 },
    producer: 'lexdesk train-model',
    metadata: { features: featureNames.join(','), kind: 'gradient-boosted trees' },
  });
}
