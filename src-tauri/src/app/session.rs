//! The app's own session: the settings document (`settings`), kept in
//! memory and saved through [`crate::app::persist`] whenever the page
//! changes it. The games keep their own documents ([`crate::slot`]).

use crate::app::persist::{Document, SaveError};
use crate::app::settings::Settings;
use crate::slot::{report, Reply};
use serde::Serialize;
use std::path::Path;
use std::sync::{Mutex, MutexGuard, PoisonError};
use tauri::{AppHandle, Runtime};

/// File stem of the settings document.
pub const SETTINGS_DOC: &str = "settings";

/// A calm sentence the page shows about the app's own document.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum AppNotice {
    /// The settings could not be read and were moved aside.
    SettingsUnreadable,
    /// The settings cannot be written: they are not being kept.
    NotSaving,
}

/// What the page gets on start-up from the app itself.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AppState {
    pub settings: Settings,
    /// Every notice the player has not been given yet, in the order told.
    pub notices: Vec<AppNotice>,
}

struct Inner {
    settings: Settings,
    doc: Document,
    notices: Vec<AppNotice>,
    told_not_saving: bool,
}

/// The app's settings, shared by the app's commands.
pub struct AppSession {
    inner: Mutex<Inner>,
}

impl AppSession {
    /// Load the settings from `dir`: the defaults when there are none,
    /// and a notice when they could not be read or cannot be written.
    pub fn load(dir: &Path) -> AppSession {
        let loaded = Document::load(dir, SETTINGS_DOC, Settings::from_value);
        report("settings", &loaded);
        let blocked = loaded.blocked();
        let notices = [
            (blocked, AppNotice::NotSaving),
            (loaded.lost(), AppNotice::SettingsUnreadable),
        ]
        .into_iter()
        .filter_map(|(owed, notice)| owed.then_some(notice))
        .collect();
        AppSession {
            inner: Mutex::new(Inner {
                settings: loaded.value.unwrap_or_default(),
                doc: loaded.doc,
                notices,
                told_not_saving: blocked,
            }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // Nothing panics while the lock is held.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The settings, and the notices, given once.
    pub fn state(&self) -> AppState {
        let mut s = self.lock();
        AppState {
            settings: s.settings.clone(),
            notices: std::mem::take(&mut s.notices),
        }
    }

    /// Replace the settings and save them; the first save that fails says
    /// that they are not being kept.
    pub fn set<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        settings: Settings,
    ) -> Reply<Settings, AppNotice> {
        let mut s = self.lock();
        s.settings = settings;
        let value = s.settings.to_value();
        let saved: Result<(), SaveError> = s.doc.save(app, value);
        if let Err(e) = saved {
            eprintln!("settings: {e}");
            if !s.told_not_saving {
                s.told_not_saving = true;
                s.notices.push(AppNotice::NotSaving);
            }
        }
        Reply {
            value: s.settings.clone(),
            notices: std::mem::take(&mut s.notices),
        }
    }
}
