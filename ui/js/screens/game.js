// Game screen: the board as large as fits, and around it, by mode:
// - play: the turn line (U4) and the action bar (Undo, and the move list on
//   phones) under the board;
// - end: the final position stays, with the result under it (G3) and Play
//   again / Review / Menu;
// - review: any position of the game, stepped through with buttons, the
//   arrow keys or the move list, and Copy PDN.
// The move list is a panel beside the board on wide windows, below it on a
// tall tablet, and a sheet over the board on phones, which show a compact
// line (pieces each side, last move) instead.

import { h, setText } from '../dom.js';
import { t } from '../i18n.js';
import * as icons from '../icons.js';
import { createBoard, svgEl } from '../board.js';
import { screen, topBar, outcomeLine } from './common.js';
import { update } from '../state.js';
import { attachBoard, tapSquare, undo, back, playAgain, toMenu } from '../game-flow.js';
import { movableMap, boardAcceptsInput, liftedSquare } from '../offer.js';
import { reviewGame, reviewTo, reviewStep, exitReview, copyPdn } from '../review.js';
import { attachBoardKeys } from '../input.js';

/** The accessible name of square `n`: "22, your man, can move". */
function squareLabel(n, board, movable, lifted, dests, landed) {
  const piece = board[n - 1];
  const parts = [String(n)];
  if (!piece) parts.push(t('sq.empty'));
  else parts.push(t(`sq.${piece.side}${piece.king ? 'King' : 'Man'}`));
  if (lifted === n) parts.push(t('sq.lifted'));
  else if (movable.has(n)) parts.push(t('sq.canMove'));
  if (dests.includes(n)) parts.push(t('sq.destination'));
  if (landed === n && piece) parts.push(t('sq.movedLast'));
  return parts.join(', ');
}

/** Pieces on a board: `{ player, cpu }`. */
function count(board) {
  const out = { player: 0, cpu: 0 };
  for (const p of board || []) if (p) out[p.side] += 1;
  return out;
}

/** A small disc of `side`'s colour, for counts. */
function disc(side) {
  const svg = svgEl('svg', { class: `disc-icon ${side}`, viewBox: '0 0 20 20', 'aria-hidden': 'true' });
  svgEl('circle', { class: `disc ${side}`, cx: 10, cy: 10, r: 8 }, svg);
  return svg;
}

function discs(side, n) {
  const svg = svgEl('svg', { class: `discs discs-${side}`, viewBox: `0 0 ${12 * 22 + 4} 26`, 'aria-hidden': 'true' });
  for (let i = 0; i < n; i++) svgEl('circle', { class: `disc ${side}`, cx: 13 + i * 22, cy: 13, r: 10 }, svg);
  return svg;
}

/** "● CPU 12  ○ You 11"; `short` leaves the names to the discs (and to screen readers). */
function counts(c, short = false) {
  const side = (who, name, n) =>
    h('span', { class: 'count-side', 'aria-label': `${name} ${n}` }, [
      disc(who),
      h('span', { text: short ? String(n) : `${name} ${n}`, 'aria-hidden': 'true' }),
    ]);
  return [side('cpu', t('cpu'), c.cpu), side('player', t('you'), c.player)];
}

/**
 * The move list as rows of PDN numbers: the CPU's (Black's) move, then the
 * player's (White's). In review and under a finished game each move is a
 * button that shows the position after it.
 */
function moveRows(moves, interactive, current) {
  const rows = [];
  let row = null;
  moves.forEach((m, i) => {
    if (!row || row.number !== m.number) {
      row = { number: m.number, cpu: null, player: null };
      rows.push(row);
    }
    row[m.side] = { ...m, ply: i + 1 };
  });
  const cell = (m) => {
    if (!m) return h('span', { class: 'move empty', text: '…', 'aria-hidden': 'true' });
    const attrs = {
      class: `move move-${m.side}`,
      'data-ply': m.ply,
      'aria-label': `${m.number}. ${t(m.side === 'cpu' ? 'cpu' : 'you')} ${m.text}`,
    };
    if (!interactive) return h('span', { ...attrs, text: m.text });
    return h('button', {
      ...attrs,
      type: 'button',
      'aria-current': current === m.ply ? 'step' : null,
      onclick: () => reviewTo(m.ply),
      text: m.text,
    });
  };
  return rows.map((r) =>
    h('li', { class: 'move-row' }, [h('span', { class: 'move-no', text: `${r.number}.` }), cell(r.cpu), cell(r.player)]),
  );
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
    { id: 'open-moves', class: 'info-line', type: 'button', 'aria-haspopup': 'dialog', onclick: () => update({ movesOpen: true }) },
    [infoCounts, infoLast, h('span', { class: 'info-open' }, [h('span', { text: t('moves') }), icons.chevron()])],
  );

  // Play: the turn line and the action bar.
  const spoken = h('span', { class: 'sr-only', id: 'turn-spoken' });
  const sentence = h('span', { class: 'turn-text', id: 'turn-text' });
  const turnLine = h('p', { id: 'turn-line', class: 'turn-line', 'aria-live': 'polite', 'aria-atomic': 'true' }, [
    spoken,
    sentence,
    h('span', { class: 'thinking', 'aria-hidden': 'true' }, [h('i'), h('i'), h('i')]),
  ]);
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
      h('button', { id: 'review-game', class: 'btn', type: 'button', onclick: reviewGame, text: t('review') }),
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

  // The move list: beside or below the board, or a sheet on phones.
  const panelCounts = h('p', { class: 'panel-counts' });
  const list = h('ol', { class: 'move-list', 'aria-label': t('moves') });
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
        onclick: () => update({ movesOpen: false }),
      }, [icons.close()]),
    ]),
    h('div', { class: 'move-cols', 'aria-hidden': 'true' }, [
      h('span'),
      h('span', { text: t('cpu') }),
      h('span', { text: t('you') }),
    ]),
    h('div', { class: 'move-scroll' }, [list, empty]),
  ]);
  const scrim = h('div', { class: 'scrim', onclick: () => update({ movesOpen: false }) });

  const notice = h('p', { id: 'game-notice', class: 'notice game-notice', role: 'status' });
  const toastEl = h('p', { id: 'toast', class: 'toast', role: 'status', 'aria-live': 'polite' });

  const el = screen('game', [
    notice,
    h('div', { class: 'game-body' }, [
      bar,
      openMoves,
      h('div', { class: 'board-wrap' }, [board.svg]),
      h('div', { class: 'lower' }, [
        turnLine,
        h('div', { class: 'game-side' }, [h('div', { class: 'dock' }, [playDock, endDock, reviewDock]), panel]),
      ]),
      scrim,
    ]),
    toastEl,
  ]);
  root.appendChild(el);

  let listKey = '';

  return {
    update(s) {
      const view = s.game;
      const review = s.review;
      if (!view && !review) return;
      const mode = review ? 'review' : view.status === 'over' && s.showEnd ? 'end' : 'play';
      el.dataset.mode = mode;
      el.classList.toggle('moves-open', Boolean(s.movesOpen));
      const level = review ? review.data.level : view.level;
      title.textContent = t(`level.${level}`);

      // What the board shows.
      let shown;
      let lastMove;
      let live = false;
      if (review) {
        shown = review.data.boards[review.index];
        const m = review.index > 0 ? review.data.moves[review.index - 1] : null;
        lastMove = m ? { side: m.side, path: m.path } : null;
      } else {
        live = boardAcceptsInput();
        shown = s.shown || view.board;
        lastMove = s.shownLast ?? view.lastMove;
      }
      const movable = live ? movableMap(s.legal) : new Map();
      const lifted = review ? null : s.moving ?? (live ? liftedSquare() : null);
      const dests = live && lifted != null ? movable.get(lifted) || [] : [];
      const path = (lastMove && lastMove.path) || [];
      const landed = path.length ? path[path.length - 1] : null;
      board.draw({
        board: shown,
        movable,
        lifted,
        dests,
        lastMove,
        focus: review ? null : s.focus,
        numbers: s.settings.squareNumbers,
        locked: !live,
        label: (n) => squareLabel(n, shown, movable, lifted, dests, landed),
      });

      // Counts and the last move (phones' line, the panel's head).
      const c = count(shown);
      const moves = review ? review.data.moves : view.moves || [];
      const upto = review ? review.index : moves.length;
      const last = upto > 0 ? moves[upto - 1] : null;
      infoCounts.replaceChildren(...counts(c, true));
      setText(infoLast, last ? t('lastMoveShort', { move: last.text }) : '');
      panelCounts.replaceChildren(...counts(c));

      // The move list, redrawn only when it changes.
      const interactive = mode !== 'play';
      const key = `${mode}|${moves.length}|${moves.length ? moves[moves.length - 1].text : ''}|${upto}`;
      if (key !== listKey) {
        listKey = key;
        list.replaceChildren(...moveRows(moves, interactive, review ? review.index : null));
        empty.hidden = moves.length > 0;
        const target = list.querySelector('[aria-current="step"]') || list.lastElementChild;
        if (target && target.scrollIntoView) target.scrollIntoView({ block: 'nearest' });
      }

      // Play: the turn line says one thing (U4); the draw counter is apart.
      if (mode === 'play') {
        // Disabled only when there is nothing to undo: a button that went
        // disabled for the moment a move is on its way would drop the
        // keyboard focus; undo() itself waits for that move.
        undoBtn.disabled = !view.canUndo;
        const status = s.cpuTurn ? 'cpuThinking' : view.status;
        turnLine.dataset.status = status;
        let text;
        if (status === 'over' && view.result) text = outcomeLine(view.result);
        else text = t(`status.${status}`);
        setText(spoken, status === 'cpuThinking' ? '' : s.spoken);
        setText(sentence, text);
        const n = view.drawIn;
        drawCounter.hidden = n == null;
        setText(drawCounter, n == null ? '' : n === 1 ? t('drawInOne') : t('drawIn', { n }));
      } else {
        turnLine.dataset.status = view ? view.status : 'over';
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
        setText(position, review.index === 0 ? t('reviewStart') : t('reviewMove', { n: review.index, total }));
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

      notice.hidden = !s.notice;
      setText(notice, s.notice ? t(`notice.${s.notice}`) : '');
      setText(toastEl, s.toast || '');
      toastEl.hidden = !s.toast;
    },
  };
}
