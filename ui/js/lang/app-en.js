// The app's own sentences in English. The keys and the `{name}`
// placeholders are app-es.js's: tests/ui checks that both files agree.

export default {
  // The app and the start screen's frame: the game tabs, Continue, the links.
  appTitle: 'Checkers',
  chooseGame: 'Choose the game',
  'game.checkers': 'Checkers',
  'game.choko': 'Choko',
  continue: 'Continue the game',
  records: 'Records',
  help: 'Help',
  settings: 'Settings',

  // Notices about the saved files, shown once (each game's own are in its file).
  'notice.settingsUnreadable':
    'The settings could not be read; the file has been set aside and the defaults are in use.',
  'notice.notSaving': 'Your progress cannot be saved on this device: you can keep playing, but it will not be kept.',
  'notice.other': 'A saved file could not be read; it has been set aside and the game carries on as usual.',
  noBackend: 'Could not reach the game.',

  // Refusals of the shell that either game may meet, by code.
  'error.noGame': 'There is no game in progress.',
  'error.badArgument': 'The game did not understand that request; nothing was changed.',
  'error.gameOver': 'The game is already over.',
  'error.notYourTurn': 'It is the CPU’s turn.',
  'error.search': 'The CPU could not think.',
  'error.noBackend': 'Could not reach the game.',
  'error.other': 'Something went wrong; the game has been reloaded.',

  // What every game's screens say alike: the top bar's back, the sides, the result.
  back: 'Back to the menu',
  you: 'You',
  menu: 'Menu',
  confirmKeep: 'Keep it',
  'outcome.win': 'Victory',
  'outcome.loss': 'Defeat',
  'outcome.draw': 'Draw',

  // Settings.
  settingsTitle: 'Settings',
  language: 'Language',
  langSystem: 'System',
  langEs: 'Español',
  langEn: 'English',
  sound: 'Sound',
  squareNumbers: 'Square numbers',
  on: 'On',
  off: 'Off',
};
