#!/usr/bin/env node
// The playground's pace: below the speed slider's top a frame every `speed` steps; at its top the run is
// unpaced, no step cap, the worker running on between frames drawn every 50 ms (web/playground/pace.js).
// Usage: node --test web/tests/browser_pace.mjs   (needs build-web/site: scripts/web.sh)
import assert from "node:assert/strict";
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
  assert.match(await page.$eval("#speedText", (e) => e.textContent), /unpaced/);
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
