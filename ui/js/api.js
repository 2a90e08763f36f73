// The shell's commands (see the IPC contract). Every call goes through
// `window.__TAURI__.core.invoke`; a rejection carries the shell's message.

function invoke(name, args) {
  const core = window.__TAURI__ && window.__TAURI__.core;
  if (!core || typeof core.invoke !== 'function') {
    return Promise.reject(new Error('no backend'));
  }
  return core.invoke(name, args);
}

/** `{ game, records, settings, notice }` at startup, or to fetch the saved game again. */
export const appState = () => invoke('app_state');

/** Starts a game, replacing the one in progress. `level`: easy|normal|hard, `first`: player|cpu. */
export const newGame = (level, first) => invoke('new_game', { level, first });

/** One hop of the player's move; resolves to the new View. */
export const play = (from, to) => invoke('play', { from, to });

/** The CPU's whole move: `{ hops: [{from, to, captured}], view }`; rejects "stale" if superseded. */
export const cpuReply = () => invoke('cpu_reply');

/** Back to the player's last decision; resolves to the View. */
export const undo = () => invoke('undo');

/** The per-level records. */
export const records = () => invoke('records');

/** Saves the settings; resolves to the settings in force. */
export const setSettings = (settings) => invoke('set_settings', { settings });

/** Back to the start screen; the game stays saved. */
export const leaveGame = () => invoke('leave_game');

/** True when a rejection is the shell discarding a superseded CPU reply. */
export function isStale(error) {
  const text = typeof error === 'string' ? error : error && error.message;
  return typeof text === 'string' && text.toLowerCase().includes('stale');
}
