pub mod persist;
pub mod settings;
pub mod startup;
pub mod memory;
pub mod web_memory;
