// Checkers' game screen: the board as large as fits, and around it, by
// mode:
// - play: the turn line (U4) and the action bar (Undo, and the move list on
//   phones) under the board;
// - end: the final position stays, with the result under it (G3) and Play
//   again / Review / Menu;
// - review: any position of the game, stepped through with buttons, the
//   arrow keys or the move list, and Copy PDN.
// The move list (move-list.js) is a panel beside the board on wide
// windows and below it on a tall tablet. Phones show a compact line
// (pieces each side, last move) that opens it as a modal sheet (sheet.js),
// and in a review a strip of moves above the board, so the board is never
// hidden while the game is stepped through. The turn line, the notice and
// the toast are every game's (common/play.js).

import { h, setText } from '../common/dom.js';
import { turnLine, passingWords } from '../common/play.js';
import { t } from '../common/i18n.js';
import * as icons from '../common/icons.js';
import { createBoard } from './board.js';
import { screen, topBar } from '../common/frame.js';
import { createMoveList, moveName } from './move-list.js';
import { count, discs, showCounts, outcomeLine } from './widgets.js';
import { modalSheet } from './sheet.js';
import { state } from '../common/state.js';
import { set } from './state.js';
import { attachBoard, tapSquare, undo, back, playAgain, toMenu } from './flow.js';
import { movableMap, boardAcceptsInput, liftedSquare } from './offer.js';
import { reviewGame, reviewTo, reviewStep, exitReview, copyPdn } from './review.js';
import { attachBoardKeys } from './keys.js';

/** The layouts where the move list is beside or under the board, never a sheet. */
const WIDE = globalThis.matchMedia?.('(min-width: 700px), (orientation: landscape) and (max-height: 560px)');
// A sheet left open when the window grows into a wide layout closes.
WIDE?.addEventListener?.('change', () => {
  if (WIDE.matches && state.checkers.movesOpen) set({ movesOpen: false });
});

/** The accessible name of square `n`: "22, your man, can move". */
function squareLabel(n, board, { movable, lifted, dests, landed, taken, hop }) {
  const piece = board[n - 1];
  const parts = [String(n)];
  if (!piece) parts.push(t('sq.empty'));
  else parts.push(t(`sq.${piece.side}${piece.king ? 'King' : 'Man'}`));
  if (lifted === n) parts.push(t('sq.lifted'));
  else if (movable.has(n)) parts.push(t('sq.canMove'));
  if (dests.includes(n)) parts.push(t('sq.destination'));
  if (landed === n && piece) parts.push(t('sq.movedLast'));
  if (hop && hop.to === n && piece) parts.push(hop.by ? t('sq.cpuJumped', hop) : t('sq.cpuStepped', hop));
  if (taken.includes(n) && !piece) parts.push(t('sq.taken'));
  return parts.join(', ');
}

/** The review's current move in the list (its one Tab stop), when it can be seen. */
function moveShown() {
  const stop = document.querySelector('.move-list [tabindex="0"]');
  return stop && stop.getClientRects().length ? stop : null;
}

/** Where the focus goes when the control that had it goes: in a review the move shown, else a step; else the board. */
export function focusLost(s) {
  if (!s.checkers.review) return document.querySelector('.board.interactive');
  return moveShown() || [...document.querySelectorAll('.review-bar .nav-btn')].find((b) => !b.disabled);
}

/** Where the focus goes as the screen opens: in a review the move shown (else the board, as on every play screen). */
export function focusOnEntry(s) {
  return s.checkers.review ? moveShown() : null;
}

export function mount(root) {
  const board = createBoard({ interactive: true, label: t('boardLabel'), onSquare: (n) => tapSquare(n) });
  attachBoard(board);
  attachBoardKeys(board.svg);

  const title = h('span', { class: 'title-level' });
  const bar = topBar('', back);
  bar.querySelector('.title').appendChild(title);

  // Phones: pieces each side and the last move, opening the move list.
  const infoCounts = h('span', { class: 'info-counts' });
  const infoLast = h('span', { class: 'info-last' });
  const openMoves = h(
    'button',
    { id: 'open-moves', class: 'info-line', type: 'button', 'aria-haspopup': 'dialog', onclick: () => set({ movesOpen: true }) },
    [infoCounts, infoLast, h('span', { class: 'info-open' }, [h('span', { text: t('moves') }), icons.chevron()])],
  );

  // Play: the turn line and the action bar.
  const line = turnLine({ line: 'turn-line', text: 'turn-text', spoken: 'turn-spoken' });
  const undoBtn = h('button', { id: 'undo', class: 'btn action undo-btn', type: 'button', onclick: undo }, [
    icons.undo(),
    h('span', { text: t('undo') }),
  ]);
  const drawCounter = h('span', { id: 'draw-counter', class: 'draw-counter', role: 'status' });
  const playDock = h('div', { class: 'dock-play actions' }, [undoBtn, drawCounter]);

  // End: the result under the final position.
  const outcome = h('h2', { id: 'outcome', class: 'outcome', tabindex: '-1' });
  const reason = h('p', { class: 'outcome-line' });
  const sidePlayer = h('div', { id: 'pieces-player', class: 'side-player' });
  const sideCpu = h('div', { id: 'pieces-cpu', class: 'side-cpu' });
  const endDock = h('div', { class: 'dock-end', role: 'group', 'aria-labelledby': 'outcome' }, [
    h('div', { class: 'end-head' }, [outcome, reason]),
    h('div', { class: 'pieces-left', role: 'group', 'aria-label': t('piecesLeft') }, [sidePlayer, sideCpu]),
    h('div', { class: 'end-actions' }, [
      h('button', { id: 'play-again', class: 'btn primary', type: 'button', onclick: playAgain, text: t('playAgain') }),
      h('button', { id: 'review-game', class: 'btn', type: 'button', onclick: () => reviewGame(), text: t('review') }),
      h('button', { id: 'menu', class: 'btn', type: 'button', onclick: toMenu, text: t('menu') }),
    ]),
  ]);

  // Review: step through the game.
  const navBtn = (id, label, icon, onclick) =>
    h('button', { id, class: 'icon-btn nav-btn', type: 'button', 'aria-label': label, onclick }, [icon()]);
  const position = h('span', { id: 'review-pos', class: 'review-pos', 'aria-live': 'polite' });
  const reviewDock = h('div', { class: 'dock-review' }, [
    h('div', { class: 'review-bar' }, [
      navBtn('review-first', t('reviewFirst'), icons.first, () => reviewStep('first')),
      navBtn('review-prev', t('reviewPrev'), icons.prev, () => reviewStep(-1)),
      position,
      navBtn('review-next', t('reviewNext'), icons.next, () => reviewStep(1)),
      navBtn('review-last', t('reviewLast'), icons.last, () => reviewStep('last')),
    ]),
    h('div', { class: 'review-actions' }, [
      h('button', { id: 'copy-pdn', class: 'btn', type: 'button', onclick: copyPdn }, [icons.copy(), h('span', { text: t('copyPdn') })]),
      h('button', { id: 'exit-review', class: 'btn', type: 'button', onclick: exitReview }),
    ]),
  ]);

  // The move list: beside or below the board, or a sheet on phones. A move
  // chosen shows its position, in the review (opened there when the game
  // has just ended); on a phone the sheet closes, so the board is seen.
  const panelCounts = h('p', { class: 'panel-counts' });
  const list = createMoveList({
    label: t('moves'),
    choose: (ply) => {
      if (state.checkers.review) {
        reviewTo(ply);
        set({ movesOpen: false });
      } else reviewGame(ply);
    },
    step: reviewStep,
  });
  const empty = h('p', { class: 'moves-empty', text: t('noMovesYet') });
  const panel = h('aside', { id: 'moves-panel', class: 'moves-panel', 'aria-labelledby': 'moves-title' }, [
    h('header', { class: 'panel-head' }, [
      h('h2', { id: 'moves-title', class: 'panel-title', text: t('moves') }),
      panelCounts,
      h('button', {
        id: 'close-moves',
        class: 'icon-btn close-moves',
        type: 'button',
        'aria-label': t('closeMoves'),
        onclick: () => set({ movesOpen: false }),
      }, [icons.close()]),
    ]),
    h('div', { class: 'move-cols', 'aria-hidden': 'true' }, [
      h('span'),
      h('span', { text: t('cpu') }),
      h('span', { text: t('you') }),
    ]),
    h('div', { class: 'move-scroll' }, [list.el, empty]),
  ]);
  const scrim = h('div', { class: 'scrim', onclick: () => set({ movesOpen: false }) });

  const words = passingWords('game-notice');

  const boardWrap = h('div', { class: 'board-wrap' }, [board.svg]);
  const dock = h('div', { class: 'dock' }, [playDock, endDock, reviewDock]);
  const el = screen('game', [
    words.notice,
    h('div', { class: 'play-body game-body' }, [
      bar,
      openMoves,
      boardWrap,
      h('div', { class: 'play-lower lower' }, [line.el, h('div', { class: 'game-side' }, [dock, panel])]),
      scrim,
    ]),
    words.toast,
  ]);
  root.appendChild(el);

  const sheet = modalSheet(panel, {
    background: () => [words.notice, bar, openMoves, boardWrap, line.el, dock],
    opener: openMoves,
    first: () => {
      const o = list.el.querySelector('[tabindex="0"]');
      return o && o.getClientRects().length ? o : null;
    },
  });
  let lastMode = null;

  return {
    update(s) {
      const c = s.checkers;
      const view = c.view;
      const review = c.review;
      if (!view && !review) return;
      const mode = review ? 'review' : view.status === 'over' && c.showEnd ? 'end' : 'play';
      el.dataset.mode = mode;
      el.classList.toggle('moves-open', Boolean(c.movesOpen) && mode !== 'review');
      const level = review ? review.data.level : view.level;
      title.textContent = t(`level.${level}`);

      // What the board shows.
      let shown;
      let lastMove;
      let live = false;
      if (review) {
        shown = review.data.boards[review.index];
        const m = review.index > 0 ? review.data.moves[review.index - 1] : null;
        lastMove = m ? { side: m.side, path: m.path, captured: m.captured } : null;
      } else {
        live = boardAcceptsInput();
        shown = c.shown || view.board;
        // The CPU's move as its hops are played, else the player's chain
        // while it is made, else the last move.
        lastMove = c.shownLast ?? view.chain ?? view.lastMove;
      }
      const movable = live ? movableMap(c.legal) : new Map();
      const lifted = review ? null : c.moving ?? (live ? liftedSquare() : null);
      const dests = live && lifted != null ? movable.get(lifted) || [] : [];
      const path = (lastMove && lastMove.path) || [];
      const landed = path.length ? path[path.length - 1] : null;
      const taken = (lastMove && lastMove.captured) || [];
      // The CPU's last hop: the square it landed on says where from. While
      // its hops are shown, the grid's active descendant goes to each
      // landing square, so a screen reader hears each hop as it is played;
      // the name stays once the turn is the player's again.
      const hop =
        lastMove && lastMove.side === 'cpu' && path.length > 1 ? { from: path[path.length - 2], to: landed, by: null } : null;
      if (hop && taken.length === path.length - 1) hop.by = taken[taken.length - 1];
      board.draw({
        board: shown,
        movable,
        lifted,
        dests,
        lastMove,
        flash: new Set(live ? c.flash || [] : []),
        focus: review ? null : c.focus,
        active: hop && !review && c.shownLast ? hop.to : null,
        numbers: s.settings.squareNumbers,
        locked: !live,
        label: (n) => squareLabel(n, shown, { movable, lifted, dests, landed, taken, hop }),
      });

      // Counts and the last move (phones' line, the panel's head).
      const pieces = count(shown);
      const moves = review ? review.data.moves : view.moves || [];
      const upto = review ? review.index : moves.length;
      const last = upto > 0 ? moves[upto - 1] : null;
      showCounts(infoCounts, pieces, true);
      setText(infoLast, last ? t('lastMoveShort', { move: last.text }) : '');
      showCounts(panelCounts, pieces);

      // The move list; the phone's sheet opens and closes with the state.
      list.render({ moves, mode, current: upto });
      empty.hidden = moves.length > 0;
      sheet.show(Boolean(c.movesOpen) && mode !== 'review');
      // Entering a review: the focus goes to the move shown.
      if (mode === 'review' && lastMode && lastMode !== 'review' && !list.el.contains(document.activeElement)) {
        list.focusStop();
      }
      lastMode = mode;

      // Play: the turn line says one thing (U4); the draw counter is apart.
      if (mode === 'play') {
        // Disabled only when there is nothing to undo: a button that went
        // disabled for the moment a move is on its way would drop the
        // keyboard focus; undo() itself waits for that move.
        undoBtn.disabled = !view.canUndo;
        const status = c.cpuTurn ? 'cpuThinking' : view.status;
        const text = status === 'over' && view.result ? outcomeLine(view.result) : t(`status.${status}`);
        line.say(status, text, status === 'cpuThinking' ? '' : c.spoken);
        const n = view.drawIn;
        drawCounter.hidden = n == null;
        setText(drawCounter, n == null ? '' : n === 1 ? t('drawInOne') : t('drawIn', { n }));
      } else {
        line.mark(view ? view.status : 'over');
      }

      // End: the result, the pieces left (G3).
      const result = review ? review.data.result : view.result;
      if (mode === 'end' && result) {
        outcome.dataset.outcome = result.outcome;
        outcome.className = `outcome outcome-${result.outcome}`;
        setText(outcome, t(`outcome.${result.outcome}`));
        setText(reason, outcomeLine(result));
        for (const [elSide, who, n] of [
          [sidePlayer, 'player', result.playerPieces],
          [sideCpu, 'cpu', result.cpuPieces],
        ]) {
          if (elSide.dataset.count !== String(n)) {
            elSide.dataset.count = n;
            elSide.replaceChildren(
              h('span', { class: 'side-name', text: t(who === 'player' ? 'you' : 'cpu') }),
              discs(who, n),
              h('span', { class: 'side-count', text: String(n) }),
            );
          }
        }
      }

      // Review: where we are.
      if (review) {
        const total = review.data.moves.length;
        setText(position, last ? moveName(last) : t('reviewStart'));
        for (const [id, off] of [
          ['review-first', review.index === 0],
          ['review-prev', review.index === 0],
          ['review-next', review.index === total],
          ['review-last', review.index === total],
        ]) {
          el.querySelector(`#${id}`).disabled = off;
        }
        const exit = el.querySelector('#exit-review');
        setText(exit, t(review.source === 'history' ? 'backToRecords' : 'exitReview'));
      }

      words.update(s);
    },
  };
}
