pub mod persist;
