//! What the app needs besides its games: its commands and settings, the
//! crash-safe documents, the first frame and the start-up trace, and the
//! memory settings of the app and its web view.

pub mod commands;
pub mod memory;
pub mod persist;
pub mod session;
pub mod settings;
pub mod startup;
pub mod web_memory;
