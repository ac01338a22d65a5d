// How the worker paces a run between frames. Below the speed slider's top, a frame every `speed` steps
// (or 12 ms of work, whichever comes first); at its top and for "to the end", no step cap: the run goes on
// in the worker and a frame is drawn every `frameMs`, so that a run takes about the engine's own time.
export const topSpeed = 2 ** 14; // steps per frame at the slider's top (index.html: max 14)
export const frameMs = 50; // unpaced: the time between two frames (20 frames a second)

// The budget of the next stretch of work, as model.advance takes it.
export const budget = ({ toEnd, stepsPerFrame }) =>
  toEnd || stepsPerFrame >= topSpeed ? { steps: 0, ms: frameMs } : { steps: stepsPerFrame, ms: 12 };

// Calls `fn` once the messages already waiting (Pause, a speed change) have been handled: a message to a
// channel of its own. setTimeout(fn, 0), nested, waits 4 ms each time, a tenth of an unpaced frame.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();
export function soon(fn) {
  waiting.push(fn);
  channel.port2.postMessage(0);
}
