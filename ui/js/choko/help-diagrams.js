// Choko's help diagrams, as data: the pieces on their points (`p` the
// player's, `m` the machine's), the hands, who is to act and who holds the
// initiative, the action drawn, and what the picture claims. The help
// only draws them; `tests/tests/choko_help.rs` checks every claim against
// the engine, so a diagram never teaches what the rules do not allow.
//
// Claims:
// - `cornerOnlyAsExtra`: no legal jump passes over the piece on `at`,
//   although enemy pieces stand next to it, and `action` takes it as the
//   extra piece of a jump over another;
// - `jumpTakesTwo`: `action` is a legal jump, the enemy loses two pieces
//   by it, and `choices` are exactly the pieces it may take as the extra
//   one;
// - `placingTakesInitiative`: the side to act is free (it need not
//   place), the other side holds the initiative, `action` (a placement)
//   takes it, and `keeps` (a step) leaves it where it was.

export const CHOKO_DIAGRAMS = {
  corner: {
    pieces: { a1: 'p', c2: 'p', a2: 'm', b1: 'm', c1: 'm' },
    hands: { player: 10, machine: 9 },
    toAct: 'machine',
    initiative: 'machine',
    action: 'c1xc3 a1',
    at: 'a1',
    claim: 'cornerOnlyAsExtra',
  },
  jump: {
    pieces: { b3: 'p', c3: 'm', b4: 'm', c5: 'm' },
    hands: { player: 11, machine: 9 },
    toAct: 'player',
    initiative: 'player',
    action: 'b3xd3 b4',
    choices: ['b4', 'c5'],
    claim: 'jumpTakesTwo',
  },
  initiative: {
    pieces: { b2: 'p', d2: 'p', b4: 'm', d4: 'm' },
    hands: { player: 10, machine: 10 },
    toAct: 'player',
    initiative: 'machine',
    action: '@c3',
    keeps: 'b2-b1',
    claim: 'placingTakesInitiative',
  },
};
