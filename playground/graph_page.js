// The state graph on the page (graph.js draws it): asked of the worker for the model as the page shows it,
// shown for that model only, closed when another is loaded; a state clicked is shown in the grid view.
import { GraphView } from "./graph.js";
import { MAX_GRAPH_STATES } from "./limits.js";

export class StateGraph {
  // page: {$, worker, view2d, state, showMessage, key() (the model shown: its list, size, steps and text),
  // explore() (the worker's explore message for it)}.
  constructor(page) {
    this.page = page;
    const { $, view2d } = page;
    // The graph belongs to the model it was drawn for ({key, request}: what was asked, the latest request): a
    // reply to an older request, or for a model since left, is not shown; a model loaded anew as another
    // (its text, its size) closes it.
    this.asked = { key: "", request: 0 };
    this.view = new GraphView(
      $("graph"),
      (picked, picture) => {
        (($("stage2d").style.display = ""), ($("stage3d").style.display = "none"));
        view2d.draw(picture);
        page.state.screen = { graph: picked }; // the grid on screen, until the run shows a frame again
        $("counter").textContent = `state ${picked} of the state graph`;
      },
      () => this.close(),
    );
  }

  close() {
    this.asked.request++;
    this.asked.key = "";
    if (this.page.state.screen) this.page.state.screen = null;
    if (this.view.shown) this.page.worker.postMessage({ type: "rows", on: false });
    this.view.clear();
  }

  // A model is loaded: the graph of another closes.
  loading() {
    if (this.asked.key && this.asked.key !== this.page.key()) this.close();
  }

  // "state graph" pressed: the graph of the model as it is now; pressed again for the same, it stays as it is.
  ask() {
    if (this.asked.key === this.page.key()) return;
    this.close();
    this.asked.key = this.page.key();
    const message = { ...this.page.explore(), maxStates: MAX_GRAPH_STATES, request: this.asked.request };
    this.page.worker.postMessage(message);
  }

  // The worker's answer: the graph, or the library's refusal, said under the grid.
  explored(data) {
    if (data.request !== this.asked.request) return; // a graph since closed, or of a model since left
    this.asked.key = data.error ? "" : this.page.key(); // refused: asked again, it is tried again
    this.page.showMessage(data.error ? data.error.text : this.view.show(data.space));
    if (!data.error) this.page.worker.postMessage({ type: "rows", on: true }); // the run's state marked on it
  }
}
