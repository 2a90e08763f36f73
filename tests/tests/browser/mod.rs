//! The page in Chromium (the engine of Android System WebView and
//! WebView2) as a phone: headless Chromium through chromedriver at
//! 360×640 CSS px, device scale 3, touch emulation (or another
//! [`Viewport`]), with the shell's real command handlers behind `invoke`
//! ([`bridge`]).
//!
//! The page in `ui/` is loaded as it is. Before any of its scripts runs,
//! a script added through DevTools (`Page.addScriptToEvaluateOnNewDocument`)
//! defines `window.__TAURI__.core.invoke` as the app's global Tauri API
//! does, sending each call to the bridge; every answer comes from the Rust
//! shell. A second script counts the sounds the page starts.

pub mod bridge;

use bridge::Bridge;
use e2e::layout::Window;
use e2e::{App, DataDir};
use fantoccini::actions::{Actions, InputSource, PointerAction, TouchActions, MOUSE_BUTTON_LEFT};
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::ClientBuilder;
use serde_json::{json, Value};
use std::net::TcpStream;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The page's `invoke` transport: the shape of `window.__TAURI__` that
/// `withGlobalTauri` gives the page (`core.invoke` resolving to the
/// command's value, rejecting with its refusal), frozen as Tauri freezes
/// it.
const TRANSPORT: &str = r#"
(() => {
  const invoke = (cmd, args = {}) =>
    fetch('/invoke', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ command: cmd, args }),
    }).then((r) => r.json().then((v) => (r.ok ? v : Promise.reject(v))));
  Object.defineProperty(window, '__TAURI__', {
    value: Object.freeze({ core: Object.freeze({ invoke }) }),
    enumerable: true,
  });
})();
"#;

/// Counts every sound source the page starts (`window.soundsStarted`).
const SOUND_PROBE: &str = r#"
(() => {
  window.soundsStarted = 0;
  const start = AudioScheduledSourceNode.prototype.start;
  AudioScheduledSourceNode.prototype.start = function (...args) {
    window.soundsStarted += 1;
    return start.apply(this, args);
  };
})();
"#;

/// A DevTools command sent through chromedriver
/// (`POST /session/{id}/goog/cdp/execute`).
#[derive(Debug)]
struct Cdp {
    cmd: String,
    params: Value,
}

impl WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/goog/cdp/execute",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        let body = json!({ "cmd": self.cmd, "params": self.params });
        (http::Method::POST, Some(body.to_string()))
    }
}

/// What a Chromium page starts with.
#[derive(Clone, Copy, Debug)]
pub struct Setup {
    /// The language setting: `None` leaves it to the system.
    pub language: Option<&'static str>,
    /// The system's languages (`navigator.languages`), as an
    /// Accept-Language list.
    pub system_languages: &'static str,
    pub sound: bool,
    /// A saved game to continue, as a PDN FEN with the player as White.
    pub saved: Option<&'static str>,
    /// The start screen opens on Choko's tab (the game last chosen).
    pub choko: bool,
    /// The window the page starts in.
    pub viewport: Viewport,
    /// The system's dark theme (`prefers-color-scheme: dark`).
    pub dark: bool,
}

/// The page's window: its size in CSS px, and whether it is a touch
/// device (a phone or a tablet: mobile viewport, touch, device scale 3 or
/// 2) or a desktop window (mouse, device scale 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    pub width: u32,
    pub height: u32,
    pub touch: bool,
}

impl Viewport {
    pub const PHONE: Viewport = Viewport {
        width: 360,
        height: 640,
        touch: true,
    };

    /// A window of `width` × `height`: a touch device below 1000 px wide.
    pub fn of(width: u32, height: u32) -> Viewport {
        Viewport {
            width,
            height,
            touch: width < 1000,
        }
    }

    /// Device pixels per CSS pixel.
    pub fn scale(self) -> f64 {
        match (self.touch, self.width < 600) {
            (true, true) => 3.0,
            (true, false) => 2.0,
            (false, _) => 1.0,
        }
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            language: Some("en"),
            system_languages: "en-US,en",
            sound: true,
            saved: None,
            choko: false,
            viewport: Viewport::PHONE,
            dark: false,
        }
    }
}

/// A phone-sized Chromium page on its own shell. The page is driven with
/// the same helpers as the app window (`e2e::play`) through [`Deref`].
pub struct Phone {
    app: Option<App>,
    driver: Child,
    pub bridge: Bridge,
    profile: tempfile::TempDir,
    _data: Option<tempfile::TempDir>,
}

impl Deref for Phone {
    type Target = App;
    fn deref(&self) -> &App {
        self.app.as_ref().expect("a page")
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A persisted document, written as the shell writes it.
fn write_doc(dir: &Path, name: &str, body: Value) {
    let doc = json!({ "format": 1, "seq": 1, "data": body });
    std::fs::write(dir.join(format!("{name}.1.json")), doc.to_string()).expect("a document");
}

/// Start chromedriver on a free port and wait until it listens.
fn start_chromedriver() -> (Child, u16) {
    let port = free_port();
    let driver = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver (apt-get install chromium chromium-driver)");
    let t = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            t.elapsed() < Duration::from_secs(30),
            "chromedriver did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (driver, port)
}

impl Phone {
    /// Start a shell on fresh documents made from `setup`, a headless
    /// Chromium as a 360×640 touch phone, and load the page.
    pub async fn open(setup: Setup) -> Phone {
        let data = tempfile::tempdir().expect("a data directory");
        write_doc(
            data.path(),
            "settings",
            json!({ "language": setup.language, "sound": setup.sound, "squareNumbers": false,
                    "game": if setup.choko { "choko" } else { "checkers" } }),
        );
        if let Some(fen) = setup.saved {
            write_doc(
                data.path(),
                "game",
                json!({ "gameId": 1, "game": {
                    "version": 1, "level": "easy", "first": "player", "fen": fen, "quiet": 0,
                    "chain": [], "lastMove": null, "playTimeMs": 0, "recorded": false } }),
            );
        }
        let dir = data.path().to_path_buf();
        Phone::start(setup, &dir, Some(data)).await
    }

    /// [`Phone::open`] on the app's documents in `data`, written as for
    /// the app window; `setup`'s language, sound and saved game are not
    /// used.
    #[allow(dead_code)] // not every test file that shares this module uses it
    pub async fn open_on(setup: Setup, data: &DataDir) -> Phone {
        Phone::start(setup, &data.app_dir(), None).await
    }

    async fn start(setup: Setup, dir: &Path, data: Option<tempfile::TempDir>) -> Phone {
        let bridge = Bridge::start(dir);
        let profile = tempfile::tempdir().expect("a browser profile");
        let (driver, port) = start_chromedriver();
        let mut phone = Phone {
            app: None,
            driver,
            bridge,
            profile,
            _data: data,
        };
        let client = phone.session(port, setup.viewport).await;
        phone.app = Some(App::attach(client, phone.profile.path().to_path_buf()));
        phone.cdp("Page.enable", json!({})).await;
        for source in [TRANSPORT, SOUND_PROBE] {
            phone
                .cdp(
                    "Page.addScriptToEvaluateOnNewDocument",
                    json!({ "source": source }),
                )
                .await;
        }
        phone.set_system_languages(setup.system_languages).await;
        let scheme = if setup.dark { "dark" } else { "light" };
        phone
            .cdp(
                "Emulation.setEmulatedMedia",
                json!({ "features": [{ "name": "prefers-color-scheme", "value": scheme }] }),
            )
            .await;
        let url = phone.bridge.url();
        phone
            .client
            .goto(&url)
            .await
            .unwrap_or_else(|e| panic!("cannot load {url}: {e}"));
        phone.wait_for("[data-screen]").await;
        let v = setup.viewport;
        phone
            .wait_until(&format!(
                "window.innerWidth === {} && window.innerHeight === {} && window.devicePixelRatio === {}",
                v.width,
                v.height,
                v.scale()
            ))
            .await;
        phone
    }

    /// Make the page's window `viewport` and wait until the page sees it.
    pub async fn set_viewport(&self, v: Viewport) {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": v.width, "height": v.height, "deviceScaleFactor": v.scale(), "mobile": v.touch }),
        )
        .await;
        self.cdp(
            "Emulation.setTouchEmulationEnabled",
            if v.touch {
                json!({ "enabled": true, "maxTouchPoints": 5 })
            } else {
                json!({ "enabled": false })
            },
        )
        .await;
        self.wait_until(&format!(
            "window.innerWidth === {} && window.innerHeight === {}",
            v.width, v.height
        ))
        .await;
    }

    /// The system's text at `scale` times its size, as a web view that
    /// follows it sees it: the default font size (16 px, 13 px for
    /// monospace) times `scale`, which the page's `rem` sizes follow.
    #[allow(dead_code)] // not every test file that shares this module uses it
    pub async fn set_text_scale(&self, scale: f64) {
        self.cdp(
            "Page.setFontSizes",
            json!({ "fontSizes": { "standard": (16.0 * scale).round(), "fixed": (13.0 * scale).round() } }),
        )
        .await;
    }

    async fn session(&self, port: u16, v: Viewport) -> fantoccini::Client {
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": "/usr/bin/chromium",
                "args": [
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--no-first-run",
                    "--autoplay-policy=no-user-gesture-required",
                    format!("--user-data-dir={}", self.profile.path().display()),
                ],
                "mobileEmulation": { "deviceMetrics": {
                    "width": v.width, "height": v.height, "pixelRatio": v.scale(), "touch": v.touch, "mobile": v.touch } },
            }),
        );
        tokio::time::timeout(
            Duration::from_secs(90),
            ClientBuilder::rustls()
                .expect("tls")
                .capabilities(caps)
                .connect(&format!("http://127.0.0.1:{port}")),
        )
        .await
        .expect("no Chromium session within 90 s")
        .unwrap_or_else(|e| panic!("Chromium session: {e}"))
    }

    /// Send a DevTools command to the page's tab; its result.
    pub async fn cdp(&self, cmd: &str, params: Value) -> Value {
        self.client
            .issue_cmd(Cdp {
                cmd: cmd.to_string(),
                params,
            })
            .await
            .unwrap_or_else(|e| panic!("{cmd}: {e}"))
    }

    /// Make the system's languages `list` (an Accept-Language list, most
    /// preferred first): `navigator.languages` from the next page load.
    pub async fn set_system_languages(&self, list: &str) {
        let agent = self.js("return navigator.userAgent;").await;
        self.cdp(
            "Emulation.setUserAgentOverride",
            json!({ "userAgent": agent, "acceptLanguage": list }),
        )
        .await;
    }

    /// How many sounds the page has started so far.
    pub async fn sounds(&self) -> u64 {
        self.js("return window.soundsStarted;")
            .await
            .as_u64()
            .expect("the sound probe")
    }

    /// Whether the page has scrolled, zoomed or selected text.
    pub async fn moved_or_selected(&self) -> Value {
        self.js("return { scrollX: window.scrollX, scrollY: window.scrollY,
                      scale: window.visualViewport.scale,
                      selected: String(document.getSelection()) };")
            .await
    }

    /// The page as it rests: not scrolled, not zoomed, nothing selected.
    pub fn at_rest() -> Value {
        json!({ "scrollX": 0, "scrollY": 0, "scale": 1, "selected": "" })
    }

    /// Perform pointer actions and release them.
    pub async fn perform(&self, actions: impl Into<Actions>) {
        self.client
            .perform_actions(actions)
            .await
            .unwrap_or_else(|e| panic!("touch actions: {e}"));
        let _ = self.client.release_actions().await;
    }

    /// Save a screenshot as `target/e2e-screenshots/chromium-<name>.png`.
    pub async fn screenshot(&self, name: &str) {
        let _ = self
            .client
            .execute_async(
                "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));",
                vec![],
            )
            .await;
        let Ok(png) = self.client.screenshot().await else {
            return;
        };
        let dir = screenshot_dir();
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(dir.join(format!("chromium-{name}.png")), png);
    }

    /// End the session (Chromium quits), then chromedriver.
    pub async fn close(mut self) {
        if let Some(app) = self.app.take() {
            let _ = app.client.clone().close().await;
        }
    }
}

impl Window for Phone {
    fn page(&self) -> &App {
        self
    }
    async fn size(&self, width: u32, height: u32) {
        self.set_viewport(Viewport::of(width, height)).await;
    }
    async fn photo(&self, name: &str) {
        self.screenshot(name).await;
    }
}

impl Drop for Phone {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.driver.id().to_string()])
            .status();
        let t = Instant::now();
        while t.elapsed() < Duration::from_secs(5) {
            if let Ok(Some(_)) = self.driver.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        // A browser left behind by a failed test: its processes name this
        // test's own profile directory.
        kill_browser(self.profile.path());
    }
}

/// Kill the processes whose command line names `profile`.
fn kill_browser(profile: &Path) {
    let needle = format!("--user-data-dir={}", profile.display());
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return;
    };
    for entry in procs.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        if cmdline
            .split(|&b| b == 0)
            .any(|arg| arg == needle.as_bytes())
        {
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
        }
    }
}

/// `target/e2e-screenshots`, beside the test binaries' profile folder.
fn screenshot_dir() -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.parent()?.join("e2e-screenshots")))
        .unwrap_or_else(|| PathBuf::from("e2e-screenshots"))
}

/// One finger pressed at `from`, moved to `to` over `glide`, lifted.
pub fn swipe(id: &str, from: (f64, f64), to: (f64, f64), glide: Duration) -> TouchActions {
    TouchActions::new(id.to_string())
        .then(PointerAction::MoveTo {
            duration: None,
            x: from.0,
            y: from.1,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::MoveTo {
            duration: Some(glide),
            x: to.0,
            y: to.1,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        })
}

/// Two fingers spreading apart around `at`, horizontally: a pinch to zoom
/// in.
pub fn pinch(at: (f64, f64)) -> Actions {
    let (x, y) = at;
    let glide = Duration::from_millis(400);
    let left = (x - 20.0).max(2.0);
    let right = (x + 20.0).min(358.0);
    Actions::from(swipe("f1", (left, y), ((x - 150.0).max(1.0), y), glide)).and(swipe(
        "f2",
        (right, y),
        ((x + 150.0).min(359.0), y),
        glide,
    ))
}
