// Short, soft sounds synthesised with Web Audio (no asset files): a step,
// a capture, a crowning and the end of a game. They are played only for a
// move that happened, never for a tap that did nothing (C2), and not at all
// when the setting is off.
//
// The audio context runs only while a sound plays. A running context keeps
// the system's audio thread at work even in silence (a steady cost in CPU
// and battery), so it is suspended a moment after the last sound has ended
// and resumed for the next one. Browsers start a page's audio only from a
// user gesture: `unlock` makes the first start from one; once the context
// has run, resuming it needs no gesture.

/** Seconds of silence after the last sound before the context is suspended. */
export const REST_AFTER_S = 1;

let ctx = null;
let enabled = true;
/** The context has run at least once (a gesture has unlocked it). */
let started = false;
/** A suspend() was asked for and has not taken effect yet. */
let suspending = false;
/** When the last sound scheduled ends, in the context's time (seconds). */
let busyUntil = 0;
let restTimer = null;

/** Turns the sounds on or off (the setting); off, the context rests at once. */
export function setSoundEnabled(on) {
  enabled = Boolean(on);
  if (!enabled) rest();
}

/** The audio context, made on first use; null when sound is off or unavailable. */
function context() {
  if (!enabled) return null;
  if (ctx && ctx.state === 'closed') ctx = null; // closed by the system: make another
  if (!ctx) {
    const Ctor = window.AudioContext || window.webkitAudioContext;
    if (!Ctor) return null;
    let ac;
    try {
      ac = new Ctor();
    } catch {
      return null;
    }
    ctx = ac;
    started = false;
    busyUntil = 0;
    // However it comes to run (resumed here, or by the system after an
    // interruption), it rests again once its sounds are over.
    ac.onstatechange = () => {
      if (ac !== ctx) return;
      if (ac.state === 'running') {
        started = true;
        restLater();
      }
    };
    if (ac.state === 'running') {
      started = true;
      restLater();
    }
  }
  return ctx;
}

/** Makes sure `ac` runs, or will: also when a suspend is still on its way. */
function wake(ac) {
  if (ac.state === 'running' && !suspending) return;
  ac.resume().catch(() => {});
}

/** Suspends the context now (no sound is cut: the caller knows none plays). */
function suspend(ac) {
  suspending = true;
  ac.suspend()
    .catch(() => {})
    .finally(() => {
      suspending = false;
    });
}

/** Stops the rest timer and suspends a running context. */
function rest() {
  clearTimeout(restTimer);
  restTimer = null;
  if (ctx && ctx.state === 'running' && !suspending) suspend(ctx);
}

/**
 * Arms the one timer that suspends the context REST_AFTER_S after the last
 * sound scheduled has ended. A sound added meanwhile moves the end on; a
 * context whose clock does not move (no audio device) is suspended anyway,
 * so the timer never keeps coming back.
 */
function restLater() {
  clearTimeout(restTimer);
  restTimer = null;
  const ac = ctx;
  if (!ac || ac.state !== 'running') return;
  if (!enabled) {
    rest();
    return;
  }
  const armedAt = ac.currentTime;
  const wait = Math.max(0, busyUntil - armedAt) + REST_AFTER_S;
  restTimer = setTimeout(() => {
    restTimer = null;
    if (ac !== ctx || ac.state !== 'running' || suspending) return;
    if (ac.currentTime < busyUntil && ac.currentTime > armedAt) restLater();
    else suspend(ac);
  }, wait * 1000);
}

/** The noise of a knock: fixed, so every knock sounds alike; made once per context. */
let noise = null;
function noiseBuffer(ac) {
  if (noise && noise.ac === ac) return noise.buffer;
  const len = Math.floor(ac.sampleRate * 0.05);
  const buffer = ac.createBuffer(1, len, ac.sampleRate);
  const data = buffer.getChannelData(0);
  let seed = 12345;
  for (let i = 0; i < len; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = ((seed / 0x7fffffff) * 2 - 1) * Math.pow(1 - i / len, 3);
  }
  noise = { ac, buffer };
  return buffer;
}

/** A soft wooden knock: a short band-passed noise burst over a low thump. Returns when it ends. */
function knock(ac, when, { freq = 180, gain = 0.16, bright = 1400 } = {}) {
  const src = ac.createBufferSource();
  src.buffer = noiseBuffer(ac);
  const band = ac.createBiquadFilter();
  band.type = 'bandpass';
  band.frequency.value = bright;
  band.Q.value = 1.2;
  const ng = ac.createGain();
  ng.gain.value = gain * 0.9;
  src.connect(band).connect(ng).connect(ac.destination);
  src.start(when);

  const osc = ac.createOscillator();
  osc.type = 'sine';
  osc.frequency.setValueAtTime(freq, when);
  osc.frequency.exponentialRampToValueAtTime(freq * 0.6, when + 0.08);
  const og = ac.createGain();
  og.gain.setValueAtTime(0.0001, when);
  og.gain.exponentialRampToValueAtTime(gain, when + 0.004);
  og.gain.exponentialRampToValueAtTime(0.0001, when + 0.1);
  osc.connect(og).connect(ac.destination);
  osc.start(when);
  osc.stop(when + 0.12);
  return when + 0.12;
}

/** A soft bell note. Returns when it ends. */
function tone(ac, when, freq, length = 0.35, gain = 0.07) {
  const osc = ac.createOscillator();
  osc.type = 'triangle';
  osc.frequency.value = freq;
  const g = ac.createGain();
  g.gain.setValueAtTime(0.0001, when);
  g.gain.exponentialRampToValueAtTime(gain, when + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, when + length);
  osc.connect(g).connect(ac.destination);
  osc.start(when);
  osc.stop(when + length + 0.02);
  return when + length + 0.02;
}

/** The notes of each sound, scheduled from `now`; returns when the last one ends. */
const SOUNDS = {
  step: (ac, now) => knock(ac, now),
  capture: (ac, now) =>
    Math.max(
      knock(ac, now, { freq: 150, gain: 0.18, bright: 1100 }),
      knock(ac, now + 0.07, { freq: 120, gain: 0.12, bright: 900 }),
    ),
  crown: (ac, now) => Math.max(tone(ac, now, 660), tone(ac, now + 0.11, 990, 0.45)),
  win: (ac, now) => Math.max(tone(ac, now, 523), tone(ac, now + 0.14, 659), tone(ac, now + 0.28, 784, 0.6)),
  loss: (ac, now) => Math.max(tone(ac, now, 494), tone(ac, now + 0.16, 392, 0.6)),
  draw: (ac, now) => Math.max(tone(ac, now, 587), tone(ac, now + 0.16, 587, 0.5)),
};

/** Plays `kind`: "step", "capture", "crown", or "win" | "loss" | "draw" for the end. */
export function play(kind) {
  const sound = Object.hasOwn(SOUNDS, kind) ? SOUNDS[kind] : null;
  if (!sound) return;
  const ac = context();
  if (!ac) return;
  wake(ac);
  const end = sound(ac, ac.currentTime + 0.01);
  busyUntil = Math.max(busyUntil, end);
  restLater();
}

/**
 * Browsers start audio only after a user gesture: call this from one. It
 * makes the context and starts it the first time; after that, sounds
 * resume it without a gesture.
 */
export function unlock() {
  const ac = context();
  if (ac && !started) wake(ac);
}
