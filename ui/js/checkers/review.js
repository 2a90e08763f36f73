// Stepping through a whole game: the one on screen (under its result, or
// still in progress) or a kept game of the history, and copying a game's
// PDN. The positions, the move list and the PDN all come from the shell's
// Review; the page only chooses which position to show.

import * as api from './api.js';
import { state, update, renderNow } from '../common/state.js';
import { set } from './state.js';
import { t } from '../common/i18n.js';
import { toast, report } from '../common/notify.js';

/**
 * Opens the game just played (or being played) in review, at the position
 * after move `ply` (its last position when none is given).
 */
export async function reviewGame(ply = null) {
  try {
    const data = await api.review();
    const index = ply == null ? data.moves.length : Math.max(0, Math.min(data.moves.length, ply));
    set({ review: { source: 'game', id: null, data, index }, movesOpen: false });
  } catch (e) {
    report(e);
  }
}

/** Opens a kept game of the history in review, from the records screen. */
export async function reviewHistory(id) {
  try {
    const data = await api.historyGame(id);
    update({ screen: 'game' });
    set({
      review: { source: 'history', id, data, index: data.moves.length },
      movesOpen: false,
      showEnd: false,
      busy: false,
    });
  } catch (e) {
    report(e);
  }
}

/** Shows position `index` of the review (clamped to the game). */
export function reviewTo(index) {
  const r = state.checkers.review;
  if (!r) return;
  const last = r.data.moves.length;
  const i = Math.max(0, Math.min(last, index));
  if (i !== r.index) set({ review: { ...r, index: i } });
}

/** One step back or forth in the review, or to its first or last position. */
export function reviewStep(step) {
  const r = state.checkers.review;
  if (!r) return;
  if (step === 'first') reviewTo(0);
  else if (step === 'last') reviewTo(r.data.moves.length);
  else reviewTo(r.index + step);
}

/** Leaves the review: back under the finished game, or back to the records. */
export function exitReview() {
  const r = state.checkers.review;
  if (!r) return;
  if (r.source === 'history') {
    // Back on the records, the focus returns to the kept game's row.
    set({ review: null });
    update({ screen: 'records', focusAfter: `.history-row[data-id="${r.id}"]` });
  } else {
    set({ review: null });
    renderNow();
    document.getElementById('review-game')?.focus({ preventScroll: true });
  }
}

/** Copies the PDN of the reviewed game, or of the game on screen, to the clipboard. */
export async function copyPdn() {
  const r = state.checkers.review;
  try {
    await api.copyPdn(r && r.source === 'history' ? r.id : null);
    toast(t('pdnCopied'));
  } catch (e) {
    report(e);
    toast(t('pdnNotCopied'));
  }
}
