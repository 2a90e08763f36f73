//! Choko in the shell: its session (the game and the ladder) and its
//! commands, in the plugin namespace `choko`.

pub mod commands;
pub mod session;
