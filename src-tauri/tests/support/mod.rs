//! The app on Tauri's mock runtime, shared by the shell's integration
//! tests: started on the documents in a directory, driven by IPC requests
//! as the page sends them.

#![allow(dead_code)]

pub mod choko;

use checkers_app_lib::{builder, context, manage_state};
use serde_json::{json, Value};
use std::fs;
use std::path::Path;
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, mock_builder, MockRuntime, INVOKE_KEY};
use tauri::webview::InvokeRequest;
use tauri::{App, Manager, WebviewWindow};

pub struct Running {
    pub app: App<MockRuntime>,
    pub page: WebviewWindow<MockRuntime>,
}

/// Start the app on the documents in `dir`.
pub fn start(dir: &Path) -> Running {
    let app = builder(mock_builder()).build(context()).unwrap();
    manage_state(app.handle(), dir);
    let page = match app.get_webview_window("main") {
        Some(w) => w,
        None => tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
            .build()
            .unwrap(),
    };
    Running { app, page }
}

impl Running {
    /// A request as the page sends it; `Err` carries the refusal.
    pub fn invoke(&self, cmd: &str, args: Value) -> Result<Value, Value> {
        let request = InvokeRequest {
            cmd: cmd.into(),
            callback: CallbackFn(0),
            error: CallbackFn(1),
            url: "tauri://localhost".parse().unwrap(),
            body: InvokeBody::Json(args),
            headers: Default::default(),
            invoke_key: INVOKE_KEY.to_string(),
        };
        get_ipc_response(&self.page, request).map(|b| b.deserialize::<Value>().unwrap())
    }

    /// What the page learns of the app and of checkers when it starts:
    /// `app_state` (the settings) and checkers' `state` (the game in
    /// progress, the records), with both notice lists in one, the app's
    /// first, each notice once.
    pub fn checkers_state(&self) -> Value {
        let app = self.invoke("app_state", json!({})).unwrap();
        let mut game = self.invoke("plugin:checkers|state", json!({})).unwrap();
        let mut notices: Vec<Value> = Vec::new();
        for n in app["notices"]
            .as_array()
            .into_iter()
            .chain(game["notices"].as_array())
            .flatten()
        {
            if !notices.contains(n) {
                notices.push(n.clone());
            }
        }
        game["settings"] = app["settings"].clone();
        game["notices"] = Value::Array(notices);
        game
    }
}

/// Every file in `dir` with its bytes, sorted by name; none when `dir` is
/// missing.
pub fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<_> = fs::read_dir(dir)
        .map(|rd| {
            rd.map(|e| {
                let e = e.unwrap();
                (
                    e.file_name().to_string_lossy().into_owned(),
                    fs::read(e.path()).unwrap(),
                )
            })
            .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// Makes something in the place of document `file` in `dir`.
pub type Make = fn(&Path, &str);

/// What a hostile disk may hold where a document should be, each with the
/// way to make it: a directory, a huge file, invalid UTF-8, a link to an
/// endless device, a dangling link, a named pipe.
pub fn hostile_files() -> Vec<(&'static str, Make)> {
    vec![
        ("a directory", |dir, file| {
            fs::create_dir_all(dir.join(file).join("x")).unwrap()
        }),
        ("a 64 MB file", |dir, file| {
            fs::File::create(dir.join(file))
                .unwrap()
                .set_len(64 << 20)
                .unwrap()
        }),
        ("invalid UTF-8", |dir, file| {
            fs::write(
                dir.join(file),
                b"{\"format\":1,\"seq\":1,\"data\":\"\xc3\x28\"}",
            )
            .unwrap()
        }),
        ("a link to an endless device", |dir, file| {
            std::os::unix::fs::symlink("/dev/zero", dir.join(file)).unwrap()
        }),
        ("a link to nothing", |dir, file| {
            std::os::unix::fs::symlink(dir.join("gone"), dir.join(file)).unwrap()
        }),
        ("a named pipe", |dir, file| {
            let status = std::process::Command::new("mkfifo")
                .arg(dir.join(file))
                .status()
                .unwrap();
            assert!(status.success());
        }),
    ]
}
