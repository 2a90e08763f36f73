// Game screen: top bar (back, level, undo), the board as large as fits,
// and the turn line under it (U4). The board is drawn from the state on
// every change: the pieces as shown, what may be lifted, the lifted piece
// and its dots, the last move.

import { h, setText } from '../dom.js';
import { t } from '../i18n.js';
import * as icons from '../icons.js';
import { createBoard } from '../board.js';
import { screen, topBar, outcomeLine } from './common.js';
import { attachBoard, tapSquare, undo, leave, movableMap, boardAcceptsInput, liftedSquare } from '../game-flow.js';
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

export function mount(root) {
  const board = createBoard({ interactive: true, label: t('boardLabel'), onSquare: (n) => tapSquare(n) });
  attachBoard(board);
  attachBoardKeys(board.svg);

  const title = h('span', { class: 'title-level' });
  const undoBtn = h('button', { id: 'undo', class: 'icon-btn undo-btn', type: 'button', 'aria-label': t('undo'), onclick: undo }, [
    icons.undo(),
    h('span', { class: 'btn-label', text: t('undo') }),
  ]);
  const bar = topBar('', leave, undoBtn);
  bar.querySelector('.title').appendChild(title);

  const spoken = h('span', { class: 'sr-only', id: 'turn-spoken' });
  const sentence = h('span', { class: 'turn-text', id: 'turn-text' });
  const turnLine = h('p', { id: 'turn-line', class: 'turn-line', 'aria-live': 'polite', 'aria-atomic': 'true' }, [
    spoken,
    sentence,
    h('span', { class: 'thinking', 'aria-hidden': 'true' }, [h('i'), h('i'), h('i')]),
  ]);

  const el = screen('game', [
    bar,
    h('div', { class: 'play' }, [h('div', { class: 'board-wrap' }, [board.svg]), turnLine]),
  ]);
  root.appendChild(el);

  return {
    update(s) {
      const view = s.game;
      if (!view) return;
      title.textContent = t(`level.${view.level}`);
      undoBtn.disabled = !view.canUndo || (s.busy && !s.cpuTurn);

      const live = boardAcceptsInput();
      const movable = live ? movableMap(view) : new Map();
      const lifted = s.moving ?? (live ? liftedSquare() : null);
      const dests = live && lifted != null ? movable.get(lifted) || [] : [];
      const lastMove = s.shownLast ?? view.lastMove;
      const shown = s.shown || view.board;
      const path = (lastMove && lastMove.path) || [];
      const landed = path.length ? path[path.length - 1] : null;
      board.draw({
        board: shown,
        movable,
        lifted,
        dests,
        lastMove,
        focus: s.focus,
        numbers: s.settings.squareNumbers,
        locked: !live,
        label: (n) => squareLabel(n, shown, movable, lifted, dests, landed),
      });

      const status = s.cpuTurn ? 'cpuThinking' : view.status;
      turnLine.dataset.status = status;
      let text;
      if (status === 'over' && view.result) text = outcomeLine(view.result);
      else text = t(`status.${status}`);
      setText(spoken, status === 'cpuThinking' ? '' : s.spoken);
      setText(sentence, text);
    },
  };
}
