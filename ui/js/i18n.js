// Every sentence the page shows, one table per language.
//
// The turn-line sentences and the start-screen choices are quoted verbatim
// from the product text (REQUIREMENTS.md U4, C6); everything else is written
// for the app. Keys are the same in both tables; `t()` falls back to Spanish,
// the product's own language, if a key were ever missing in English.

const es = {
  appTitle: 'Checkers',
  tagline: 'Damas inglesas contra la CPU',

  // Turn line (U4), verbatim.
  'status.yourTurn': 'Tu turno',
  'status.captureAvailable':
    'Hay una captura disponible: solo pueden moverse las fichas que pueden saltar',
  'status.jumpAgain': 'Salta otra vez con la misma ficha',
  'status.cpuThinking': 'La CPU está pensando…',
  'status.over': 'Fin de la partida',
  cpuPlayed: 'La CPU ha jugado {move}.',
  undone: 'Deshecho: {moves}.',
  undoneChain: 'Cadena deshecha.',
  drawIn: 'Tablas en {n} turnos',
  drawInOne: 'Tablas en 1 turno',

  // Start screen.
  continue: 'Continuar la partida',
  continueDetail: '{level}, partida guardada',
  chooseOpponent: 'Elige rival',
  'level.easy': 'Fácil',
  'level.normal': 'Normal',
  'level.hard': 'Difícil',
  'levelHint.easy': 'Mira poco por delante',
  'levelHint.normal': 'Lee unas cuantas jugadas',
  'levelHint.hard': 'Lee mucho más lejos',
  whoStarts: 'Quién empieza',
  firstPlayer: 'Tú primero',
  firstCpu: 'CPU primero',
  records: 'Historial',
  help: 'Ayuda',
  settings: 'Ajustes',
  'notice.savedGameUnreadable':
    'No se pudo leer la partida guardada; se ha apartado y puedes empezar una nueva.',
  'notice.recordsUnreadable':
    'No se pudo leer el historial; se ha apartado y empieza de nuevo desde cero.',
  'notice.settingsUnreadable':
    'No se pudieron leer los ajustes; se ha apartado el archivo y se usan los de siempre.',
  'notice.notSaving':
    'No se puede guardar en este dispositivo: puedes seguir jugando, pero tu progreso no se conservará.',
  'notice.other': 'No se pudo leer un archivo guardado; se ha apartado y el juego sigue con normalidad.',
  noBackend: 'No se pudo conectar con el juego.',
  // Refusals of the shell, by code: shown when something goes wrong.
  'error.noGame': 'No hay ninguna partida en curso.',
  'error.noSuchGame': 'Esa partida ya no está en el historial.',
  'error.gameOver': 'La partida ya ha terminado.',
  'error.notYourTurn': 'Ahora le toca a la CPU.',
  'error.notCpuTurn': 'Ahora te toca a ti.',
  'error.illegalHop': 'Esa jugada no es legal.',
  'error.mustContinueChain': 'Tienes que seguir saltando con la misma ficha.',
  'error.nothingToUndo': 'No hay nada que deshacer.',
  'error.illegalCpuMove': 'La CPU no ha podido jugar.',
  'error.noCpuMove': 'La CPU no tiene jugadas.',
  'error.search': 'La CPU no ha podido pensar.',
  'error.clipboard': 'No se pudo usar el portapapeles.',
  'error.noBackend': 'No se pudo conectar con el juego.',
  'error.other': 'Algo no ha ido bien; se ha vuelto a cargar la partida.',


  // Game screen.
  back: 'Volver al menú',
  undo: 'Deshacer',
  boardLabel: 'Tablero',
  you: 'Tú',
  cpu: 'CPU',
  moves: 'Jugadas',
  closeMoves: 'Cerrar las jugadas',
  noMovesYet: 'Aún no hay jugadas.',
  lastMoveShort: 'Última: {move}',
  review: 'Revisar',
  reviewFirst: 'Posición inicial',
  reviewPrev: 'Jugada anterior',
  reviewNext: 'Jugada siguiente',
  reviewLast: 'Última posición',
  reviewStart: 'Posición inicial',
  reviewMove: 'Jugada {n} de {total}',
  copyPdn: 'Copiar PDN',
  pdnCopied: 'PDN copiado al portapapeles.',
  pdnNotCopied: 'No se pudo copiar el PDN.',
  exitReview: 'Volver al resultado',
  backToRecords: 'Volver al historial',
  confirmTitle: '¿Abandonar la partida guardada?',
  confirmText: 'Si empiezas una nueva, la partida guardada se descarta. No cuenta como derrota.',
  confirmNew: 'Empezar una nueva',
  confirmKeep: 'Conservarla',

  // Square names for screen readers: "22, tu ficha, puede moverse".
  'sq.empty': 'vacía',
  'sq.playerMan': 'tu ficha',
  'sq.playerKing': 'tu dama',
  'sq.cpuMan': 'ficha de la CPU',
  'sq.cpuKing': 'dama de la CPU',
  'sq.canMove': 'puede moverse',
  'sq.lifted': 'levantada',
  'sq.destination': 'destino',
  'sq.movedLast': 'la última en moverse',

  // End screen.
  'outcome.win': 'Victoria',
  'outcome.loss': 'Derrota',
  'outcome.draw': 'Tablas',
  'outcomeLine.win': 'La CPU no puede mover: has ganado.',
  'outcomeLine.loss': 'No te quedan jugadas: gana la CPU.',
  'outcomeLine.winNoPieces': 'A la CPU no le quedan fichas: has ganado.',
  'outcomeLine.lossNoPieces': 'No te quedan fichas: gana la CPU.',
  'outcomeLine.draw': '50 turnos sin capturas ni avances de fichas: empate.',
  piecesLeft: 'Fichas que quedan',
  piecesYou: 'Tú: {n}',
  piecesCpu: 'CPU: {n}',
  playAgain: 'Jugar otra vez',
  menu: 'Menú',

  // Records.
  recordsTitle: 'Historial',
  wins: 'Victorias',
  draws: 'Tablas',
  losses: 'Derrotas',
  gamesPlayed: '{n} partidas',
  gamesPlayedOne: '1 partida',
  noGames: 'Aún sin partidas',
  playTime: 'Tiempo de juego: {time}',
  totalLine: 'En total: {games} · tiempo de juego: {time}',
  recordsNote: 'Solo cuentan las partidas terminadas. El historial se queda en este dispositivo.',
  barLabel: '{wins} victorias, {draws} tablas, {losses} derrotas',
  minutes: '{m} min',
  hoursMinutes: '{h} h {m} min',
  lessThanMinute: 'menos de un minuto',
  history: 'Últimas partidas',
  historyEmpty: 'Aquí aparecerán tus partidas terminadas.',
  startedYou: 'empezaste tú',
  startedCpu: 'empezó la CPU',
  turns: '{n} turnos',
  turnsOne: '1 turno',

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

  // Help.
  helpTitle: 'Ayuda',

  // Help screen (H1): sections of paragraphs, bullet lists, an optional
  // diagram id (drawn by screens/help.js) and the frequent questions.
  helpSections: [
    {
      title: 'El tablero y cómo se gana',
      diagram: 'start',
      caption: 'La posición inicial: tus fichas claras abajo, las de la CPU arriba.',
      paras: [
        'Se juega en un tablero de 8×8, pero solo en sus 32 casillas oscuras, así que todo se mueve en diagonal. Cada bando empieza con 12 fichas en las tres filas oscuras de su lado. Tú siempre juegas desde abajo y avanzas hacia arriba; la CPU avanza hacia ti.',
        'Ganas cuando la CPU se queda sin fichas o, en su turno, sin ninguna jugada legal: no poder mover es perder. Si pasan 50 turnos seguidos sin ninguna captura y sin que avance ninguna ficha sin coronar, la partida acaba en tablas.',
      ],
    },
    {
      title: 'Mover y capturar',
      diagram: 'capture',
      caption: 'Tu ficha de la 22 salta la de la 18 y cae en la 15; desde ahí tiene que saltar también la de la 10 y termina en la 6.',
      paras: [
        'Una ficha avanza una casilla en diagonal hacia delante, a una casilla vacía. Para capturar, salta sobre una ficha rival que tenga justo al lado en diagonal y cae en la casilla vacía que hay detrás; la ficha saltada sale del tablero. Una ficha sin coronar solo salta hacia delante.',
        'Capturar es obligatorio: si alguna de tus fichas puede saltar, tienes que saltar. Eso sí, puedes elegir qué captura haces; nadie te obliga a llevarte el máximo de fichas.',
      ],
    },
    {
      title: 'Cadenas y damas',
      diagram: 'kings',
      caption: 'Las damas llevan un anillo dentro: a la izquierda las tuyas, a la derecha las de la CPU.',
      bullets: [
        'Si la ficha que acaba de saltar puede volver a saltar, debe hacerlo, y con esa misma ficha. La cadena entera es un solo turno, y ninguna ficha se puede saltar dos veces en él.',
        'La ficha que llega a la fila del fondo se convierte en dama, y se marca con un anillo dentro de la ficha.',
        'Coronar termina el turno, aunque sea en mitad de una cadena y la nueva dama pudiera seguir saltando.',
        'Las damas mueven y saltan una sola casilla en diagonal, hacia delante o hacia atrás. No recorren la diagonal entera: eso es de las damas internacionales.',
        'La CPU cumple exactamente las mismas reglas en todos los niveles, también en Fácil.',
      ],
    },
    {
      title: 'Cómo se juega aquí',
      bullets: [
        'Las fichas que puedes mover llevan un contorno suave. Toca una para levantarla: sus destinos se marcan con un punto. Toca un punto para mover, o vuelve a tocar la ficha para dejarla en su sitio.',
        'Tocar cualquier otra cosa no hace nada. Cuando hay una captura, solo se pueden levantar las fichas que pueden saltar.',
        'En mitad de una cadena la ficha se queda levantada, así que el siguiente salto es un solo toque.',
        'La última ficha que se movió lleva una pequeña marca, y las casillas por las que pasó quedan teñidas. La CPU juega sus cadenas salto a salto.',
        'Con teclado: las flechas mueven el marco por las casillas, Intro o Espacio levantan y sueltan, Esc deja la ficha, Ctrl+Z (Cmd+Z) deshace.',
        'Si sales a mitad de partida, se guarda tal cual, incluida una cadena a medias. Al volver empiezas desde esa posición, sin el historial de Deshacer.',
      ],
    },
    {
      title: 'Deshacer',
      paras: [
        'Deshacer no tiene límite ni coste. Vuelve a tu última decisión: tu jugada y la respuesta de la CPU se retiran juntas. A mitad de una cadena, Deshacer devuelve la cadena entera, porque un salto obligado no es una decisión.',
        'La CPU siempre responde lo mismo a la misma posición. Deshacer sirve para estudiar: pruebas otra línea y ves de verdad a dónde lleva. No hay botón de pista; el tablero te enseña lo que es legal, nunca cuál es la mejor jugada.',
      ],
    },
    {
      title: 'Fácil, Normal y Difícil',
      paras: [
        'Los tres rivales se diferencian solo en cuánto mira la CPU por delante. Ninguno tiene fichas ni turnos de más, y los tres están disponibles desde el primer momento.',
        'La CPU piensa en tu dispositivo y solo después de que muevas: espera un momento, busca su jugada y la juega. Difícil juega bien, pero no es invencible.',
      ],
    },
    {
      title: 'Consejos',
      diagram: 'edge',
      caption: 'Las fichas de la CPU en la 13 y la 20 están en el borde: tus fichas de al lado no pueden saltarlas, porque detrás no hay casilla donde caer.',
      bullets: [
        'Antes de mover, cuenta el intercambio. Como la CPU está obligada a capturar, entregar una ficha decide su respuesta; si al recapturar te llevas dos, sales ganando.',
        'Si vas por delante en fichas, cambia piezas: cuantas menos quedan, más pesa la que tienes de más.',
        'En la columna del borde una ficha no se puede saltar, pero avanza despacio. Úsala para aguantar, no para atacar.',
        'Deja ocupada tu última fila tanto como puedas: así las fichas rivales no tienen dónde coronar.',
        'Mira dónde acaba una cadena forzada antes de provocarla: si termina coronando una ficha de la CPU, sueles perder más de lo que ganas.',
        'La primera dama suele decidir los finales igualados, porque es la única pieza que ataca y defiende a la vez.',
      ],
    },
  ],
  faqTitle: 'Preguntas frecuentes',
  faq: [
    {
      q: '¿Por qué no puedo levantar esta ficha?',
      a: 'Porque ahora no tiene ninguna jugada legal. Si hay una captura disponible, solo se pueden levantar las fichas que pueden saltar.',
    },
    {
      q: '¿Tengo que capturar el mayor número de fichas?',
      a: 'No. Capturar es obligatorio, pero eliges tú qué captura haces.',
    },
    {
      q: '¿Repetir tres veces la misma posición es tablas?',
      a: 'Aquí no. Hay tablas tras 50 turnos seguidos sin capturas y sin que avance ninguna ficha sin coronar.',
    },
    {
      q: '¿Por qué mis damas no recorren la diagonal entera?',
      a: 'Porque son las reglas de las damas inglesas: la dama mueve una casilla, en cualquiera de las cuatro direcciones. Las damas que se deslizan son del juego internacional de 10×10.',
    },
    {
      q: 'Si deshago y repito la jugada, ¿contestará otra cosa la CPU?',
      a: 'No. La CPU es determinista: ante la misma posición juega siempre lo mismo.',
    },
    {
      q: 'Si empiezo otra partida a medias, ¿cuenta como derrota?',
      a: 'No. En el historial solo entran las partidas que terminaron de verdad.',
    },
    {
      q: '¿Qué pasa si cierro el juego en mitad de una partida?',
      a: 'Se guarda la posición, también una cadena sin acabar. Con «Continuar» sigues desde ahí, aunque ya sin el historial de Deshacer.',
    },
    {
      q: '¿Por qué no hay pistas?',
      a: 'Todo está a la vista. Una pista sería la CPU jugando por ti; el tablero ya te muestra qué jugadas son legales.',
    },
    {
      q: '¿Se guarda mi tiempo de juego?',
      a: 'Sí, para el historial, pero nunca se muestra en el tablero. No hay reloj ni puntuación.',
    },
  ],
};

const en = {
  appTitle: 'Checkers',
  tagline: 'English draughts against the CPU',

  'status.yourTurn': 'Your turn',
  'status.captureAvailable': 'A capture is available: only pieces that can jump may move',
  'status.jumpAgain': 'Jump again with the same piece',
  'status.cpuThinking': 'The CPU is thinking…',
  'status.over': 'Game over',
  cpuPlayed: 'The CPU played {move}.',
  undone: 'Undone: {moves}.',
  undoneChain: 'Chain undone.',
  drawIn: 'Draw in {n} turns',
  drawInOne: 'Draw in 1 turn',

  continue: 'Continue the game',
  continueDetail: '{level}, saved game',
  chooseOpponent: 'Choose your opponent',
  'level.easy': 'Easy',
  'level.normal': 'Normal',
  'level.hard': 'Hard',
  'levelHint.easy': 'Looks only a little ahead',
  'levelHint.normal': 'Reads a few moves ahead',
  'levelHint.hard': 'Reads much further ahead',
  whoStarts: 'Who starts',
  firstPlayer: 'You first',
  firstCpu: 'CPU first',
  records: 'Records',
  help: 'Help',
  settings: 'Settings',
  'notice.savedGameUnreadable':
    'The saved game could not be read; it has been set aside and you can start a new one.',
  'notice.recordsUnreadable':
    'Your records could not be read; they have been set aside and start again from zero.',
  'notice.settingsUnreadable':
    'The settings could not be read; the file has been set aside and the defaults are in use.',
  'notice.notSaving': 'Your progress cannot be saved on this device: you can keep playing, but it will not be kept.',
  'notice.other': 'A saved file could not be read; it has been set aside and the game carries on as usual.',
  noBackend: 'Could not reach the game.',
  'error.noGame': 'There is no game in progress.',
  'error.noSuchGame': 'That game is no longer in the records.',
  'error.gameOver': 'The game is already over.',
  'error.notYourTurn': 'It is the CPU’s turn.',
  'error.notCpuTurn': 'It is your turn.',
  'error.illegalHop': 'That move is not legal.',
  'error.mustContinueChain': 'Keep jumping with the same piece.',
  'error.nothingToUndo': 'There is nothing to undo.',
  'error.illegalCpuMove': 'The CPU could not play.',
  'error.noCpuMove': 'The CPU has no move.',
  'error.search': 'The CPU could not think.',
  'error.clipboard': 'The clipboard could not be used.',
  'error.noBackend': 'Could not reach the game.',
  'error.other': 'Something went wrong; the game has been reloaded.',


  back: 'Back to the menu',
  undo: 'Undo',
  boardLabel: 'Board',
  you: 'You',
  cpu: 'CPU',
  moves: 'Moves',
  closeMoves: 'Close the moves',
  noMovesYet: 'No moves yet.',
  lastMoveShort: 'Last: {move}',
  review: 'Review',
  reviewFirst: 'Starting position',
  reviewPrev: 'Previous move',
  reviewNext: 'Next move',
  reviewLast: 'Last position',
  reviewStart: 'Starting position',
  reviewMove: 'Move {n} of {total}',
  copyPdn: 'Copy PDN',
  pdnCopied: 'PDN copied to the clipboard.',
  pdnNotCopied: 'The PDN could not be copied.',
  exitReview: 'Back to the result',
  backToRecords: 'Back to the records',
  confirmTitle: 'Abandon the saved game?',
  confirmText: 'Starting a new game discards the saved one. It does not count as a loss.',
  confirmNew: 'Start a new game',
  confirmKeep: 'Keep it',

  'sq.empty': 'empty',
  'sq.playerMan': 'your man',
  'sq.playerKing': 'your king',
  'sq.cpuMan': 'CPU man',
  'sq.cpuKing': 'CPU king',
  'sq.canMove': 'can move',
  'sq.lifted': 'lifted',
  'sq.destination': 'destination',
  'sq.movedLast': 'moved last',

  'outcome.win': 'Victory',
  'outcome.loss': 'Defeat',
  'outcome.draw': 'Draw',
  'outcomeLine.win': 'The CPU cannot move: you win.',
  'outcomeLine.loss': 'You have no moves left: the CPU wins.',
  'outcomeLine.winNoPieces': 'The CPU has no pieces left: you win.',
  'outcomeLine.lossNoPieces': 'You have no pieces left: the CPU wins.',
  'outcomeLine.draw': '50 turns without a capture or a man moving: a draw.',
  piecesLeft: 'Pieces left',
  piecesYou: 'You: {n}',
  piecesCpu: 'CPU: {n}',
  playAgain: 'Play again',
  menu: 'Menu',

  recordsTitle: 'Records',
  wins: 'Wins',
  draws: 'Draws',
  losses: 'Losses',
  gamesPlayed: '{n} games',
  gamesPlayedOne: '1 game',
  noGames: 'No games yet',
  playTime: 'Playing time: {time}',
  totalLine: 'Total: {games} · playing time: {time}',
  recordsNote: 'Only games that really ended count. Your records stay on this device.',
  barLabel: '{wins} wins, {draws} draws, {losses} losses',
  minutes: '{m} min',
  hoursMinutes: '{h} h {m} min',
  lessThanMinute: 'less than a minute',
  history: 'Recent games',
  historyEmpty: 'Your finished games will appear here.',
  startedYou: 'you started',
  startedCpu: 'the CPU started',
  turns: '{n} turns',
  turnsOne: '1 turn',

  settingsTitle: 'Settings',
  language: 'Language',
  langSystem: 'System',
  langEs: 'Español',
  langEn: 'English',
  sound: 'Sound',
  squareNumbers: 'Square numbers',
  on: 'On',
  off: 'Off',

  helpTitle: 'Help',

  helpSections: [
    {
      title: 'The board and how to win',
      diagram: 'start',
      caption: 'The starting position: your light pieces below, the CPU’s above.',
      paras: [
        'The board is 8×8 but only its 32 dark squares are used, so everything moves diagonally. Each side starts with 12 men on the three dark rows on its side. You always play from the bottom and move up; the CPU moves towards you.',
        'You win when the CPU has no pieces left or, on its turn, no legal move: being unable to move means losing. After 50 turns in a row with no capture and no man moving, the game is a draw.',
      ],
    },
    {
      title: 'Moving and capturing',
      diagram: 'capture',
      caption: 'Your man on 22 jumps the piece on 18 and lands on 15; from there it must jump the one on 10 too, and ends on 6.',
      paras: [
        'A man moves one square diagonally forward to an empty square. To capture, it jumps over an enemy piece diagonally next to it and lands on the empty square right behind; the jumped piece leaves the board. A man only jumps forward.',
        'Capturing is compulsory: if any of your pieces can jump, you must jump. Which capture you make is up to you; nothing forces you to take the most pieces.',
      ],
    },
    {
      title: 'Chains and kings',
      diagram: 'kings',
      caption: 'Kings carry a ring inside: yours on the left, the CPU’s on the right.',
      bullets: [
        'If the piece that just jumped can jump again, it must, and with that same piece. The whole chain is one turn, and no piece can be jumped twice in it.',
        'A man that reaches the far row becomes a king, marked with a ring inside the piece.',
        'Crowning ends the turn, even in the middle of a chain and even if the new king could jump again.',
        'Kings move and jump one square diagonally, forwards or backwards. They do not fly along the diagonal: that belongs to international draughts.',
        'The CPU follows exactly the same rules at every level, Easy included.',
      ],
    },
    {
      title: 'How to play here',
      bullets: [
        'Pieces you can move carry a soft outline. Tap one to lift it: its destinations are marked with a dot. Tap a dot to move there, or tap the piece again to put it back.',
        'Tapping anything else does nothing. When a capture is available, only the pieces that can jump can be lifted.',
        'In the middle of a chain the piece stays lifted, so the next jump is a single tap.',
        'The piece that moved last carries a small mark, and the squares it came from are tinted. The CPU plays its chains one hop at a time.',
        'With a keyboard: the arrows move the frame over the squares, Enter or Space lift and drop, Esc puts the piece back, Ctrl+Z (Cmd+Z) undoes.',
        'If you leave in the middle of a game it is saved as it stands, an unfinished chain included. Coming back you start from that position, without the undo history.',
      ],
    },
    {
      title: 'Undo',
      paras: [
        'Undo is unlimited and free. It goes back to your last decision: your move and the CPU’s reply are taken back together. In the middle of a chain it takes back the whole chain, because a forced jump is not a decision.',
        'The CPU always answers the same position the same way. Undo is for study: try another line and see where it really leads. There is no hint button; the board shows what is legal, never which move is best.',
      ],
    },
    {
      title: 'Easy, Normal and Hard',
      paras: [
        'The three opponents differ only in how far ahead the CPU looks. None gets extra pieces or turns, and all three are there from the first launch.',
        'The CPU thinks on your device and only after you have moved: it pauses briefly, searches for its move and plays it. Hard plays well, but it is not unbeatable.',
      ],
    },
    {
      title: 'Tips',
      diagram: 'edge',
      caption: 'The CPU’s men on 13 and 20 stand on the edge: your men next to them cannot jump them, as there is no square behind to land on.',
      bullets: [
        'Count the exchange before you move. The CPU must capture, so offering a piece chooses its reply; if your recapture takes two, you come out a piece ahead.',
        'When you are ahead, trade pieces: the fewer that remain, the more your extra piece counts.',
        'A piece on the edge column cannot be jumped, but it advances slowly there. Use the edge to hold, not to attack.',
        'Keep your own back row occupied as long as you can: enemy men then have nowhere to crown.',
        'Before you force a chain, look at where it ends: if it crowns a CPU piece, you usually lose more than you win.',
        'The first king often decides a close ending, because it is the only piece that attacks and defends at once.',
      ],
    },
  ],
  faqTitle: 'Frequent questions',
  faq: [
    {
      q: 'Why can’t I lift this piece?',
      a: 'Because it has no legal move right now. When a capture is available, only the pieces that can jump can be lifted.',
    },
    {
      q: 'Do I have to capture the most pieces?',
      a: 'No. Capturing is compulsory, but you choose which capture to make.',
    },
    {
      q: 'Is the same position three times a draw?',
      a: 'Not here. The game is drawn after 50 turns in a row with no capture and no man moving.',
    },
    {
      q: 'Why don’t my kings fly along the diagonal?',
      a: 'These are the rules of English draughts: a king moves one square, in any of the four directions. Flying kings belong to the international 10×10 game.',
    },
    {
      q: 'If I undo and play the same move again, will the CPU answer differently?',
      a: 'No. The CPU is deterministic: the same position always gets the same reply.',
    },
    {
      q: 'Does starting a new game midway count as a loss?',
      a: 'No. Only games that really ended go into your records.',
    },
    {
      q: 'What happens if I close the game mid-way?',
      a: 'The position is saved, an unfinished chain included. “Continue” picks it up from there, though without the undo history.',
    },
    {
      q: 'Why are there no hints?',
      a: 'Everything is in plain view. A hint would be the CPU playing your side; the board already shows which moves are legal.',
    },
    {
      q: 'Is my playing time kept?',
      a: 'Yes, for your records, but it is never shown on the board. There is no clock and no score.',
    },
  ],
};

/** The tables, by language code. */
export const tables = { es, en };

let current = 'es';

/**
 * The language to show: the setting when it names one, otherwise the
 * system's (navigator.language starting with "en" means English), Spanish
 * for everything else.
 */
export function resolveLanguage(setting, systemLanguage = globalThis.navigator?.language) {
  if (setting === 'es' || setting === 'en') return setting;
  return typeof systemLanguage === 'string' && systemLanguage.toLowerCase().startsWith('en')
    ? 'en'
    : 'es';
}

/** Makes `lang` the language of every later `t()` and of `<html lang>`. */
export function setLanguage(lang) {
  current = lang === 'en' ? 'en' : 'es';
  if (globalThis.document) document.documentElement.lang = current;
}

/** The current language code. */
export function language() {
  return current;
}

/** The sentence for `key` in the current language, with `{name}` filled from `params`. */
export function t(key, params = {}) {
  const table = tables[current];
  const text = table[key] ?? es[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** Structured content (arrays, not sentences) for the current language, e.g. the help sections. */
export function content(key) {
  return tables[current][key] ?? es[key];
}
