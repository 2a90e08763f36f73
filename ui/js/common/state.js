// The one state object. Screens render from it, as a function of it;
// whatever changes it (the games' flows, the screens' own buttons, the
// keys, notify.js) goes through `update`, which asks for a render.
//
// The app's own fields are at the top. Each game's part sits beside them
// under the game's id (`state.checkers`, `state.choko`): the game's
// state.js says what its part holds, and the registry (games.js) puts
// every part in place before the first render.

/** Default settings until the shell says otherwise. */
export const DEFAULT_SETTINGS = Object.freeze({ language: null, sound: true, squareNumbers: false });

export const state = {
  /**
   * The screen on show: start, settings or one of a game's screens (games.js
   * names them); loading before app_state answers.
   */
  screen: 'loading',
  /** Where a game's help or records and the settings go back to. */
  returnTo: 'start',
  /** The settings in force: language (null: the system's), sound, square numbers, the game last chosen. */
  settings: { ...DEFAULT_SETTINGS },
  /** The notices from the shell the player has not read yet ("savedGameUnreadable", "notSaving", ...), each once. */
  notices: [],
  /** A short confirmation shown for a moment ("PDN copied"). */
  toast: '',
  /** A CSS selector for where the keyboard focus goes once the next screen is drawn. */
  focusAfter: null,
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

/** The function that merges a patch into game `id`'s part of the state and draws. */
export function partOf(id) {
  return (patch) => update({ [id]: { ...state[id], ...patch } });
}
