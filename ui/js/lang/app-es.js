// The app's own sentences in Spanish, whatever game is on screen: the
// start screen's frame, the settings, the notices and the refusals both
// games may meet, and what every game's screens say alike. Each game's
// sentences are in its own pair of files (checkers-es.js, choko-es.js);
// common/i18n.js merges them, and tests/ui checks this file against
// app-en.js. `{name}` is filled in by `t()`.

export default {
  // The app and the start screen's frame: the game tabs, Continue, the links.
  appTitle: 'Checkers',
  chooseGame: 'Elige el juego',
  'game.checkers': 'Damas',
  'game.choko': 'Choko',
  continue: 'Continuar la partida',
  records: 'Historial',
  help: 'Ayuda',
  settings: 'Ajustes',

  // Notices about the saved files, shown once (each game's own are in its file).
  'notice.settingsUnreadable':
    'No se pudieron leer los ajustes; se ha apartado el archivo y se usan los de siempre.',
  'notice.notSaving':
    'No se puede guardar en este dispositivo: puedes seguir jugando, pero tu progreso no se conservará.',
  'notice.other': 'No se pudo leer un archivo guardado; se ha apartado y el juego sigue con normalidad.',
  noBackend: 'No se pudo conectar con el juego.',

  // Refusals of the shell that either game may meet, by code.
  'error.noGame': 'No hay ninguna partida en curso.',
  'error.badArgument': 'El juego no ha entendido esa petición; no ha cambiado nada.',
  'error.gameOver': 'La partida ya ha terminado.',
  'error.notYourTurn': 'Ahora le toca a la CPU.',
  'error.search': 'La CPU no ha podido pensar.',
  'error.noBackend': 'No se pudo conectar con el juego.',
  'error.other': 'Algo no ha ido bien; se ha vuelto a cargar la partida.',

  // What every game's screens say alike: the top bar's back, the sides, the result.
  back: 'Volver al menú',
  you: 'Tú',
  menu: 'Menú',
  confirmKeep: 'Conservarla',
  'outcome.win': 'Victoria',
  'outcome.loss': 'Derrota',
  'outcome.draw': 'Tablas',

  // Settings.
  settingsTitle: 'Ajustes',
  language: 'Idioma',
  langSystem: 'Sistema',
  langEs: 'Español',
  langEn: 'English',
  sound: 'Sonido',
  squareNumbers: 'Números de las casillas',
  on: 'Sí',
  off: 'No',
};
