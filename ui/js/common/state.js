// The one state object. Screens render from it, as a function of it;
// whatever changes it (checkers/flow.js, checkers/review.js, notify.js, the keys and
// the screens' own buttons) goes through `update`, which asks for a
// render.

/** Default settings until the shell says otherwise. */
export const DEFAULT_SETTINGS = Object.freeze({ language: null, sound: true, squareNumbers: false });

export const state = {
  /** start | game | records | help | settings (loading before app_state answers). */
  screen: 'loading',
  /** Where records/help/settings go back to. */
  returnTo: 'start',
  /** The last View from the shell, or null. */
  game: null,
  /**
   * What the player may do in that View, from the shell's `legal_moves`:
   * `{ movable: [{ from, to: [...] }], captureForced, mustContinue }`, all
   * empty while the CPU is to move or the game is over. It always arrives
   * with its View (checkers/flow.js sets both at once); null when there is none.
   */
  legal: null,
  /** A saved game exists that "Continue" resumes. */
  hasSaved: false,
  /** The level of the saved game, shown beside "Continue". */
  savedLevel: null,
  records: null,
  settings: { ...DEFAULT_SETTINGS },
  /** A notice id from the shell ("savedGameUnreadable", "notSaving", ...), shown once. */
  notice: null,
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
  /** A CSS selector for where the keyboard focus goes once the next screen is drawn. */
  focusAfter: null,
  /** Squares whose pieces are pointed to for a moment (the ones that must jump). */
  flash: null,
  /** Start screen: the level waiting for the player to confirm abandoning the saved game. */
  confirmLevel: null,
  /** A short confirmation shown for a moment ("PDN copied"). */
  toast: '',
  /** «Tú primero» / «CPU primero» on the start screen: applies to the next game (C6). */
  firstChoice: 'player',
  /** The piece the player has lifted (not mid-chain: then legal.mustContinue rules). */
  selected: null,
  /** The square under the keyboard focus ring. */
  focus: null,
  /** The board as drawn; differs from game.board only while a move animates. */
  shown: null,
  /** A move is animating or a request is in flight: the board takes no input. */
  busy: false,
  /** The CPU's turn is under way (pause, search, hops). */
  cpuTurn: false,
  /** A sentence for screen readers only, read before the turn line (the CPU's move). */
  spoken: '',
  /** The backend could not be reached at startup. */
  offline: false,
};

let renderer = () => {};
let scheduled = false;

/** Registers the function that draws the page from `state`. */
export function onRender(fn) {
  renderer = fn;
}

/** Merges `patch` into the state and draws the page (once per microtask). */
export function update(patch = {}) {
  Object.assign(state, patch);
  if (!scheduled) {
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      renderer(state);
    });
  }
}

/** Draws now (animations need the DOM to match the state before they start). */
export function renderNow() {
  scheduled = false;
  renderer(state);
}
