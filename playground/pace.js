// How the worker paces a run between frames. Below the speed slider's top, `speed` steps a frame (or 12 ms
// of work, whichever comes first) and a frame every 16 ms at most; at its top and for "to the end", no step
// cap and no wait: the run goes on in the worker in slices of `sliceMs`, between which the worker reads its
// messages (a Pause waits for a slice, not a frame), and a frame is drawn every `frameMs`, so that a run
// takes about the engine's own time.
export const topSpeed = 2 ** 14; // steps per frame at the slider's top (index.html: max 14)
export const frameMs = 50; // unpaced: the time between two frames (20 frames a second)
const sliceMs = 10; // unpaced: the work between two looks at the worker's messages
const pacedMs = 16; // paced: the shortest time between two frames (60 frames a second)

// A step that waits for a key (the mj dialect's <event>): a tenth of a second of real time, so that an <event
// timeout="4"> gives a player 0.4 s to press a key however fast the rest of the run goes.
export const waitingStepMs = 100;

export const unpaced = ({ toEnd, stepsPerFrame }) => toEnd || stepsPerFrame >= topSpeed;

// The budget of the next stretch of work, as model.advance takes it.
export const budget = (pace) => (unpaced(pace) ? { steps: 0, ms: sliceMs } : { steps: pace.stepsPerFrame, ms: 12 });

// Calls `fn` for the next frame, `workedMs` after this one began: unpaced as soon as the messages already
// waiting (Pause, a speed change) have been handled, through a channel of its own (a nested setTimeout(fn,
// 0) waits 4 ms each time, a tenth of an unpaced frame); paced once the frame's 16 ms are over.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();
export function nextFrame(fn, pace, workedMs) {
  if (!unpaced(pace)) return setTimeout(fn, Math.max(0, pacedMs - workedMs));
  waiting.push(fn);
  channel.port2.postMessage(0);
}

// The page's count of its frames (main.js's state.pace): frame f shown, its drawing begun at `began`, its
// views taking viewsMs; running frames (f.ms given), those shown and not yet painted, those that came before
// the last was painted, and the most of each.
export function countFrame(counts, f, began, viewsMs) {
  const running = f.ms !== undefined;
  counts.viewsMs = viewsMs;
  counts.frameMs = performance.now() - began; // the page's own work for the frame, views included
  if (running) {
    counts.viewsMsMost = Math.max(counts.viewsMsMost, viewsMs);
    counts.frameMsMost = Math.max(counts.frameMsMost, counts.frameMs);
    counts.frames++;
    if (counts.undrawn > 0) counts.piledUp++; // a running frame before the last was drawn
  }
  counts.undrawn++;
  counts.mostUndrawn = Math.max(counts.mostUndrawn, counts.undrawn);
}
