// Checkers' sentences in Spanish, the product's own language: its start
// panel, its game screen, its records and its help. The app's own are in
// app-es.js, Choko's in choko-es.js; common/i18n.js merges them, and `t()`
// falls back to Spanish if a key were ever missing in English.
//
// The turn-line sentences (U4) and the start screen's choice of who starts
// (C6) are quoted verbatim from the product text (docs/product.md);
// everything else is written for the app. `{name}` is filled in by `t()`.

export default {
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
  'notice.savedGameUnreadable':
    'No se pudo leer la partida de damas guardada; se ha apartado y puedes empezar una nueva.',
  'notice.recordsUnreadable':
    'No se pudo leer tu historial de damas; se ha apartado y empieza de nuevo desde cero.',
  // Refusals of the shell, by code: shown when something goes wrong.
  'error.noSuchGame': 'Esa partida ya no está en el historial.',
  'error.notCpuTurn': 'Ahora te toca a ti.',
  'error.illegalHop': 'Esa jugada no es legal.',
  'error.mustContinueChain': 'Tienes que seguir saltando con la misma ficha.',
  'error.nothingToUndo': 'No hay nada que deshacer.',
  'error.illegalCpuMove': 'La CPU no ha podido jugar.',
  'error.noCpuMove': 'La CPU no tiene jugadas.',
  'error.clipboard': 'No se pudo usar el portapapeles.',

  // Game screen.
  undo: 'Deshacer',
  boardLabel: 'Tablero',
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
  moveName: '{number}. {who} {move}',
  copyPdn: 'Copiar PDN',
  pdnCopied: 'PDN copiado al portapapeles.',
  pdnNotCopied: 'No se pudo copiar el PDN.',
  exitReview: 'Volver al resultado',
  backToRecords: 'Volver al historial',
  confirmTitle: '¿Abandonar la partida guardada?',
  confirmText: 'Si empiezas una nueva, la partida guardada se descarta. No cuenta como derrota.',
  confirmNew: 'Empezar una nueva',

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
  'sq.cpuStepped': 'la CPU ha movido aquí desde {from}',
  'sq.cpuJumped': 'la CPU ha saltado aquí desde {from} y ha capturado la ficha de {by}',
  'sq.taken': 'ficha capturada',

  // End screen.
  'outcomeLine.win': 'La CPU no puede mover: has ganado.',
  'outcomeLine.loss': 'No te quedan jugadas: gana la CPU.',
  'outcomeLine.winNoPieces': 'A la CPU no le quedan fichas: has ganado.',
  'outcomeLine.lossNoPieces': 'No te quedan fichas: gana la CPU.',
  'outcomeLine.draw': '50 turnos sin capturas ni avances de fichas: empate.',
  piecesLeft: 'Fichas que quedan',
  piecesYou: 'Tú: {n}',
  piecesCpu: 'CPU: {n}',
  playAgain: 'Jugar otra vez',

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

  // Help.
  helpTitle: 'Ayuda',

  // Help screen (H1): sections of paragraphs, bullet lists, an optional
  // diagram id (drawn by checkers/help.js) and the frequent questions.
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
