// The system's back (Android's back button and gesture). Left alone, the
// Android shell would close the app at the first press, since the page
// never navigates; with a listener registered, each press comes here and
// does what a player expects of a phone app: it closes what is open on
// top, then leaves the game for the start screen (the game stays saved),
// and only on the start screen closes the app.

/**
 * What one press of back does in state `s`, for the games of the registry
 * `games` (games.js), the topmost thing first:
 * - what a game closes first (its `onTop`): `closeConfirm` for a question
 *   of the start screen, `closeSheet` for the move list sheet;
 * - `closeScreen`: the settings or a game's help or records (back where
 *   they were opened from);
 * - `leaveGame`: a game's play screen, a review included (its own back:
 *   a kept game's review returns to the records);
 * - `exit`: the start screen, where there is nothing to go back to.
 */
export function backStep(s, games) {
  const top = onTop(s, games);
  if (top) return top.step;
  if (s.screen === 'settings' || games.some((g) => s.screen === g.help || s.screen === g.records)) return 'closeScreen';
  if (games.some((g) => s.screen === g.play)) return 'leaveGame';
  return 'exit';
}

/** What a game of `games` closes before anything else in state `s`: `{ step, close }`, or null. */
export function onTop(s, games) {
  for (const game of games) {
    const top = game.onTop(s);
    if (top) return top;
  }
  return null;
}

/**
 * Asks the shell for the back button's presses and hands each to
 * `onPress`. Only the Android shell has the button; elsewhere the request
 * is refused and nothing is registered. Resolves to whether it was.
 */
export async function listenForBack(onPress) {
  const app = window.__TAURI__ && window.__TAURI__.app;
  if (!/Android/.test(navigator.userAgent) || !app || typeof app.onBackButtonPress !== 'function') return false;
  try {
    await app.onBackButtonPress(() => onPress());
    return true;
  } catch {
    return false;
  }
}

/** Closes the app (Android: the activity finishes; the game is already saved). */
export function exitApp() {
  const app = window.__TAURI__ && window.__TAURI__.app;
  if (app && typeof app.exit === 'function') app.exit(0).catch(() => {});
}
