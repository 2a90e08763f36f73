// Checkers' part of the state (`state.checkers`): the game on screen and
// what it offers, the start screen's choices for the next game, a review,
// and what is moving on the board. Its flow, review and screens change it
// through `set`.

import { partOf } from '../common/state.js';

/** A fresh part, before the shell has said anything. */
export function initialState() {
  return {
    /** The last View from the shell, or null. */
    view: null,
    /**
     * What the player may do in that View, from the shell's `legal_moves`:
     * `{ movable: [{ from, to: [...] }], captureForced, mustContinue }`, all
     * empty while the CPU is to move or the game is over. It always arrives
     * with its View (flow.js sets both at once); null when there is none.
     */
    legal: null,
    /** A saved game exists that "Continue" resumes. */
    hasSaved: false,
    /** The level of the saved game, shown beside "Continue". */
    savedLevel: null,
    /** The records per level and the last finished games. */
    records: null,
    /** The game has ended and its result is shown under the final position. */
    showEnd: false,
    /**
     * A game being stepped through: `{ source: 'game' | 'history', id, data, index }`,
     * `data` being the shell's Review and `index` the position shown (0 = the
     * first, `data.moves.length` = the last).
     */
    review: null,
    /** Phones: the full move list is open over the board. */
    movesOpen: false,
    /** Squares whose pieces are pointed to for a moment (the ones that must jump). */
    flash: null,
    /** Start screen: the level waiting for the player to confirm abandoning the saved game. */
    confirmLevel: null,
    /** «Tú primero» / «CPU primero» on the start screen: applies to the next game (C6). */
    firstChoice: 'player',
    /** The piece the player has lifted (not mid-chain: then legal.mustContinue rules). */
    selected: null,
    /** The square under the keyboard focus ring. */
    focus: null,
    /** The board as drawn; differs from view.board only while a move animates. */
    shown: null,
    /** The square whose piece is on its way (shown lifted until it lands). */
    moving: null,
    /** The CPU's move as its hops are shown, else null. */
    shownLast: null,
    /** A move is animating or a request is in flight: the board takes no input. */
    busy: false,
    /** The CPU's turn is under way (pause, search, hops). */
    cpuTurn: false,
    /** A sentence for screen readers only, read before the turn line (the CPU's move). */
    spoken: '',
  };
}

/** Merges `patch` into checkers' part and draws. */
export const set = partOf('checkers');
