// The page's way to the shell (the IPC contract) and the app's own
// commands; each game's commands are in its folder's api.js. Every call
// goes through `window.__TAURI__.core.invoke`. A refusal of the shell
// rejects with `{ code, message }`: the code is stable and the page has its
// own sentence for it; the message is for the console. Answers that saved
// something may carry `notices` for the player (ids such as
// "notSaving"), handed to `onNotice`. Each game's commands live in a
// namespace of its own: `plugin:<game>|<command>` (`gameCommand`).

let noticeHandler = () => {};

/** Registers the function that receives a list of notice ids ("notSaving", ...). */
export function onNotice(fn) {
  noticeHandler = fn;
}

/** The full name of the command `name` of the game `game`: `plugin:choko|play`. */
export function gameCommand(game, name) {
  return `plugin:${game}|${name}`;
}

/**
 * Calls the shell's command `name` with `args`; the notices in the answer
 * go to the function `onNotice` registered.
 */
export function invoke(name, args) {
  const core = window.__TAURI__ && window.__TAURI__.core;
  if (!core || typeof core.invoke !== 'function') {
    return Promise.reject({ code: 'noBackend', message: 'no backend' });
  }
  return core.invoke(name, args).then((reply) => {
    if (reply && typeof reply === 'object' && Array.isArray(reply.notices)) noticeHandler(reply.notices);
    return reply;
  });
}

/** `{ settings, notices }` at start-up: the app's own state; each game asks for its own. */
export const appState = () => invoke('app_state');

/** Saves the settings; resolves to the settings in force. */
export const setSettings = (settings) => invoke('set_settings', { settings });

/** True when a rejection is the shell discarding a superseded CPU reply. */
export function isStale(error) {
  return Boolean(error && error.code === 'stale');
}
