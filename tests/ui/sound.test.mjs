// The sounds' audio context over time (ui/js/common/sound.js): it runs while a
// sound plays and rests (suspended) once the sounds are over, with no timer
// left behind; the next sound wakes it first; sound off rests it at once.
//   node --test tests/ui/
import { test } from 'node:test';
import assert from 'node:assert/strict';

/** Seconds from a sound's end to the context's rest that the tests allow. */
const REST_BOUND_S = 2.5;

/**
 * A clock for the module's timers and an audio context that follows it:
 * the context's time moves only while it runs, as a real one's does.
 */
function world({ startState = 'running', clockMoves = true } = {}) {
  let now = 0; // ms
  let nextId = 1;
  const timers = new Map();
  const contexts = [];

  class FakeParam {
    constructor() {
      this.value = 0;
    }
    setValueAtTime() {}
    exponentialRampToValueAtTime() {}
  }

  class FakeNode {
    constructor(ac) {
      this.ac = ac;
      this.frequency = new FakeParam();
      this.gain = new FakeParam();
      this.Q = new FakeParam();
    }
    connect(next) {
      return next;
    }
    start(when) {
      this.ac.log.push(['start', when, this.ac.state, this.ac.currentTime]);
    }
    stop(when) {
      this.ac.lastStop = Math.max(this.ac.lastStop, when);
    }
  }

  class FakeContext {
    constructor() {
      this.state = startState;
      this.currentTime = 0;
      this.sampleRate = 48000;
      this.destination = {};
      this.log = [];
      this.lastStop = 0;
      this.buffers = 0;
      this.onstatechange = null;
      contexts.push(this);
    }
    setState(state) {
      if (this.state === state || this.state === 'closed') return;
      this.state = state;
      this.log.push([state, this.currentTime]);
      if (this.onstatechange) this.onstatechange();
    }
    resume() {
      this.log.push(['resume()', this.currentTime]);
      return Promise.resolve().then(() => this.setState('running'));
    }
    suspend() {
      this.log.push(['suspend()', this.currentTime]);
      return Promise.resolve().then(() => this.setState('suspended'));
    }
    close() {
      return Promise.resolve().then(() => this.setState('closed'));
    }
    createBuffer(channels, length) {
      this.buffers += 1;
      const data = new Float32Array(length);
      return { getChannelData: () => data };
    }
    createBufferSource() {
      return new FakeNode(this);
    }
    createBiquadFilter() {
      return new FakeNode(this);
    }
    createGain() {
      return new FakeNode(this);
    }
    createOscillator() {
      return new FakeNode(this);
    }
  }

  const saved = { window: globalThis.window, setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };
  globalThis.window = { AudioContext: FakeContext };
  globalThis.setTimeout = (fn, ms = 0) => {
    const id = nextId++;
    timers.set(id, { at: now + Math.max(0, ms), fn });
    return id;
  };
  globalThis.clearTimeout = (id) => timers.delete(id);

  const settle = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };

  return {
    contexts,
    timers,
    /** Lets `ms` pass: due timers run in order, running contexts' clocks move. */
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        await settle();
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        const to = due ? due[1].at : end;
        for (const ac of contexts) if (ac.state === 'running' && clockMoves) ac.currentTime += (to - now) / 1000;
        now = to;
        if (!due) break;
        timers.delete(due[0]);
        due[1].fn();
      }
      await settle();
    },
    restore() {
      Object.assign(globalThis, saved);
    },
  };
}

/** A fresh copy of the module (its context and timers are its own). */
let copies = 0;
const fresh = () => import(`../../ui/js/common/sound.js?copy=${++copies}`);

/** Runs `fn(sound, w)` in a world of its own. */
async function inWorld(options, fn) {
  const w = world(options);
  try {
    await fn(await fresh(), w);
  } finally {
    w.restore();
  }
}

test('the context rests once the last sound has ended, and no timer is left', () =>
  inWorld({}, async (sound, w) => {
    sound.play('step');
    const [ac] = w.contexts;
    assert.equal(ac.state, 'running');
    await w.advance(100);
    assert.equal(ac.state, 'running', 'not while the knock sounds');
    await w.advance(REST_BOUND_S * 1000);
    assert.equal(ac.state, 'suspended');
    assert.ok(ac.log.some(([what]) => what === 'suspend()'));
    assert.equal(w.timers.size, 0, 'no timer left once at rest');
    const quiet = ac.log.length;
    await w.advance(600000);
    assert.equal(ac.log.length, quiet, 'nothing more happens in ten idle minutes');
  }));

test('no sound is cut: the context rests only after the last note scheduled', () =>
  inWorld({}, async (sound, w) => {
    sound.play('win');
    await w.advance(500);
    sound.play('capture');
    await w.advance(400);
    sound.play('crown');
    const [ac] = w.contexts;
    await w.advance(10000);
    const suspendedAt = ac.log.find(([what]) => what === 'suspend()')[1];
    assert.ok(suspendedAt >= ac.lastStop, `suspended at ${suspendedAt} s, last note until ${ac.lastStop} s`);
    assert.ok(suspendedAt <= ac.lastStop + REST_BOUND_S, `suspended at ${suspendedAt} s, not promptly`);
    assert.equal(w.timers.size, 0);
  }));

test('the next sound wakes the resting context, which rests again after it', () =>
  inWorld({}, async (sound, w) => {
    sound.play('step');
    await w.advance(5000);
    const [ac] = w.contexts;
    assert.equal(ac.state, 'suspended');
    sound.play('capture');
    assert.ok(ac.log.some(([what]) => what === 'resume()'), 'resumed for the sound');
    await w.advance(50);
    assert.equal(ac.state, 'running');
    // Scheduled on the context's clock, which stood still while it rested:
    // the notes start after it wakes, none in the past.
    for (const [what, when, , at] of ac.log.filter(([what]) => what === 'start')) {
      assert.ok(when >= at, `${what} at ${when} s, scheduled at ${at} s`);
    }
    await w.advance(5000);
    assert.equal(ac.state, 'suspended');
    assert.equal(w.contexts.length, 1, 'one context for the whole session');
    assert.equal(w.timers.size, 0);
  }));

test('a sound asked for while the context is being suspended still plays', () =>
  inWorld({}, async (sound, w) => {
    sound.play('step');
    const [ac] = w.contexts;
    // Run the clock to the moment the rest timer fires, but not further:
    // the suspend has been asked for and has not taken effect.
    const [[, timer]] = [...w.timers.entries()];
    ac.currentTime += 5;
    w.timers.clear();
    timer.fn();
    assert.ok(ac.log.some(([what]) => what === 'suspend()'));
    sound.play('step');
    await w.advance(10);
    assert.equal(ac.state, 'running', 'the sound resumed it after the suspend');
    await w.advance(5000);
    assert.equal(ac.state, 'suspended');
  }));

test('sound off: the context rests at once, and nothing plays or wakes it', () =>
  inWorld({}, async (sound, w) => {
    sound.play('step');
    const [ac] = w.contexts;
    sound.setSoundEnabled(false);
    await w.advance(10);
    assert.equal(ac.state, 'suspended');
    assert.equal(w.timers.size, 0);
    const before = ac.log.length;
    sound.play('capture');
    sound.unlock();
    await w.advance(5000);
    assert.equal(ac.log.length, before, 'nothing scheduled, nothing resumed');
  }));

test('a context the browser starts suspended is started from a gesture, then rests', () =>
  inWorld({ startState: 'suspended' }, async (sound, w) => {
    sound.unlock();
    const [ac] = w.contexts;
    assert.ok(ac.log.some(([what]) => what === 'resume()'), 'the gesture starts it');
    await w.advance(10);
    assert.equal(ac.state, 'running');
    await w.advance(REST_BOUND_S * 1000);
    assert.equal(ac.state, 'suspended', 'and with nothing to play it rests');
    assert.equal(w.timers.size, 0);
    // Later gestures leave the resting context alone; sounds wake it.
    const before = ac.log.length;
    sound.unlock();
    await w.advance(10);
    assert.equal(ac.log.length, before);
  }));

test('a context whose clock never moves (no audio device) is still put to rest', () =>
  inWorld({ clockMoves: false }, async (sound, w) => {
    sound.play('win');
    const [ac] = w.contexts;
    await w.advance(10000);
    assert.equal(ac.state, 'suspended');
    assert.equal(w.timers.size, 0);
  }));

test('every knock uses the one noise buffer', () =>
  inWorld({}, async (sound, w) => {
    for (let i = 0; i < 20; i++) sound.play(i % 2 ? 'step' : 'capture');
    assert.equal(w.contexts[0].buffers, 1);
  }));
