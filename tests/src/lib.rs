//! Harness for the end-to-end tests: a virtual display, `tauri-driver` in
//! front of WebKitWebDriver, and the real app binary with its own empty
//! data directory per test.
//!
//! Each [`App`] owns a data directory (`XDG_DATA_HOME`) and a tauri-driver
//! process on its own port. Tests take [`lock`] so only one app window runs
//! at a time.

pub mod atspi;
pub mod choko_play;
pub mod gallery;
pub mod layout;

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::error::NewSessionError;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

/// One app window at a time.
pub fn lock() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// The built app binary: next to this test binary's `deps` folder.
pub fn app_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("current exe");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile> folder");
    let app = dir.join("checkers-app");
    assert!(
        app.exists(),
        "{} is missing: build the app first (cargo build -p checkers-app)",
        app.display()
    );
    app
}

fn tauri_driver() -> PathBuf {
    if let Some(p) = std::env::var_os("TAURI_DRIVER") {
        return PathBuf::from(p);
    }
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_default();
    let cargo_bin = home.join(".cargo/bin/tauri-driver");
    if cargo_bin.exists() {
        cargo_bin
    } else {
        PathBuf::from("tauri-driver")
    }
}

/// A virtual X display shared by every test of the run, started when no
/// display is set. Xvfb picks a free display number itself (`-displayfd`)
/// and writes it once the server is ready, so runs never collide and a
/// server that does not come up fails the tests at once.
pub fn display() -> String {
    static DISPLAY: OnceLock<String> = OnceLock::new();
    DISPLAY
        .get_or_init(|| {
            if let Ok(d) = std::env::var("DISPLAY") {
                if !d.is_empty() {
                    return d;
                }
            }
            // Xvfb ends with this test process: a small watcher kills it
            // once the process is gone. The watcher is never waited for on
            // purpose: it outlives the tests by a second.
            let script = format!(
                "Xvfb -displayfd 1 -screen 0 1400x1100x24 -nolisten tcp 2>/dev/null & x=$!; \
                 while kill -0 {pid} 2>/dev/null; do sleep 1; done; kill $x",
                pid = std::process::id()
            );
            #[allow(clippy::zombie_processes)]
            let mut watcher = Command::new("sh")
                .args(["-c", &script])
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .expect("Xvfb (apt-get install xvfb)");
            let stdout = watcher.stdout.take().expect("Xvfb's display number");
            let (tx, rx) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                let mut line = String::new();
                let _ =
                    std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line);
                let _ = tx.send(line);
            });
            let line = rx
                .recv_timeout(Duration::from_secs(20))
                .expect("Xvfb did not start within 20 s");
            let n: u32 = line
                .trim()
                .parse()
                .unwrap_or_else(|_| panic!("Xvfb did not give a display number: {line:?}"));
            format!(":{n}")
        })
        .clone()
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// How many times [`App::launch_with`] starts tauri-driver when a session
/// request goes unanswered.
const LAUNCH_ATTEMPTS: u32 = 3;

/// Why no WebDriver session was made.
#[derive(Debug)]
enum Launch {
    /// The request got no answer (the connection was dropped or lost):
    /// the driver's trouble, worth another try.
    Unanswered(String),
    /// The driver answered, and not with a session.
    Refused(String),
    /// No window within 60 s: the app died while starting.
    NoWindow,
}

impl Launch {
    fn from(e: NewSessionError) -> Launch {
        match e {
            NewSessionError::Failed(_) | NewSessionError::FailedC(_) | NewSessionError::Lost(_) => {
                Launch::Unanswered(e.to_string())
            }
            _ => Launch::Refused(e.to_string()),
        }
    }
}

/// Start tauri-driver on a free port for the app with `data` as its data
/// home, in `theme`, with `env` added to its environment, and wait until it
/// listens; its port.
fn start_driver(data: &DataDir, theme: Theme, env: &[(String, String)]) -> (Child, u16) {
    let port = free_port();
    let native = free_port();
    let driver = Command::new(tauri_driver())
        .args([
            "--port",
            &port.to_string(),
            "--native-port",
            &native.to_string(),
        ])
        .env("DISPLAY", display())
        .env("XDG_DATA_HOME", &data.0)
        .env(
            "GTK_THEME",
            match theme {
                Theme::Light => "Adwaita",
                Theme::Dark => "Adwaita:dark",
            },
        )
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("tauri-driver (cargo install tauri-driver --locked)");
    let t = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "tauri-driver did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (driver, port)
}

/// Ask the WebDriver server on `port` for a session with the app at
/// `application`.
async fn new_session(port: u16, application: &Path) -> Result<Client, Launch> {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "tauri:options".into(),
        json!({ "application": application }),
    );
    // WebKitWebDriver waits for a window without end when the app dies
    // while starting: a test of a start that crashes fails, never hangs.
    match tokio::time::timeout(
        Duration::from_secs(60),
        ClientBuilder::rustls()
            .expect("tls")
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{port}")),
    )
    .await
    {
        Ok(Ok(client)) => Ok(client),
        Ok(Err(e)) => Err(Launch::from(e)),
        Err(_) => Err(Launch::NoWindow),
    }
}

/// Kill whatever still runs with `data_home` as its data home.
fn kill_leftovers(data_home: &Path) {
    let needle = format!("XDG_DATA_HOME={}", data_home.display());
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return;
    };
    for entry in procs.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        if pid == std::process::id() {
            continue;
        }
        let Ok(env) = std::fs::read(entry.path().join("environ")) else {
            continue;
        };
        if env.split(|&b| b == 0).any(|v| v == needle.as_bytes()) {
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
        }
    }
}

/// Stop a tauri-driver with SIGTERM, so that it also stops WebKitWebDriver,
/// and kill it if it has not gone within 5 s.
fn stop(driver: &mut Child) {
    let _ = Command::new("kill")
        .args(["-TERM", &driver.id().to_string()])
        .status();
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(5) {
        if let Ok(Some(_)) = driver.try_wait() {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = driver.kill();
    let _ = driver.wait();
}

/// A data directory for one test, removed at the end.
pub struct DataDir(pub PathBuf);

impl DataDir {
    pub fn new(name: &str) -> DataDir {
        let dir = std::env::temp_dir().join(format!("checkers-e2e-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("data dir");
        DataDir(dir)
    }

    /// The app's own folder inside it (`<XDG_DATA_HOME>/<identifier>`).
    pub fn app_dir(&self) -> PathBuf {
        self.0.join(IDENTIFIER)
    }
}

impl Drop for DataDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The colour theme the app is started in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}

impl Theme {
    /// "light" or "dark", as the screenshots are named.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// The app's identifier, from tauri.conf.json.
pub const IDENTIFIER: &str = "com.checkersapp.checkers";

/// A running app driven through WebDriver.
pub struct App {
    pub client: Client,
    driver: Option<Child>,
    data_home: PathBuf,
    /// The system's text scale the app was started with.
    text: f64,
}

impl App {
    /// Start the app with `data` as its data home. Unless the test saved
    /// settings of its own, the language is set to `lang` ("es" or "en")
    /// and sound is off. The light theme.
    pub async fn launch(data: &DataDir, lang: &str) -> App {
        App::launch_with(data, lang, Theme::Light).await
    }

    /// [`App::launch`] in the given theme: GTK's dark variant makes the page
    /// see `prefers-color-scheme: dark`.
    pub async fn launch_with(data: &DataDir, lang: &str, theme: Theme) -> App {
        App::launch_env(data, lang, theme, 1.0, &[]).await
    }

    /// [`App::launch`] on the session bus `bus`, where a screen reader finds
    /// its accessibility tree.
    pub async fn launch_on(data: &DataDir, lang: &str, bus: &atspi::Bus) -> App {
        App::launch_env(data, lang, Theme::Light, 1.0, &bus.env()).await
    }

    /// [`App::launch_with`] with the system's text at `text` times its
    /// size: GTK's own text scale (what GNOME's text size sets through the
    /// font DPI), by which WebKitGTK zooms the page, so a window of `w` px
    /// shows the page `w / text` CSS px wide.
    pub async fn launch_with_text(data: &DataDir, lang: &str, theme: Theme, text: f64) -> App {
        App::launch_env(data, lang, theme, text, &[]).await
    }

    async fn launch_env(
        data: &DataDir,
        lang: &str,
        theme: Theme,
        text: f64,
        env: &[(String, String)],
    ) -> App {
        let mut env = env.to_vec();
        if text != 1.0 {
            env.push(("GDK_DPI_SCALE".to_string(), text.to_string()));
        }
        let settings = data.app_dir().join("settings.1.json");
        if !settings.exists() {
            let _ = std::fs::create_dir_all(data.app_dir());
            let doc = json!({ "format": 1, "seq": 1, "data": {
                "language": lang, "sound": false, "squareNumbers": false } });
            let _ = std::fs::write(&settings, doc.to_string());
        }
        // A session request that tauri-driver accepts and then drops
        // unanswered (it happened once in CI, in a test whose app started
        // fine otherwise) says nothing about the app: start over on fresh
        // ports, a few times.
        let application = app_binary();
        let mut attempt = 1;
        let (client, driver) = loop {
            let (mut driver, port) = start_driver(data, theme, &env);
            let failure = match new_session(port, &application).await {
                Ok(client) => break (client, driver),
                Err(failure) => failure,
            };
            stop(&mut driver);
            match failure {
                Launch::Unanswered(why) if attempt < LAUNCH_ATTEMPTS => {
                    kill_leftovers(&data.0);
                    eprintln!("launch attempt {attempt}: {why}; starting over");
                    attempt += 1;
                }
                Launch::Unanswered(why) | Launch::Refused(why) => {
                    panic!("WebDriver session: {why}")
                }
                Launch::NoWindow => {
                    panic!("the app opened no window within 60 s: did it die while starting?")
                }
            }
        };
        let app = App {
            client,
            driver: Some(driver),
            data_home: data.0.clone(),
            text,
        };
        app.wait_for("[data-screen]").await;
        app
    }

    /// A page that another WebDriver server drives (chromedriver), with
    /// the same helpers. `data_home` names nothing that runs: the caller
    /// stops its own driver.
    pub fn attach(client: Client, data_home: PathBuf) -> App {
        App {
            client,
            driver: None,
            data_home,
            text: 1.0,
        }
    }

    /// Close the window and stop the driver (SIGTERM, so it also stops
    /// WebKitWebDriver).
    pub async fn quit(mut self) {
        let _ = self.client.clone().close().await;
        self.stop_driver();
    }

    fn stop_driver(&mut self) {
        if let Some(mut driver) = self.driver.take() {
            stop(&mut driver);
        }
    }

    /// Make the window `width` × `height` pixels and wait until the page
    /// sees that size (divided by the system's text scale, which zooms
    /// the page): a test meant for a phone never runs at desktop size by
    /// accident.
    pub async fn resize(&self, width: u32, height: u32) {
        self.client
            .set_window_size(width, height)
            .await
            .unwrap_or_else(|e| panic!("cannot resize the window to {width}x{height}: {e}"));
        if self.text == 1.0 {
            self.wait_until(&format!(
                "window.innerWidth === {width} && window.innerHeight === {height}"
            ))
            .await;
        } else {
            let (w, h) = (f64::from(width) / self.text, f64::from(height) / self.text);
            self.wait_until(&format!(
                "Math.abs(window.innerWidth - {w}) <= 1 && Math.abs(window.innerHeight - {h}) <= 1"
            ))
            .await;
        }
    }

    /// Press a key (a WebDriver key code such as `\u{E014}` for Right).
    pub async fn press(&self, key: char) {
        use fantoccini::actions::{KeyAction, KeyActions};
        let actions = KeyActions::new("keyboard".to_string())
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key });
        self.client
            .perform_actions(actions)
            .await
            .unwrap_or_else(|e| panic!("key {key:?}: {e}"));
    }

    /// Run JavaScript in the page and return its value.
    pub async fn js(&self, script: &str) -> Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// Wait until a CSS selector matches.
    pub async fn wait_for(&self, css: &str) {
        self.client
            .wait()
            .at_most(Duration::from_secs(20))
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css}: {e}"));
    }

    /// Wait until a JavaScript expression is truthy.
    pub async fn wait_until(&self, expr: &str) {
        let t = Instant::now();
        loop {
            let v = self.js(&format!("return !!({expr});")).await;
            if v == Value::Bool(true) {
                return;
            }
            assert!(
                t.elapsed() < Duration::from_secs(30),
                "timed out waiting for {expr}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Click an element: a WebDriver element click, or, where the driver
    /// refuses one (SVG shapes in WebKitWebDriver), a real pointer press and
    /// release at the element's centre.
    pub async fn click(&self, css: &str) {
        self.wait_for(css).await;
        let el = self
            .client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css}: {e}"));
        if el.click().await.is_ok() {
            return;
        }
        let centre = self
            .js(&format!(
                "const r = document.querySelector('{}').getBoundingClientRect();
                 return [r.left + r.width / 2, r.top + r.height / 2];",
                css.replace('\'', "\\'")
            ))
            .await;
        let (x, y) = (
            centre[0].as_f64().unwrap_or_default(),
            centre[1].as_f64().unwrap_or_default(),
        );
        let mouse = MouseActions::new("mouse".to_string())
            .then(PointerAction::MoveTo {
                duration: None,
                x,
                y,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        self.client
            .perform_actions(mouse)
            .await
            .unwrap_or_else(|e| panic!("pointer click {css}: {e}"));
        let _ = self.client.release_actions().await;
    }

    /// Save a screenshot under `target/e2e-screenshots/`.
    pub async fn screenshot(&self, name: &str) {
        // Let the page paint what the DOM already says.
        let _ = self
            .client
            .execute_async(
                "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));",
                vec![],
            )
            .await;
        if let Ok(png) = self.client.screenshot().await {
            let dir = app_binary()
                .parent()
                .and_then(Path::parent)
                .map(|t| t.join("e2e-screenshots"))
                .unwrap_or_else(|| PathBuf::from("e2e-screenshots"));
            let _ = std::fs::create_dir_all(&dir);
            let _ = std::fs::write(dir.join(format!("{name}.png")), png);
        }
    }
}

impl Drop for App {
    fn drop(&mut self) {
        self.stop_driver();
        // After a failed test the window may outlive its driver.
        kill_leftovers(&self.data_home);
    }
}

/// What the scenarios do and look at in the window: saved games written as
/// the app writes them, the board read from the page, taps, and waits for
/// the states the player sees.
pub mod play {
    use super::{lock, App, DataDir};
    use fantoccini::actions::{InputSource, PointerAction, TouchActions, MOUSE_BUTTON_LEFT};
    use serde_json::{json, Value};
    use std::time::Duration;

    /// A saved game against Easy at `fen`, the player to move.
    pub fn preset_easy(data: &DataDir, fen: &str) {
        write_doc(
            data,
            "game",
            json!({ "gameId": 1, "game": {
                "version": 1, "level": "easy", "first": "player", "fen": fen,
                "quiet": 0, "chain": [], "lastMove": null, "playTimeMs": 0, "recorded": false
            }}),
        );
    }

    /// A short game against Easy played to its end: its moves' count.
    pub async fn short_game(app: &App) -> u64 {
        app.click("#continue").await;
        wait_player_turn(app).await;
        play_to_the_end(app, Input::Mouse).await;
        wait_end(app).await;
        app.js("return document.querySelectorAll('.move[data-ply]').length;")
            .await
            .as_u64()
            .unwrap()
    }

    /// The ply shown in the review (0 for the starting position).
    pub async fn review_index(app: &App) -> u64 {
        app.js(
            "const c = document.querySelector('.move[aria-selected=\"true\"]');
             return c ? Number(c.dataset.ply) : 0;",
        )
        .await
        .as_u64()
        .unwrap()
    }

    /// An element's box: left, top, right, bottom.
    pub async fn rect(app: &App, css: &str) -> [f64; 4] {
        let v = app
            .js(&format!(
                "const r = document.querySelector('{css}').getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];"
            ))
            .await;
        let n = |i: usize| v[i].as_f64().unwrap_or_else(|| panic!("{css}: {v}"));
        [n(0), n(1), n(2), n(3)]
    }

    /// Presses the system's back as the Android shell's listener does (the
    /// page's `pressBack`) and returns what the press did (`closeSheet`, `leaveGame`, ...).
    pub async fn press_back(app: &App) -> String {
        app.js("window.__backDone = null;
             import('./js/main.js').then(
               (m) => { window.__backDone = m.pressBack(); },
               (e) => { window.__backDone = `cannot load the page's main module: ${e}`; },
             );
             return true;")
            .await;
        app.wait_until("window.__backDone").await;
        app.js("return window.__backDone;")
            .await
            .as_str()
            .unwrap()
            .to_string()
    }

    /// Run an async scenario on its own runtime, one window at a time.
    pub fn run(f: impl std::future::Future<Output = ()>) {
        let _guard = lock();
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap()
            .block_on(f);
    }

    /// Write one copy of a persisted document the way the app writes it.
    pub fn write_doc(data: &DataDir, name: &str, body: Value) {
        let dir = data.app_dir();
        std::fs::create_dir_all(&dir).unwrap();
        let doc = json!({ "format": 1, "seq": 1, "data": body });
        std::fs::write(dir.join(format!("{name}.1.json")), doc.to_string()).unwrap();
    }

    /// A saved game at `fen` (player = White), level normal, optionally mid-chain.
    pub fn preset_game(data: &DataDir, fen: &str, chain: &[u8]) {
        write_doc(
            data,
            "game",
            json!({ "gameId": 1, "game": {
                "version": 1, "level": "normal", "first": "player", "fen": fen,
                "quiet": 0, "chain": chain, "lastMove": null, "playTimeMs": 0, "recorded": false
            }}),
        );
    }

    /// Pieces on the board as "square:side[:K]" strings, sorted.
    pub async fn pieces(app: &App) -> Vec<String> {
        let v = app
            .js(
                "return [...document.querySelectorAll('.board.interactive .piece[data-square]')]
                   .map(p => p.dataset.square + ':' + p.dataset.side + (p.dataset.king === 'true' ? ':K' : ''))
                   .sort();",
            )
            .await;
        serde_json::from_value(v).unwrap()
    }

    pub async fn squares_of(app: &App, css: &str, attr: &str) -> Vec<u32> {
        let v = app
            .js(&format!(
                "return [...document.querySelectorAll('{css}')].map(e => Number(e.getAttribute('{attr}'))).sort((a, b) => a - b);"
            ))
            .await;
        serde_json::from_value(v).unwrap()
    }

    pub async fn movable(app: &App) -> Vec<u32> {
        squares_of(app, ".board.interactive .piece.movable", "data-square").await
    }

    pub async fn lifted(app: &App) -> Vec<u32> {
        squares_of(app, ".board.interactive .piece.lifted", "data-square").await
    }

    pub async fn dests(app: &App) -> Vec<u32> {
        squares_of(app, ".board.interactive [data-dest]", "data-dest").await
    }

    pub async fn status(app: &App) -> String {
        app.js("return document.getElementById('turn-line').dataset.status;")
            .await
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    pub async fn turn_text(app: &App) -> String {
        app.js("return document.getElementById('turn-text').textContent.trim();")
            .await
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    pub async fn wait_status(app: &App, s: &str) {
        app.wait_until(&format!(
            "document.getElementById('turn-line') && document.getElementById('turn-line').dataset.status === '{s}' && !document.querySelector('.board.interactive.locked')"
        ))
        .await;
    }

    /// Wait until the player is to decide again (the CPU's reply may leave a
    /// capture to make).
    pub async fn wait_player_turn(app: &App) {
        app.wait_until(
            "document.getElementById('turn-line') && ['yourTurn', 'captureAvailable'].includes(document.getElementById('turn-line').dataset.status) && !document.querySelector('.board.interactive.locked')",
        )
        .await;
    }

    /// The text of the start screen's notice, or "" when none is shown.
    pub async fn notice(app: &App) -> String {
        let n = app
            .js("const n = document.getElementById('notice'); return n && !n.hidden ? n.textContent.trim() : '';")
            .await;
        n.as_str().unwrap_or_default().to_string()
    }

    pub async fn wait_screen(app: &App, s: &str) {
        app.wait_until(&format!("document.querySelector('[data-screen=\"{s}\"]')"))
            .await;
    }

    /// Start a game at `level` from the start screen, confirming the
    /// abandonment of a saved game when the app asks.
    pub async fn start_level(app: &App, level: &str) {
        app.click(&format!("#level-{level}")).await;
        let asking =
            "document.getElementById('confirm') && !document.getElementById('confirm').hidden";
        app.wait_until(&format!(
            "document.querySelector('[data-screen=\"game\"]') || ({asking})"
        ))
        .await;
        if app.js(&format!("return !!({asking});")).await == json!(true) {
            app.click("#confirm-new").await;
        }
        wait_screen(app, "game").await;
    }

    /// Wait until the game has ended and its result shows under the final
    /// position (the board stays on screen).
    pub async fn wait_end(app: &App) {
        app.wait_until(
            "document.querySelector('[data-screen=\"game\"][data-mode=\"end\"]') && document.querySelector('.board.interactive')",
        )
        .await;
    }

    pub async fn tap(app: &App, square: u32) {
        app.click(&format!(".board.interactive .sq[data-square=\"{square}\"]"))
            .await;
    }

    /// The square under the board's keyboard focus ring, 0 when none.
    pub async fn focus_square(app: &App) -> u32 {
        let v = app
            .js("const id = document.querySelector('.board.interactive').getAttribute('aria-activedescendant') || '';
                 return Number(id.split('-').pop()) || 0;")
            .await;
        v.as_u64().unwrap_or(0) as u32
    }

    /// Move the focus ring to `target` with the arrows (Up/Down change the
    /// row keeping the place in the row, Left/Right move along the row),
    /// then press Enter.
    pub async fn key_to(app: &App, target: u32) {
        const LEFT: char = '\u{E012}';
        const UP: char = '\u{E013}';
        const RIGHT: char = '\u{E014}';
        const DOWN: char = '\u{E015}';
        const ENTER: char = '\u{E007}';
        for _ in 0..16 {
            let at = focus_square(app).await;
            if at == target {
                break;
            }
            let (ar, ai) = ((at - 1) / 4, (at - 1) % 4);
            let (tr, ti) = ((target - 1) / 4, (target - 1) % 4);
            let key = if ar > tr {
                UP
            } else if ar < tr {
                DOWN
            } else if ai > ti {
                LEFT
            } else {
                RIGHT
            };
            app.press(key).await;
        }
        assert_eq!(
            focus_square(app).await,
            target,
            "focus ring reached {target}"
        );
        app.press(ENTER).await;
    }

    /// The centre of an element, in the page's CSS pixels.
    pub async fn centre(app: &App, css: &str) -> (f64, f64) {
        app.wait_for(css).await;
        let c = app
            .js(&format!(
                "const r = document.querySelector('{}').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];",
                css.replace('\'', "\\'")
            ))
            .await;
        (c[0].as_f64().unwrap(), c[1].as_f64().unwrap())
    }

    /// One finger (a WebDriver pointer of type `touch`) on `at` for
    /// `hold`, then lifted.
    pub fn finger(id: &str, (x, y): (f64, f64), hold: Duration) -> TouchActions {
        TouchActions::new(id.to_string())
            .then(PointerAction::MoveTo {
                duration: None,
                x,
                y,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Pause { duration: hold })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            })
    }

    /// A tap by touch: a short touch on the element's centre.
    pub async fn touch(app: &App, css: &str) {
        let at = centre(app, css).await;
        app.client
            .perform_actions(finger("finger", at, Duration::from_millis(40)))
            .await
            .unwrap_or_else(|e| panic!("touch {css}: {e}"));
        let _ = app.client.release_actions().await;
    }

    /// A tap by touch on square `n`.
    pub async fn touch_square(app: &App, n: u32) {
        touch(app, &format!(".board.interactive .sq[data-square=\"{n}\"]")).await;
    }

    /// How a scenario plays: mouse clicks, the keyboard, or touch.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Input {
        Mouse,
        Keyboard,
        Touch,
    }

    /// A tap on square `n` the way `input` makes it.
    pub async fn tap_with(app: &App, input: Input, n: u32) {
        match input {
            Input::Mouse => tap(app, n).await,
            Input::Keyboard => key_to(app, n).await,
            Input::Touch => touch_square(app, n).await,
        }
    }

    /// Play whole turns until the game ends, always choosing the first
    /// piece offered and its first destination. Returns the hops played.
    pub async fn play_to_the_end(app: &App, input: Input) -> usize {
        let decision = "document.querySelector('[data-mode=\"end\"]') ||
            (['yourTurn', 'captureAvailable', 'jumpAgain'].includes((document.getElementById('turn-line') || {dataset: {}}).dataset.status)
             && !document.querySelector('.board.interactive.locked'))";
        for hop in 0..400 {
            app.wait_until(decision).await;
            if app
                .js("return !!document.querySelector('[data-mode=\"end\"]');")
                .await
                == json!(true)
            {
                return hop;
            }
            let from = match lifted(app).await.first() {
                Some(&sq) => sq,
                None => {
                    let sq = movable(app).await[0];
                    tap_with(app, input, sq).await;
                    sq
                }
            };
            let to = dests(app).await[0];
            assert_ne!(from, to);
            tap_with(app, input, to).await;
        }
        panic!("no end after 400 hops");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::net::TcpListener;

    /// A stand-in for tauri-driver on a free port: it reads each request
    /// whole, then answers `reply` (status line and JSON body) or, without
    /// one, closes the connection unanswered.
    fn fake_driver(reply: Option<(&'static str, &'static str)>) -> u16 {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
        let port = listener.local_addr().expect("its address").port();
        std::thread::spawn(move || {
            for mut stream in listener.incoming().flatten() {
                let mut request = Vec::new();
                let mut buf = [0u8; 4096];
                while let Ok(n @ 1..) = stream.read(&mut buf) {
                    request.extend_from_slice(&buf[..n]);
                    let text = String::from_utf8_lossy(&request);
                    if let Some(end) = text.find("\r\n\r\n") {
                        let length = text[..end]
                            .lines()
                            .find_map(|l| {
                                let (k, v) = l.split_once(':')?;
                                k.eq_ignore_ascii_case("content-length")
                                    .then(|| v.trim().parse::<usize>().ok())?
                            })
                            .unwrap_or(0);
                        if request.len() >= end + 4 + length {
                            break;
                        }
                    }
                }
                if let Some((status, body)) = reply {
                    let _ = write!(
                        stream,
                        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\n\
                         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                        body.len()
                    );
                }
            }
        });
        port
    }

    #[tokio::test]
    async fn a_session_request_dropped_unanswered_is_worth_another_launch() {
        let port = fake_driver(None);
        match new_session(port, Path::new("/no/such/app")).await {
            Err(Launch::Unanswered(why)) => assert!(why.contains("did not respond"), "{why}"),
            Err(other) => panic!("not taken for an unanswered request: {other:?}"),
            Ok(_) => panic!("a session from a server that answers nothing"),
        }
    }

    #[tokio::test]
    async fn a_session_the_driver_refuses_fails_the_launch_at_once() {
        let port = fake_driver(Some((
            "500 Internal Server Error",
            r#"{"value":{"error":"session not created","message":"no window","stacktrace":""}}"#,
        )));
        match new_session(port, Path::new("/no/such/app")).await {
            Err(Launch::Refused(why)) => assert!(why.contains("no window"), "{why}"),
            Err(other) => panic!("not taken for a refusal: {other:?}"),
            Ok(_) => panic!("a session from a server that refused one"),
        }
    }
}
