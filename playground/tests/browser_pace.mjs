#!/usr/bin/env node
// The playground's pace: below the speed slider's top a frame every `speed` steps; at its top the run is
// unpaced, no step cap, the worker running on between frames drawn every 50 ms (playground/pace.js).
// Usage: node --test playground/tests/browser_pace.mjs   (needs build-web/site: scripts/web.sh)
import assert from "node:assert/strict";
import { loadavg } from "node:os";
import { choose, playground } from "./playground_page.mjs";

const { pageTest, open } = playground();

// Clicks Run at the slider's value `speed` and collects the run's frames ({steps, taken, ms}) to its end.
async function framesOfRun(page, speed) {
  return page.evaluate(
    (value) =>
      new Promise((done) => {
        const state = window.mjPlayground.state;
        const frames = [];
        let shown = state.frame;
        Object.defineProperty(state, "frame", {
          configurable: true,
          get: () => shown,
          set: (f) => {
            shown = f;
            if (f.ms !== undefined) frames.push({ steps: f.steps, taken: f.taken, ms: f.ms });
            if (f.finished) {
              Object.defineProperty(state, "frame", { value: f, writable: true, configurable: true });
              done(frames);
            }
          },
        });
        const slider = document.getElementById("speed");
        slider.value = value;
        slider.oninput();
        document.getElementById("run").click();
      }),
    speed,
  );
}

pageTest("at the slider's top a run goes unpaced, a frame every 50 ms of work", async (page) => {
  await open(page);
  await choose(page, "corpus/Island", [400, 400, 1], 1); // 368,787 steps, no step limit: several frames
  const frames = await framesOfRun(page, 14);
  assert.match(await page.$eval("#speedText", (e) => e.textContent), /full speed/);
  assert.ok(frames.length >= 2, `${frames.length} frames: ${JSON.stringify(frames)}`);
  // every frame but the last worked its whole 50 ms (no step cap stopped it early)
  for (const f of frames.slice(0, -1)) assert.ok(f.ms >= 49, `a frame after ${f.taken} steps and ${f.ms} ms`);
});

pageTest("below the top a frame comes every `speed` steps", async (page) => {
  await open(page);
  await choose(page, "corpus/MazeGrowth", [101, 101, 1], 1);
  const frames = await framesOfRun(page, 9);
  assert.ok(frames.length > 3, `${frames.length} frames`);
  for (const f of frames) assert.ok(f.taken <= 512, `a frame after ${f.taken} steps at 512 steps/frame`);
});

pageTest(
  "each model opens at the slider's top; a speed set for a model stays with it, not with the next",
  async (page) => {
    await open(page);
    await choose(page, "own/GrowthMaze", [21, 21, 1], 1);
    const slider = () => page.$eval("#speed", (s) => [s.value, s.max]);
    const [value, max] = await slider();
    assert.equal(value, max, "the top");
    await page.$eval("#speed", (s) => ((s.value = 2), s.oninput()));
    await choose(page, "own/BacktrackerMaze", [21, 21, 1], 1);
    assert.equal((await slider())[0], max, "not carried over");
    await choose(page, "own/GrowthMaze", [21, 21, 1], 1);
    assert.equal((await slider())[0], "2", "kept for its model");
  },
);

// Opens `model` from the gallery at the default pace and times its run to the end: {seconds, frames}.
async function fromGallery(page, model) {
  await page.click("#galleryButton");
  await page.waitForSelector(`#gallery .card[data-model="${model}"]`, { visible: true });
  await page.evaluate(() => {
    const state = window.mjPlayground.state;
    let shown = state.frame;
    window.run = { frames: 0, began: performance.now(), ended: 0 };
    Object.defineProperty(state, "frame", {
      configurable: true,
      get: () => shown,
      set: (f) => {
        shown = f;
        if (f?.ms !== undefined) window.run.frames++;
        if (f?.finished && f.ms !== undefined) window.run.ended = performance.now();
      },
    });
  });
  await page.click(`#gallery .card[data-model="${model}"]`);
  await page.waitForFunction(() => window.run.ended, { timeout: 300000 });
  return page.evaluate(() => ({ seconds: (window.run.ended - window.run.began) / 1000, frames: window.run.frames }));
}

pageTest(
  "Island and CarmaTower from the gallery run to their end at the default pace, showing frames",
  async (page) => {
    await open(page);
    for (const model of ["corpus/Island", "corpus/CarmaTower"]) {
      const { seconds, frames } = await fromGallery(page, model);
      const { steps, mx, my, mz } = await page.evaluate(() => window.mjPlayground.state.frame);
      // Island's 979,293 steps show on the way (CarmaTower's few thousand may end within a frame or two)
      if (model === "corpus/Island") assert.ok(frames >= 2, `${model}: ${frames} frames on the way`);
      console.log(
        `# ${model} (${mx}x${my}x${mz}) from the gallery: ${steps} steps to the end in ${seconds.toFixed(1)} s, ` +
          `${frames} frames (load average ${loadavg()[0].toFixed(1)})`,
      );
    }
  },
);
