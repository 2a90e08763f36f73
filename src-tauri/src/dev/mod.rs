pub mod soak;
