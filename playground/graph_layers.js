// A layout for state graphs too big for dagre (thousands of states): each state in the layer of its
// distance from the start (breadth first), the states of a layer ordered by where their predecessors in
// the layer above stand (one barycentre pass), layers centred. Linear in states and transitions.

// space: mj.explore's ({states, edges}); box: {width, height} of a state's drawing; gap: pixels between
// boxes of a layer, rankGap between layers. Returns {x, y (each state's box centre), layers (the states
// of each layer, in order), width, height, box}.
export function layeredLayout(space, box, gap = 12, rankGap = 36) {
  const n = space.states;
  const depth = new Int32Array(n).fill(-1);
  const order = [0];
  depth[0] = 0;
  for (let k = 0; k < order.length; k++)
    for (const [to] of space.edges[order[k]]) if (depth[to] < 0) ((depth[to] = depth[order[k]] + 1), order.push(to));
  // unreachable states (none from mj explore) would go last, in a layer of their own
  let deepest = 0;
  for (let s = 0; s < n; s++) deepest = Math.max(deepest, depth[s]);
  for (let s = 0; s < n; s++) if (depth[s] < 0) ((depth[s] = deepest + 1), order.push(s));
  const layers = [];
  for (const s of order) (layers[depth[s]] ??= []).push(s);
  // the predecessors of each state in the layer above, for the barycentres
  const above = Array.from({ length: n }, () => []);
  space.edges.forEach((successors, from) => {
    for (const [to] of successors) if (depth[to] === depth[from] + 1) above[to].push(from);
  });
  const place = new Float64Array(n);
  for (const layer of layers) {
    const key = new Map(
      layer.map((s, k) => [s, above[s].length ? above[s].reduce((sum, p) => sum + place[p], 0) / above[s].length : k]),
    );
    layer.sort((a, b) => key.get(a) - key.get(b));
    layer.forEach((s, k) => (place[s] = k - (layer.length - 1) / 2));
  }
  const step = box.width + gap,
    widest = Math.max(...layers.map((l) => l.length));
  const width = widest * step + gap,
    height = layers.length * (box.height + rankGap) + rankGap;
  const x = new Float64Array(n),
    y = new Float64Array(n);
  layers.forEach((layer, d) =>
    layer.forEach((s) => {
      x[s] = width / 2 + place[s] * step;
      y[s] = rankGap + d * (box.height + rankGap) + box.height / 2;
    }),
  );
  return { x, y, layers, width, height, box };
}
