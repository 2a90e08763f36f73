// No console window behind the app in release builds on Windows.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    // First, while this is the only thread: it may set an environment
    // variable that WebKitGTK reads when it starts.
    checkers_app_lib::app::startup::choose_renderer();
    checkers_app_lib::run()
}
