// Choko's game screen: the top bar with the level and the streak; the
// machine's hand above the board and the player's below it, each with its
// count and, for the side that holds it, the initiative badge; the board;
// the turn line (one thing at a time) with the counters of K10 once they
// come close; and at the end, the final position with the result under
// it: the pieces kept, the bonus, the streak, then Next level or New
// streak, and Menu.

import { h, setText } from '../common/dom.js';
import { turnLine, passingWords } from '../common/play.js';
import { t } from '../common/i18n.js';
import { screen, topBar } from '../common/frame.js';
import { createChokoBoard } from './board.js';
import { offer, pointIndex } from './offer.js';
import { attachChokoBoard, tapPoint, leaveChoko, nextGame, acceptsInput, machineSentence } from './flow.js';
import { attachChokoKeys } from './keys.js';
import { handRow, streakText, endLine, points } from './widgets.js';

/** The accessible name of a point: "c3, your piece, can move". */
function pointLabel(name, board, o, last) {
  const who = board[pointIndex(name)];
  const parts = [name, t(who ? `choko.pt.${who}` : 'choko.pt.empty')];
  if (o.lifted === name) parts.push(t('choko.pt.lifted'));
  else if (who && o.movable.has(name)) parts.push(t('choko.pt.canMove'));
  if (o.extra.includes(name)) parts.push(t('choko.pt.canTake'));
  if (o.dests.includes(name)) parts.push(t(o.lifted ? 'choko.pt.destination' : 'choko.pt.mustPlaceHere'));
  else if (!who && o.place.has(name)) parts.push(t('choko.pt.canPlace'));
  if (who && last && last.to === name) {
    parts.push(t('choko.pt.movedLast'));
    if (who === 'machine' && last.who === 'machine') parts.push(machineSentence(last));
  }
  return parts.join(', ');
}

export function mount(root) {
  const board = createChokoBoard({ interactive: true, label: t('choko.boardLabel'), onPoint: (p) => tapPoint(p) });
  attachChokoBoard(board);
  attachChokoKeys(board.svg);

  // The chip's short text on screen; readers get the sentence as text (a
  // name on a plain span is not read out).
  const chipShort = h('span', { 'aria-hidden': 'true' });
  const chipSaid = h('span', { class: 'sr-only' });
  const streakChip = h('span', { id: 'choko-streak', class: 'streak-chip' }, [chipShort, chipSaid]);
  const bar = topBar('', leaveChoko, streakChip);
  const title = h('span', { class: 'title-level' });
  bar.querySelector('.title').appendChild(title);

  const machineHand = handRow('machine');
  const playerHand = handRow('player');

  const line = turnLine({ line: 'choko-turn-line', text: 'choko-turn-text', spoken: 'choko-spoken' });
  const quiet = h('span', { id: 'choko-quiet', class: 'draw-counter', role: 'status' });
  const turns = h('span', { id: 'choko-turns', class: 'draw-counter', role: 'status' });
  const playDock = h('div', { class: 'dock-play actions choko-counters' }, [quiet, turns]);

  const outcome = h('h2', { id: 'choko-outcome', class: 'outcome', tabindex: '-1' });
  const reason = h('p', { class: 'outcome-line' });
  const kept = h('p', { id: 'choko-kept', class: 'choko-end-line' });
  const bonus = h('p', { id: 'choko-bonus', class: 'choko-end-line' });
  const streakLine = h('p', { id: 'choko-streak-line', class: 'choko-end-line' });
  const next = h('button', { id: 'choko-next', class: 'btn primary', type: 'button', onclick: nextGame });
  const endDock = h('div', { class: 'dock-end choko-end', role: 'group', 'aria-labelledby': 'choko-outcome' }, [
    h('div', { class: 'end-head' }, [outcome, reason]),
    kept,
    bonus,
    streakLine,
    h('div', { class: 'choko-end-actions' }, [
      next,
      h('button', { id: 'choko-menu', class: 'btn', type: 'button', onclick: leaveChoko, text: t('menu') }),
    ]),
  ]);

  const words = passingWords('choko-notice');
  const el = screen('choko', [
    words.notice,
    h('div', { class: 'play-body choko-body' }, [
      bar,
      machineHand.el,
      h('div', { class: 'board-wrap choko-wrap' }, [board.svg]),
      playerHand.el,
      h('div', { class: 'play-lower choko-lower' }, [line.el, h('div', { class: 'dock' }, [playDock, endDock])]),
    ]),
    words.toast,
  ]);
  root.appendChild(el);

  return {
    update(s) {
      const c = s.choko;
      const view = c.view;
      if (!view) return;
      const mode = view.status === 'over' && c.showEnd ? 'end' : 'play';
      el.dataset.mode = mode;
      const ladder = c.ladder;
      setText(title, t('choko.levelTitle', { n: view.level }));
      setText(chipShort, ladder ? t('choko.streakChip', { wins: ladder.wins, value: points(ladder.value) }) : '');
      setText(chipSaid, ladder ? streakText(ladder.wins, ladder.value) : '');

      const shown = c.shown || { board: view.board, hands: view.hands };
      const live = acceptsInput();
      const o = offer(live ? c.legal : null, c.selected);
      const last = c.lastShown ?? view.last;
      // The machine's action being shown: once its piece stands where it
      // goes, the grid's active descendant goes there, whose name says the
      // action, so a screen reader hears it as it is played.
      const landed = c.lastShown && shown.board[pointIndex(c.lastShown.to)] === 'machine' ? c.lastShown.to : null;
      board.draw({
        board: shown.board,
        movable: new Set(o.movable.keys()),
        lifted: o.lifted,
        dests: o.dests,
        extra: o.extra,
        show: c.show,
        last,
        focus: c.focus,
        active: landed,
        numbers: s.settings.squareNumbers,
        locked: !live,
        label: (name) => pointLabel(name, shown.board, o, last),
      });
      machineHand.update(shown.hands.machine, view.initiative === 'machine');
      playerHand.update(shown.hands.player, view.initiative === 'player');

      if (mode === 'play') {
        const status = c.machineTurn ? 'machineThinking' : view.status;
        const text = status === 'over' && view.result ? endLine(view.result) : t(`choko.status.${status}`);
        line.say(status, text, status === 'machineThinking' ? '' : c.spoken);
        quiet.hidden = view.quietLeft == null;
        setText(quiet, view.quietLeft == null ? '' : t('choko.quietLeft', { n: view.quietLeft }));
        turns.hidden = view.turnsLeft == null;
        setText(turns, view.turnsLeft == null ? '' : t('choko.turnsLeft', { n: view.turnsLeft }));
      } else {
        line.mark('over');
      }

      const result = view.result;
      if (mode === 'end' && result) {
        outcome.dataset.outcome = result.outcome;
        outcome.className = `outcome outcome-${result.outcome}`;
        setText(outcome, t(`outcome.${result.outcome}`));
        setText(reason, endLine(result));
        kept.dataset.player = result.playerPieces;
        kept.dataset.machine = result.machinePieces;
        setText(kept, t('choko.kept', { player: result.playerPieces, machine: result.machinePieces }));
        bonus.hidden = result.bonus == null;
        bonus.dataset.bonus = result.bonus ?? '';
        if (result.bonus != null) {
          const saved = Math.max(0, 50 - result.playerTurns);
          setText(bonus, t('choko.bonusLine', { bonus: result.bonus, pieces: result.playerPieces, saved }));
        }
        const won = result.outcome === 'win';
        const ended = c.ended;
        setText(
          streakLine,
          won
            ? t('choko.streakNow', { streak: streakText(ladder.wins, ladder.value), best: points(ladder.bestValue) })
            : ended && ended.wins
              ? t('choko.streakEnded', { streak: streakText(ended.wins, ended.value), best: points(ladder.bestValue) })
              : t('choko.streakEndedEmpty', { best: points(ladder.bestValue) }),
        );
        streakLine.dataset.wins = ladder.wins;
        next.dataset.next = won ? 'level' : 'streak';
        setText(next, won ? t('choko.nextLevel', { n: ladder.level }) : t('choko.newStreak'));
      }

      words.update(s);
    },
  };
}
