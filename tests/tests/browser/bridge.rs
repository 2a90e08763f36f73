//! The shell behind the page in Chromium: the app's real command handlers
//! on Tauri's mock runtime, with its documents in a temporary directory,
//! answering the page's `invoke` calls over HTTP on 127.0.0.1. The same
//! server hands out the files of `ui/` as they are.
//!
//! `POST /invoke` with `{ "command": name, "args": {…} }` as its JSON body
//! (a command's name may hold `:` and `|`: `plugin:choko|play`) answers 200
//! and the command's value, or 400 and the refusal exactly as Tauri's IPC
//! rejects it (a shell refusal `{ code, message }`, an argument refusal as
//! a sentence). Any other request is a `GET` of a file under `ui/`.

use checkers_app_lib::{builder, context, manage_state};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, mock_builder, MockRuntime, INVOKE_KEY};
use tauri::webview::InvokeRequest;
use tauri::{App, Manager, WebviewWindow};

/// The page's files.
fn ui_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui")
}

/// A running shell and the server in front of it. The server's threads
/// end with the test process.
pub struct Bridge {
    pub port: u16,
    /// Every command the page invoked, in order.
    calls: Arc<Mutex<Vec<String>>>,
    _app: App<MockRuntime>,
}

impl Bridge {
    /// Start the shell on the documents in `data` (the directory the app
    /// keeps its files in) and serve it on a free port.
    pub fn start(data: &Path) -> Bridge {
        let app = builder(mock_builder())
            .build(context())
            .expect("the app on the mock runtime");
        manage_state(app.handle(), data);
        let page = match app.get_webview_window("main") {
            Some(w) => w,
            None => tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
                .build()
                .expect("a mock window"),
        };
        let listener = TcpListener::bind("127.0.0.1:0").expect("a port for the bridge");
        let port = listener.local_addr().expect("its address").port();
        let calls = Arc::new(Mutex::new(Vec::new()));
        let log = calls.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let page = page.clone();
                let log = log.clone();
                std::thread::spawn(move || serve(stream, &page, &log));
            }
        });
        Bridge {
            port,
            calls,
            _app: app,
        }
    }

    /// The page's address.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/index.html", self.port)
    }

    /// The commands invoked so far.
    pub fn calls(&self) -> Vec<String> {
        self.calls.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

/// One request as the server reads it.
struct Request {
    method: String,
    path: String,
    body: Vec<u8>,
}

fn read_request(stream: &TcpStream) -> Option<Request> {
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    let mut parts = line.split_whitespace();
    let method = parts.next()?.to_string();
    let path = parts.next()?.to_string();
    let mut length = 0;
    loop {
        let mut header = String::new();
        reader.read_line(&mut header).ok()?;
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((k, v)) = header.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                length = v.trim().parse().ok()?;
            }
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    Some(Request { method, path, body })
}

fn respond(mut stream: &TcpStream, status: &str, kind: &str, body: &[u8]) {
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body);
    let _ = stream.flush();
}

fn serve(stream: TcpStream, page: &WebviewWindow<MockRuntime>, log: &Mutex<Vec<String>>) {
    let Some(request) = read_request(&stream) else {
        return;
    };
    if request.path == "/invoke" {
        if request.method != "POST" {
            return respond(&stream, "405 Method Not Allowed", "text/plain", b"");
        }
        let body: Value = serde_json::from_slice(&request.body).unwrap_or(Value::Null);
        let command = body["command"].as_str().unwrap_or_default().to_string();
        let args = body.get("args").cloned().unwrap_or(Value::Null);
        log.lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(command.clone());
        let (status, value) = match invoke(page, &command, args) {
            Ok(v) => ("200 OK", v),
            Err(e) => ("400 Bad Request", e),
        };
        return respond(
            &stream,
            status,
            "application/json",
            value.to_string().as_bytes(),
        );
    }
    let path = request.path.split(['?', '#']).next().unwrap_or("/");
    let path = if path == "/" { "/index.html" } else { path };
    if path.split('/').any(|part| part == "..") {
        return respond(&stream, "404 Not Found", "text/plain", b"");
    }
    let file = ui_dir().join(path.trim_start_matches('/'));
    match std::fs::read(&file) {
        Ok(bytes) => respond(&stream, "200 OK", mime(&file), &bytes),
        Err(_) => respond(&stream, "404 Not Found", "text/plain", b""),
    }
}

/// The content type the page's files need (module scripts are refused
/// without a JavaScript type).
fn mime(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

/// A command through the app's real invoke handler, as the page's IPC
/// sends it; `Err` carries the refusal.
fn invoke(page: &WebviewWindow<MockRuntime>, command: &str, args: Value) -> Result<Value, Value> {
    let request = InvokeRequest {
        cmd: command.into(),
        callback: CallbackFn(0),
        error: CallbackFn(1),
        url: "tauri://localhost".parse().expect("the app's origin"),
        body: InvokeBody::Json(args),
        headers: Default::default(),
        invoke_key: INVOKE_KEY.to_string(),
    };
    get_ipc_response(page, request).map(|body| body.deserialize::<Value>().unwrap_or(Value::Null))
}
