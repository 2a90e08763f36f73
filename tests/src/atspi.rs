//! The window as a screen reader on Linux meets it: a private session bus
//! (which starts the accessibility bus of at-spi2-core on demand), the app
//! started on it, and a reader on the accessibility bus (`tests/atspi/client.py`,
//! on Debian's python3-gi and gir1.2-atspi-2.0) that answers what the tree
//! holds and hands over the events that arrived.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// A session bus of its own for one test, stopped at the end.
pub struct Bus {
    daemon: Child,
    pub address: String,
}

impl Bus {
    pub fn start() -> Bus {
        let mut daemon = Command::new("dbus-daemon")
            .args(["--session", "--nofork", "--print-address=1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("dbus-daemon (apt-get install dbus)");
        let mut line = String::new();
        BufReader::new(daemon.stdout.take().expect("the bus's address"))
            .read_line(&mut line)
            .expect("the bus's address");
        let address = line.trim().to_string();
        assert!(address.starts_with("unix:"), "no bus address: {line:?}");
        Bus { daemon, address }
    }

    /// What the app and the reader need to meet on this bus.
    pub fn env(&self) -> Vec<(String, String)> {
        vec![
            ("DBUS_SESSION_BUS_ADDRESS".into(), self.address.clone()),
            ("DISPLAY".into(), crate::display()),
        ]
    }
}

impl Drop for Bus {
    fn drop(&mut self) {
        // The accessibility bus's launcher leaves with the session bus.
        let _ = self.daemon.kill();
        let _ = self.daemon.wait();
    }
}

/// One object of the tree: its role, name and states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub role: String,
    pub name: String,
    pub states: Vec<String>,
}

impl Node {
    pub fn has(&self, state: &str) -> bool {
        self.states.iter().any(|s| s == state)
    }
}

/// One event from the accessibility bus.
#[derive(Clone, Debug)]
pub struct Event {
    /// `object:text-changed:insert`, `object:active-descendant-changed`, ...
    pub kind: String,
    /// The role and name of the object that sent it.
    pub role: String,
    pub name: String,
    /// What the event carries: inserted text, an announcement, or the name
    /// (else the text) of the object it points at: the new active
    /// descendant, the child added.
    pub data: String,
    /// For `children-changed`: the politeness of the live region the
    /// sender is in ("polite", "assertive"), else "".
    pub live: String,
    /// When it arrived (seconds on the reader's monotonic clock).
    pub time: f64,
}

/// What to look for in the page: a role, a name (a regular expression),
/// states it must have, object attributes (such as `container-live`).
#[derive(Clone, Debug, Default)]
pub struct Query {
    pub role: Option<&'static str>,
    pub name: Option<String>,
    pub states: Vec<&'static str>,
    pub attrs: Vec<(&'static str, &'static str)>,
    pub showing: bool,
    /// Only inside the first object that matches this.
    pub within: Option<Box<Query>>,
}

impl Query {
    pub fn role(role: &'static str) -> Query {
        Query {
            role: Some(role),
            showing: true,
            ..Query::default()
        }
    }

    pub fn name(mut self, re: &str) -> Query {
        self.name = Some(re.to_string());
        self
    }

    pub fn state(mut self, s: &'static str) -> Query {
        self.states.push(s);
        self
    }

    pub fn attr(mut self, k: &'static str, v: &'static str) -> Query {
        self.attrs.push((k, v));
        self
    }

    pub fn within(mut self, q: Query) -> Query {
        self.within = Some(Box::new(q));
        self
    }

    /// Any object on screen.
    pub fn any() -> Query {
        Query {
            showing: true,
            ..Query::default()
        }
    }

    fn request(&self, op: &str) -> Value {
        let mut r = json!({ "op": op, "showing": self.showing });
        if let Some(role) = self.role {
            r["role"] = json!(role);
        }
        if let Some(name) = &self.name {
            r["name"] = json!(name);
        }
        if !self.states.is_empty() {
            r["states"] = json!(self.states);
        }
        if !self.attrs.is_empty() {
            r["attrs"] = self
                .attrs
                .iter()
                .map(|(k, v)| (k.to_string(), json!(v)))
                .collect::<serde_json::Map<_, _>>()
                .into();
        }
        if let Some(w) = &self.within {
            r["within"] = w.request(op);
        }
        r
    }
}

/// The reader on the accessibility bus.
pub struct Reader {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// Every event handed over so far, in order.
    pub seen: Vec<Event>,
}

fn script() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("atspi/client.py")
}

impl Reader {
    /// Start listening on `bus` (before the app starts, so no event is
    /// missed) and wait until the app `name` shows its page.
    pub fn start(bus: &Bus) -> Reader {
        // Debian's Python: the GObject bindings and Atspi's typelib are
        // packages of the system.
        let mut child = Command::new("/usr/bin/python3")
            .arg("-B")
            .arg(script())
            .envs(bus.env())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("/usr/bin/python3 (apt-get install python3-gi gir1.2-atspi-2.0)");
        let input = child.stdin.take().expect("reader's input");
        let output = BufReader::new(child.stdout.take().expect("reader's output"));
        let mut reader = Reader {
            child,
            input,
            output,
            seen: Vec::new(),
        };
        let ready = reader.read_line();
        assert_eq!(ready["ready"], json!(true), "reader: {ready}");
        reader
    }

    fn read_line(&mut self) -> Value {
        let mut line = String::new();
        let n = self.output.read_line(&mut line).expect("reader's answer");
        assert!(
            n > 0,
            "the AT-SPI reader stopped (are python3-gi and gir1.2-atspi-2.0 installed?)"
        );
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("reader said {line:?}: {e}"))
    }

    fn ask(&mut self, req: Value) -> Value {
        tokio::task::block_in_place(|| {
            writeln!(self.input, "{req}").expect("reader's input");
            self.input.flush().expect("reader's input");
            let answer = self.read_line();
            if let Some(e) = answer.get("error") {
                panic!("AT-SPI reader, {req}: {e}");
            }
            answer["ok"].clone()
        })
    }

    /// Wait until the application `name` is on the bus with its page.
    pub fn wait_app(&mut self, name: &str) {
        self.ask(json!({ "op": "wait_app", "name": name, "timeout": 60 }));
    }

    /// The objects of the page that match `q`, in tree order.
    pub fn find(&mut self, q: &Query) -> Vec<Node> {
        let v = self.ask(q.request("find"));
        v.as_array()
            .expect("a list")
            .iter()
            .map(|n| Node {
                role: n["role"].as_str().unwrap_or_default().to_string(),
                name: n["name"].as_str().unwrap_or_default().to_string(),
                states: n["states"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|s| s.as_str().map(str::to_string))
                    .collect(),
            })
            .collect()
    }

    /// The text of the first object that matches `q` (its text, or the
    /// text of what it holds).
    pub fn text(&mut self, q: &Query) -> String {
        self.ask(q.request("text"))
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// The events that arrived since the last call (also kept in `seen`).
    pub fn events(&mut self) -> Vec<Event> {
        let v = self.ask(json!({ "op": "events" }));
        let new: Vec<Event> = v
            .as_array()
            .expect("a list")
            .iter()
            .map(|e| Event {
                kind: e["type"].as_str().unwrap_or_default().to_string(),
                role: e["role"].as_str().unwrap_or_default().to_string(),
                name: e["name"].as_str().unwrap_or_default().to_string(),
                data: e["data"].as_str().unwrap_or_default().to_string(),
                live: e["live"].as_str().unwrap_or_default().to_string(),
                time: e["time"].as_f64().unwrap_or_default(),
            })
            .collect();
        self.seen.extend(new.iter().cloned());
        new
    }

    /// Poll the tree until `f` gives something, for at most `secs` seconds.
    pub async fn wait<T>(
        &mut self,
        secs: u64,
        what: &str,
        mut f: impl FnMut(&mut Reader) -> Option<T>,
    ) -> T {
        let t = Instant::now();
        loop {
            if let Some(v) = f(self) {
                return v;
            }
            assert!(
                t.elapsed() < Duration::from_secs(secs),
                "timed out waiting for {what}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for Reader {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The events of a game as a screen reader hears them, in order: what
/// live regions add, and everything else that came in between.
#[derive(Default)]
pub struct Heard {
    queue: std::collections::VecDeque<Event>,
    /// Texts said while [`Heard::next_event`] waited for something else.
    said: std::collections::VecDeque<String>,
    /// The events passed over since [`Heard::take_between`] was last called.
    between: Vec<Event>,
}

/// A polite live region added an object: the event carries its text.
fn is_said(e: &Event) -> bool {
    e.kind == "object:children-changed:add" && e.live == "polite" && !e.data.is_empty()
}

impl Heard {
    /// The next text a polite live region adds (`children-changed:add`
    /// carrying it), waiting at most `secs` seconds.
    pub async fn next_said(&mut self, r: &mut Reader, secs: u64) -> String {
        let t = Instant::now();
        loop {
            if let Some(s) = self.said.pop_front() {
                return s;
            }
            while let Some(e) = self.queue.pop_front() {
                if is_said(&e) {
                    return e.data;
                }
                self.between.push(e);
            }
            assert!(
                t.elapsed() < Duration::from_secs(secs),
                "no live region said anything within {secs} s; heard {:#?}",
                self.between
            );
            tokio::time::sleep(Duration::from_millis(30)).await;
            self.queue.extend(r.events());
        }
    }

    /// The next event that satisfies `want`, waiting at most `secs` seconds.
    pub async fn next_event(
        &mut self,
        r: &mut Reader,
        secs: u64,
        what: &str,
        want: impl Fn(&Event) -> bool,
    ) -> Event {
        let t = Instant::now();
        loop {
            while let Some(e) = self.queue.pop_front() {
                if want(&e) {
                    return e;
                }
                if is_said(&e) {
                    self.said.push_back(e.data);
                } else {
                    self.between.push(e);
                }
            }
            assert!(
                t.elapsed() < Duration::from_secs(secs),
                "no event for {what} within {secs} s"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
            self.queue.extend(r.events());
        }
    }

    /// Take in every event that arrived, keeping what was said: what comes
    /// next is what follows.
    pub fn settle(&mut self, r: &mut Reader) {
        self.queue.extend(r.events());
        while let Some(e) = self.queue.pop_front() {
            if is_said(&e) {
                self.said.push_back(e.data);
            } else {
                self.between.push(e);
            }
        }
    }

    /// The other events heard since the last call.
    pub fn take_between(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.between)
    }

    /// Forget what was heard until now.
    pub fn clear(&mut self, r: &mut Reader) {
        r.events();
        self.queue.clear();
        self.said.clear();
        self.between.clear();
    }
}

/// The object with the keyboard focus (the deepest focused one: the
/// active descendant of a focused grid), if any.
pub fn focused(r: &mut Reader) -> Option<Node> {
    r.find(&Query::any().state("focused"))
        .into_iter()
        .rfind(|n| !n.role.starts_with("document"))
}

/// Press `key` (sent to the focused element, as a keyboard does) until
/// the focused object satisfies `want`, at most `max` times.
pub async fn press_until(
    app: &crate::App,
    r: &mut Reader,
    key: char,
    max: usize,
    what: &str,
    want: impl Fn(&Node) -> bool,
) -> Node {
    for _ in 0..max {
        if let Some(n) = focused(r) {
            if want(&n) {
                return n;
            }
        }
        app.press(key).await;
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
    panic!(
        "{what}: not focused after {max} presses; focus on {:?}",
        focused(r)
    );
}

/// Every object on screen that takes the focus has a name: a screen
/// reader has something to say for each Tab stop.
pub fn assert_all_named(r: &mut Reader, screen: &str) {
    let unnamed: Vec<Node> = r
        .find(&Query::any().state("focusable"))
        .into_iter()
        .filter(|n| n.name.trim().is_empty() && !n.role.starts_with("document"))
        .collect();
    assert!(
        unnamed.is_empty(),
        "{screen}: focusable objects without a name: {unnamed:#?}"
    );
}
