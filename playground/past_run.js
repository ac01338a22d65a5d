// What the views and the node tree show of a past step: the run replayed on a second model of the same
// program and seed, stopped at that step (the library's replayTo, which goes on forward from where the
// replay stands and starts over only to go back). A run is exact (a fresh run stopped at step k holds the
// grid the record holds for step k, tests/history_test.cpp), so its inspect() and nodeTree() are those the
// live run had there.
export class PastRun {
  // load(): a new model of the live one's program and settings (its resources are already fetched).
  constructor(load) {
    this.load = load;
    this.model = null;
  }

  // The live model was loaded anew (another program or size): the replay starts over.
  reset() {
    this.model?.dispose();
    this.model = null;
  }

  // The replay stopped at `step` of the run of `seed`, the live run's `inputs` ([{step, key}], the keys a game
  // was sent) sent again at the steps they came at.
  at(seed, step, inputs = []) {
    if (!this.model) {
      this.model = this.load();
      this.model.inspecting = true; // a guided one's candidates are kept as the live run keeps them with views on
    }
    this.model.replayTo(seed, step, inputs);
    return this.model;
  }

  // {tree, before}: the node tree at `step` and the step before it (which rules that step fired).
  trees(seed, step, inputs = []) {
    const before = step > 0 ? this.at(seed, step - 1, inputs).nodeTree() : null;
    return { tree: this.at(seed, step, inputs).nodeTree(), before };
  }
}
