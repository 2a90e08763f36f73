// Short, soft sounds synthesised with Web Audio (no asset files): a step,
// a capture, a crowning and the end of a game. They are played only for a
// move that happened, never for a tap that did nothing (C2), and not at all
// when the setting is off.

let ctx = null;
let enabled = true;

/** Turns the sounds on or off (the setting). */
export function setSoundEnabled(on) {
  enabled = Boolean(on);
}

function audio() {
  if (!enabled) return null;
  const Ctor = window.AudioContext || window.webkitAudioContext;
  if (!Ctor) return null;
  if (!ctx) {
    try {
      ctx = new Ctor();
    } catch {
      return null;
    }
  }
  if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  return ctx;
}

/** A soft wooden knock: a short band-passed noise burst over a low thump. */
function knock(ac, when, { freq = 180, gain = 0.16, bright = 1400 } = {}) {
  const len = Math.floor(ac.sampleRate * 0.05);
  const buf = ac.createBuffer(1, len, ac.sampleRate);
  const data = buf.getChannelData(0);
  let seed = 12345;
  for (let i = 0; i < len; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff; // fixed noise: every knock sounds alike
    data[i] = ((seed / 0x7fffffff) * 2 - 1) * Math.pow(1 - i / len, 3);
  }
  const noise = ac.createBufferSource();
  noise.buffer = buf;
  const band = ac.createBiquadFilter();
  band.type = 'bandpass';
  band.frequency.value = bright;
  band.Q.value = 1.2;
  const ng = ac.createGain();
  ng.gain.value = gain * 0.9;
  noise.connect(band).connect(ng).connect(ac.destination);
  noise.start(when);

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
}

/** A soft bell note. */
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
}

/** Plays `kind`: "step", "capture", "crown", or "win" | "loss" | "draw" for the end. */
export function play(kind) {
  const ac = audio();
  if (!ac) return;
  const now = ac.currentTime + 0.01;
  switch (kind) {
    case 'step':
      knock(ac, now);
      break;
    case 'capture':
      knock(ac, now, { freq: 150, gain: 0.18, bright: 1100 });
      knock(ac, now + 0.07, { freq: 120, gain: 0.12, bright: 900 });
      break;
    case 'crown':
      tone(ac, now, 660);
      tone(ac, now + 0.11, 990, 0.45);
      break;
    case 'win':
      tone(ac, now, 523);
      tone(ac, now + 0.14, 659);
      tone(ac, now + 0.28, 784, 0.6);
      break;
    case 'loss':
      tone(ac, now, 494);
      tone(ac, now + 0.16, 392, 0.6);
      break;
    case 'draw':
      tone(ac, now, 587);
      tone(ac, now + 0.16, 587, 0.5);
      break;
    default:
      break;
  }
}

/** Browsers start audio only after a user gesture: call this from one. */
export function unlock() {
  audio();
}
