// Choko's part of the state (`state.choko`): the ladder, the game on
// screen and what it offers, the start screen's question, and what is
// being shown on the board. Its flow and screens change it through `set`.

import { partOf } from '../common/state.js';

/** A fresh part, before the shell has said anything. */
export function initialState() {
  return {
    /** The shell's answer has come (the start screen's Choko panel waits for it). */
    loaded: false,
    ladder: null,
    /** The game on screen (or the last one, for the start screen), and what it offers. */
    view: null,
    legal: null,
    /** A game goes on that Continue resumes. */
    resumable: false,
    selected: null,
    focus: 'c3',
    /** `{ board, hands }` while an action is shown part by part; else the View's. */
    shown: null,
    /** A point whose piece is shown ringed as the machine's extra piece. */
    show: null,
    /** The action whose parts are being shown (its marks), else the View's last. */
    lastShown: null,
    busy: false,
    machineTurn: false,
    spoken: '',
    showEnd: false,
    /** Start screen: ending the streak asked first. */
    confirm: false,
    /** The ladder before a game that ended it, for the result's sentence. */
    ended: null,
  };
}

/** Merges `patch` into Choko's part and draws. */
export const set = partOf('choko');
