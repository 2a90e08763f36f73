// The system's back (Android's back button and gesture). Left alone, the
// Android shell would close the app at the first press, since the page
// never navigates; with a listener registered, each press comes here and
// does what a player expects of a phone app: it closes what is open on
// top, then leaves the game for the start screen (the game stays saved),
// and only on the start screen closes the app.

/**
 * What one press of back does in state `s`, the topmost thing first:
 * - `closeConfirm`: the confirmation of abandoning a game is open;
 * - `closeSheet`: the move list sheet is open;
 * - `closeScreen`: records, help or settings (back where they were opened from);
 * - `leaveGame`: the checkers game screen, a review included (the game
 *   screen's own back: a kept game's review returns to the records);
 * - `leaveChoko`: a Choko screen;
 * - `exit`: the start screen, where there is nothing to go back to.
 */
export function backStep(s) {
  if (s.confirmLevel) return 'closeConfirm';
  if (s.movesOpen) return 'closeSheet';
  if (['records', 'help', 'settings'].includes(s.screen)) return 'closeScreen';
  if (s.screen === 'game') return 'leaveGame';
  if (typeof s.screen === 'string' && s.screen.startsWith('choko')) return 'leaveChoko';
  return 'exit';
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
