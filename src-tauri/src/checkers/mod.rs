//! Checkers in the shell: its session (the game, the records, the playing
//! time) and its commands, in the plugin namespace `checkers`.

pub mod commands;
pub mod session;
