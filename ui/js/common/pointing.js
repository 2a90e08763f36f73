// Pointing, for a moment, to pieces on a board: where a tap lifts nothing
// because the game holds the piece back (a forced capture in checkers,
// C2), no message or sound says why; the board instead makes plain what
// it offers, by briefly emphasising the pieces that can move (the `flash`
// of the game's part of the state, drawn by its board).

/** How long the pieces are pointed to, ms. */
export const POINT_MS = 900;

/**
 * A pointer for the game whose part `set` changes:
 * `{ pointTo(places), stop() }`.
 */
export function createPointer(set) {
  let timer = null;
  return {
    /** Points to the pieces on `places` for POINT_MS. */
    pointTo(places) {
      clearTimeout(timer);
      set({ flash: places });
      timer = setTimeout(() => set({ flash: null }), POINT_MS);
    },
    /** Stops pointing at once (a move is being made). */
    stop() {
      clearTimeout(timer);
      set({ flash: null });
    },
  };
}
