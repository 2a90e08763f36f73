pub mod session;
pub mod commands;
