// The page's way to the shell (the IPC contract) and the app's own
// commands; each game's commands are in its folder's api.js. Every call
// goes through `window.__TAURI__.core.invoke`. A refusal of the shell
// rejects with `{ code, message }`: the code is stable and the page has its
// own sentence for it; the message is for the console. Answers that saved
// something may carry a `notice` for the player, handed to `onNotice`.

let noticeHandler = () => {};

/** Registers the function that receives a notice id ("notSaving", ...). */
export function onNotice(fn) {
  noticeHandler = fn;
}

/**
 * Calls the shell's command `name` with `args`; a notice in the answer
 * goes to the function `onNotice` registered.
 */
export function invoke(name, args) {
  const core = window.__TAURI__ && window.__TAURI__.core;
  if (!core || typeof core.invoke !== 'function') {
    return Promise.reject({ code: 'noBackend', message: 'no backend' });
  }
  return core.invoke(name, args).then((reply) => {
    if (reply && typeof reply === 'object' && reply.notice) noticeHandler(reply.notice);
    return reply;
  });
}

/** `{ game, records, settings, notice }` at startup (`game` and `records` are checkers'), or to fetch checkers' saved game again. */
export const appState = () => invoke('app_state');

/** Saves the settings; resolves to the settings in force. */
export const setSettings = (settings) => invoke('set_settings', { settings });

/** True when a rejection is the shell discarding a superseded CPU reply. */
export function isStale(error) {
  return Boolean(error && error.code === 'stale');
}
