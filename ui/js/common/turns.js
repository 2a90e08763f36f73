// The course of a game on screen, as every game's flow follows it: a
// generation that each new game, resumption, undo or leaving moves on, so
// that an animation or a machine's turn begun under an older one stops at
// its next step and nothing is drawn onto the wrong game; and the
// machine's turn itself, a pause (D5) and then its reply from the shell,
// which may still be on its way when the player resumes.

import { isStale } from './api.js';
import { CPU_PAUSE_MS, sleep } from './timing.js';
import { unlock } from './sound.js';
import { report, tell, noticesRead } from './notify.js';

/** A game's course: `{ next(), now(), live(gen), settled(), machine(gen, calls) }`. */
export function createTurns() {
  let generation = 0;
  /** The machine's reply the shell may still be working on. */
  let inFlight = null;
  return {
    /** Moves the generation on (a new game, a resumption, undo, leaving); returns it. */
    next: () => ++generation,
    /** The generation now. */
    now: () => generation,
    /** True while `gen` is still the generation on screen. */
    live: (gen) => gen === generation,
    /** Resolves once no reply of the machine is on its way. */
    settled: () => (inFlight ? inFlight.then(() => {}, () => {}) : Promise.resolve()),
    /**
     * The machine's turn begun under `gen`: the pause, then its reply
     * (`ask()`), then what the player may do after it (`legalMoves()`).
     * Resolves to `{ reply, legal }`, or to null when the turn no longer
     * counts (the generation moved on, or the shell discarded the reply as
     * stale: undone or replaced meanwhile) or was refused; `failed(error)`
     * hears a refusal while the turn still counts.
     */
    /**
     * Continue pressed: the start screen's notices are read, the course
     * moves on once no machine's reply is on its way, and the shell's
     * saved game is the truth: `load()` gives the game's state (its
     * notices are told), and when `resumable(state)` the game is shown
     * with what it offers (`legalMoves()`) by `show(state, legal)`, else
     * `none(state)` says there is none.
     */
    async resume({ load, legalMoves, resumable, show, none }) {
      unlock();
      generation += 1;
      await this.settled();
      noticesRead();
      try {
        const s = await load();
        tell(s.notices);
        if (resumable(s)) show(s, await legalMoves());
        else none(s);
      } catch (e) {
        report(e);
      }
    },
    async machine(gen, { ask, legalMoves, failed }) {
      await sleep(CPU_PAUSE_MS);
      if (gen !== generation) return null;
      const request = ask();
      inFlight = request;
      try {
        const reply = await request;
        if (gen !== generation) return null;
        const legal = await legalMoves();
        return gen === generation ? { reply, legal } : null;
      } catch (e) {
        if (gen === generation && !isStale(e)) failed(e);
        return null;
      } finally {
        if (inFlight === request) inFlight = null;
      }
    },
  };
}
