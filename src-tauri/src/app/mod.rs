pub mod persist;
pub mod settings;
